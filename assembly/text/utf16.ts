// Spans leave the core as JavaScript string indices (UTF-16 code units), because users slice the
// string they passed in. The core works in UTF-8 bytes, so byte offsets are rewritten once, in place.

/**
 * Rewrite `count` ascending u32 byte offsets at `offsets` into UTF-16 indices of the UTF-8 text at
 * `text`. One pass over the text; offsets must be non-decreasing and lie on character boundaries.
 */
export function utf16Offsets(text: usize, len: usize, offsets: usize, count: usize): void {
  let byte: usize = 0
  let units: u32 = 0
  for (let i: usize = 0; i < count; i++) {
    const slot = offsets + (i << 2)
    const target = <usize>load<u32>(slot)
    while (byte < target && byte < len) {
      const b = load<u8>(text + byte)
      // Lead bytes start a character; a 4-byte sequence is a surrogate pair (2 units).
      if ((b & 0xc0) != 0x80) units += b >= 0xf0 ? 2 : 1
      byte++
    }
    store<u32>(slot, units)
  }
}
