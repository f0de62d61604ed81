// Lower-casing UTF-8 text of Latin-1 characters in place, as String.prototype.toLowerCase lower-cases
// them (each to one character of the same UTF-8 length): A-Z, and À-Þ but × (0xC3 0x80-0x9E, not 0x97).
// The text is written to memory as it is and lower-cased here, instead of making a lower-cased copy of
// a long string in JavaScript first (prompt_manipulation's de-obfuscated text, written in pieces).

/**
 * Lower-case the UTF-8 bytes [ptr, ptr+len) in place; the text must hold no character past U+00FF
 * (whose lower case this does not know). 16 bytes a step: a byte's lead byte is the byte before it,
 * which lower-casing never changes (0xC3 is neither a capital nor a continuation byte).
 */
export function lowerLatin1(ptr: usize, len: usize): void {
  const A = i8x16.splat(0x41)
  const LETTERS = i8x16.splat(26)
  const CONT = i8x16.splat(<i8>0x80)
  const CAPS = i8x16.splat(0x1f)
  const TIMES = i8x16.splat(<i8>0x97)
  const LEAD = i8x16.splat(<i8>0xc3)
  const CASE = i8x16.splat(0x20)
  let i: usize = 0
  for (; i + 16 <= len; i += 16) {
    const v = v128.load(ptr + i)
    // The bytes before these 16 (none before the first).
    let prev = v128.load(ptr + i - 1)
    if (i == 0) prev = i8x16.replace_lane(prev, 0, 0)
    const upper = i8x16.lt_u(i8x16.sub(v, A), LETTERS)
    const latin = v128.and(v128.and(i8x16.eq(prev, LEAD), i8x16.lt_u(i8x16.sub(v, CONT), CAPS)), i8x16.ne(v, TIMES))
    v128.store(ptr + i, i8x16.add(v, v128.and(v128.or(upper, latin), CASE)))
  }
  for (; i < len; i++) {
    const c = <u32>load<u8>(ptr + i)
    if (c - 0x41 < 26) store<u8>(ptr + i, <u8>(c | 0x20))
    else if (i > 0 && c >= 0x80 && c <= 0x9e && c != 0x97 && load<u8>(ptr + i - 1) == 0xc3) store<u8>(ptr + i, <u8>(c + 0x20))
  }
}
