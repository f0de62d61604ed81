// Bump allocator for everything the core touches. The core never uses `new`: the stub runtime
// would never free it. Instead each call resets `top` to `base`, so memory in use is bounded by the
// largest single call and stays flat however many calls are made.
// `base` only moves up for long-lived tables built once at load time (see `arenaKeep`).

let base: usize = (__heap_base + 15) & ~(<usize>15)
let top: usize = base
// The highest address ever handed out. Memory above it has never been written: an instance's memory
// starts zeroed and grows zeroed, so a table kept there needs no clearing (arenaKeepZeroed).
let touched: usize = base

function ensure(end: usize): void {
  const have = (<usize>memory.size()) << 16
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >>> 16)
    if (memory.grow(pages) < 0) unreachable()
  }
}

/** Forget every per-call allocation. */
export function arenaReset(): void {
  top = base
}

/** Reserve `size` bytes, 16-byte aligned, until the next `arenaReset`. */
export function arenaAlloc(size: usize): usize {
  const ptr = (top + 15) & ~(<usize>15)
  const end = ptr + size
  ensure(end)
  top = end
  if (end > touched) touched = end
  return ptr
}

/** Reserve `size` bytes for the life of the instance (tables built at load). Call between calls only. */
export function arenaKeep(size: usize): usize {
  const ptr = arenaAlloc(size)
  base = (top + 15) & ~(<usize>15)
  top = base
  return ptr
}

/**
 * `arenaKeep` of memory that reads as zero. Clearing is skipped where no call has written yet: clearing
 * the tokeniser's 1.1 MB memo touched every page of it, and was half of a `load()`.
 */
export function arenaKeepZeroed(size: usize): usize {
  const fresh = ((top + 15) & ~(<usize>15)) >= touched
  const ptr = arenaKeep(size)
  if (!fresh) memory.fill(ptr, 0, size)
  return ptr
}

/** The current top of the per-call arena, for `arenaRelease`. */
export function arenaMark(): usize {
  return top
}

/** Give back everything reserved since `mark` (scratch of one step of a loop). */
export function arenaRelease(mark: usize): void {
  if (mark >= base && mark <= top) top = mark
}
