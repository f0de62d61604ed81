"""Trains the toxicity capacity-experiment head (see scripts/train/toxicity-nn.mjs, which calls this).

    /usr/bin/python3 scripts/train/toxicity-nn.py in.json out.bin glove.tsv

in.json: {"nn": settings, "rows": [[bucket ids], [GloVe row ids], label, weight], ...]}.
out.bin: float32 little-endian: embeddings (2^bits x dim), hidden weights (hidden x input, input =
dim [+ 100 GloVe]), hidden biases, output weights, output bias, then the GloVe matrix (20,000 x 100)
when used. Deterministic: fixed seeds, 2 threads, fixed-order shuffles.
"""
import json
import sys
import time

import torch

torch.set_num_threads(2)
torch.use_deterministic_algorithms(True)


def main():
    started = time.time()
    cfg = json.load(open(sys.argv[1]))
    nn = cfg["nn"]
    rows = cfg["rows"]
    torch.manual_seed(nn["seed"])
    gen = torch.Generator().manual_seed(nn["seed"])
    size, dim, hidden = 1 << nn["bits"], nn["dim"], nn["hidden"]
    use_glove = nn["glove"]
    glove = None
    if use_glove:
        vecs = []
        for line in open(sys.argv[3], encoding="utf8"):
            if "\t" in line:
                vecs.append([float(v) for v in line.split("\t")[1].split()])
        glove = torch.tensor(vecs, dtype=torch.float32)

    emb = torch.nn.Parameter(torch.randn(size, dim, generator=gen) * 0.1)
    in_dim = dim + (100 if use_glove else 0)
    l1 = torch.nn.Linear(in_dim, hidden)
    l2 = torch.nn.Linear(hidden, 1)
    # One dense Adam over everything: with batches of a few hundred rows the per-step cost is small, and
    # this build's EmbeddingBag/SparseAdam backward cost ~0.2 s a step.
    opts = [torch.optim.Adam([emb] + list(l1.parameters()) + list(l2.parameters()), lr=nn["lr"])]

    y = torch.tensor([r[2] for r in rows], dtype=torch.float32)
    w = torch.tensor([r[3] for r in rows], dtype=torch.float32)

    def mean_bag(table, index, col):
        """Mean of the table's rows listed in column `col` of each row (zero for none)."""
        flat, seg, count = [], [], []
        for k, i in enumerate(index):
            ids = rows[i][col]
            flat.extend(ids)
            seg.extend([k] * len(ids))
            count.append(max(1, len(ids)))
        out = torch.zeros(len(index), table.shape[1]).index_add(0, torch.tensor(seg, dtype=torch.long), table[torch.tensor(flat, dtype=torch.long)])
        return out / torch.tensor(count, dtype=torch.float32)[:, None]

    def logits(index):
        x = mean_bag(emb, index, 0)
        if use_glove:
            x = torch.cat([x, mean_bag(glove, index, 1)], 1)
        return l2(torch.relu(l1(x))).squeeze(1)

    n = len(rows)
    for epoch in range(nn["epochs"]):
        order = torch.randperm(n, generator=gen).tolist()
        total = 0.0
        for s in range(0, n, nn["batch"]):
            index = order[s : s + nn["batch"]]
            z = logits(index)
            loss = (torch.nn.functional.binary_cross_entropy_with_logits(z, y[index], reduction="none") * w[index]).mean()
            for opt in opts:
                opt.zero_grad()
            loss.backward()
            for opt in opts:
                opt.step()
            total += loss.item() * len(index)
        print(f"toxicity-nn: epoch {epoch + 1} loss {total / n:.4f} ({time.time() - started:.0f} s)", file=sys.stderr)

    parts = [emb, l1.weight, l1.bias, l2.weight, l2.bias]
    if use_glove:
        parts.append(glove)
    out = torch.cat([p.detach().reshape(-1) for p in parts]).to(torch.float32)
    open(sys.argv[2], "wb").write(out.numpy().astype("<f4").tobytes())


main()
