"""Soft-alignment pair model (decomposable attention: align, compare, aggregate) over Litmus's own word
vectors (src/models/vectors.generated.ts: GloVe 6B projected to 64 dims, int8), measured across sources
against the lexical alignment of faithfulness. An experiment: nothing here ships unless it beats the
lexical head on eval/grounded-loso.mjs's table.

The statement side attends to the context side only (each statement word over the context words), so a
statement costs time linear in the context. Heads: entailed / neutral / contradicted.

  node scripts/train/pair-data.mjs /tmp/pair-data
  /usr/bin/python3 scripts/train/pair-attention.py /tmp/pair-data/pairs.jsonl

Deterministic: fixed seeds, 2 threads, fixed epochs; rows in file order.
"""
import base64, json, math, re, sys, random
import numpy as np
import torch
import torch.nn as nn

torch.set_num_threads(2)
torch.manual_seed(0)
random.seed(0)
np.random.seed(0)

SRC = open('src/models/vectors.generated.ts', encoding='utf8').read()
def const(name):
    m = re.search(r'export const ' + name + r'[^=]*=\s*(.*?)\n', SRC)
    v = m.group(1).strip()
    if v.startswith("'"):
        return v[1:-1]
    return json.loads(v)
VOCAB = const('VOCAB').split('\n')
DIMS = const('DIMS')
VEC = np.frombuffer(base64.b64decode(const('VECTORS')), dtype=np.int8).reshape(-1, DIMS).astype(np.float32)
VEC /= np.maximum(np.linalg.norm(VEC, axis=1, keepdims=True), 1e-6)
INDEX = {w: i for i, w in enumerate(VOCAB)}
UNK = len(VOCAB)
EMB = np.vstack([VEC, np.zeros((1, DIMS), np.float32)])
WORD = re.compile(r"[a-z0-9]+|n't")

def ids(text, cap):
    out = []
    for w in WORD.findall(text.lower().replace("’", "'")):
        if w == "n't":
            w = 'not'
        out.append(INDEX.get(w, UNK))
        if len(out) >= cap:
            break
    return out or [UNK]

class Pair(nn.Module):
    def __init__(self, h=48):
        super().__init__()
        self.emb = nn.Embedding.from_pretrained(torch.tensor(EMB), freeze=True)
        self.f = nn.Sequential(nn.Linear(DIMS, h), nn.ReLU())
        # compare: [a, beta, a - beta, a * beta, exact] -> h
        self.g = nn.Sequential(nn.Linear(4 * DIMS + 1, h), nn.ReLU())
        self.out = nn.Sequential(nn.Linear(2 * h, 32), nn.ReLU(), nn.Linear(32, 3))

    def forward(self, a, am, b, bm):
        A = self.emb(a)
        B = self.emb(b)
        e = torch.bmm(self.f(A), self.f(B).transpose(1, 2))
        e = e.masked_fill(~bm[:, None, :], -1e9)
        beta = torch.bmm(torch.softmax(e, dim=2), B)
        exact = ((a[:, :, None] == b[:, None, :]) & bm[:, None, :] & (a[:, :, None] != UNK)).any(2).float()[..., None]
        v = self.g(torch.cat([A, beta, A - beta, A * beta, exact], 2)) * am[..., None]
        n = am.sum(1, keepdim=True).clamp(min=1)
        mean = v.sum(1) / n
        mx = v.masked_fill(~am[..., None], -1e9).max(1).values
        return self.out(torch.cat([mean, mx], 1))

def batch(rows, acap, bcap):
    A = [ids(r['a'], acap) for r in rows]
    B = [ids(r['b'], bcap) for r in rows]
    la = max(map(len, A)); lb = max(map(len, B))
    a = torch.full((len(rows), la), UNK, dtype=torch.long); b = torch.full((len(rows), lb), UNK, dtype=torch.long)
    am = torch.zeros((len(rows), la), dtype=torch.bool); bm = torch.zeros((len(rows), lb), dtype=torch.bool)
    for i, (x, y) in enumerate(zip(A, B)):
        a[i, :len(x)] = torch.tensor(x); am[i, :len(x)] = True
        b[i, :len(y)] = torch.tensor(y); bm[i, :len(y)] = True
    return a, am, b, bm

def train(rows, epochs=6, seed=0):
    torch.manual_seed(seed)
    rng = random.Random(seed)
    m = Pair()
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], lr=2e-3)
    # each source the same weight, as the lexical head
    src = {}
    for r in rows:
        src[r['source']] = src.get(r['source'], 0) + 1
    for ep in range(epochs):
        order = list(range(len(rows)))
        rng.shuffle(order)
        for k in range(0, len(order), 64):
            chunk = [rows[i] for i in order[k:k + 64]]
            a, am, b, bm = batch(chunk, 60, 160)
            y = torch.tensor([r['cls'] for r in chunk])
            w = torch.tensor([len(rows) / (len(src) * src[r['source']]) for r in chunk])
            loss = (nn.functional.cross_entropy(m(a, am, b, bm), y, reduction='none') * w).mean()
            opt.zero_grad(); loss.backward(); opt.step()
    return m

def auc(scores, labels):
    pos = [s for s, y in zip(scores, labels) if y == 1]
    neg = [s for s, y in zip(scores, labels) if y == 0]
    if not pos or not neg:
        return float('nan')
    allv = sorted([(s, 1) for s in pos] + [(s, 0) for s in neg])
    rank = 0.0; i = 0; sp = 0.0
    while i < len(allv):
        j = i
        while j < len(allv) and allv[j][0] == allv[i][0]:
            j += 1
        mid = (i + j + 1) / 2
        sp += mid * sum(1 for k in range(i, j) if allv[k][1] == 1)
        i = j
    return (sp - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))

@torch.no_grad()
def p_entail(m, rows):
    m.eval()
    out = []
    for k in range(0, len(rows), 32):
        a, am, b, bm = batch(rows[k:k + 32], 80, 800)
        out += torch.softmax(m(a, am, b, bm), 1)[:, 0].tolist()
    m.train()
    return out

rows = [json.loads(l) for l in open(sys.argv[1], encoding='utf8')]
TRAIN_SOURCES = sys.argv[2].split(',') if len(sys.argv) > 2 else ['BEGIN', 'HaluEval QA', 'Breaking NLI (en)']
train_rows = [r for r in rows if r['split'] == 'train' and r['source'] in TRAIN_SOURCES]
evals = {}
for r in rows:
    if r['split'] == 'eval':
        evals.setdefault(r['source'], []).append(r)
full = train(train_rows)
print('| source | soft alignment, source left out | soft alignment, full mix |')
print('|---|---|---|')
for name, ev in evals.items():
    y = [r['y'] for r in ev]
    left = '–'
    if name in TRAIN_SOURCES:
        m = train([r for r in train_rows if r['source'] != name])
        left = '%.3f' % auc(p_entail(m, ev), y)
    print('| %s | %s | %.3f |' % (name, left, auc(p_entail(full, ev), y)), flush=True)
