// Typed arrays carved from shared buffers. A typed array of more than 64 bytes is a buffer outside V8's
// heap: its allocation, zeroing and tracking by the collector cost more than the work on a short text's
// arrays (answer relevancy's word vectors: three texts a call). A slab hands out zeroed pieces of one large
// buffer instead, each piece once: a piece kept after its call keeps its buffer alive and stays its own.
// (Pieces for a statement's few term weights measured slower than plain arrays: small ones stay plain.)
type Typed = Float32Array | Float64Array | Int32Array

/** Bytes up to which V8 keeps a typed array's elements in the heap, where allocating one is cheaper than a piece. */
const IN_HEAP = 64

/**
 * A function giving zeroed arrays of `n` elements as pieces of buffers of `size` elements (a request
 * of more than `size` elements, or of at most IN_HEAP bytes, gets an array of its own).
 */
export function slab<T extends Typed>(make: (n: number) => T, size: number): (n: number) => T {
  let buffer = make(0)
  let top = 0
  const small = IN_HEAP / buffer.BYTES_PER_ELEMENT
  return (n) => {
    if (n > size || n <= small) return make(n)
    if (top + n > buffer.length) {
      buffer = make(size)
      top = 0
    }
    top += n
    return buffer.subarray(top - n, top) as T
  }
}
