// PLACEHOLDER until the syllable work lands: counts vowel groups. Replaced by rules + exception table.

/** Syllables in the word at [ptr, ptr+len) (UTF-8, any case). At least 1 for a non-empty word. */
export function countSyllables(ptr: usize, len: usize): i32 {
  let count = 0
  let prevVowel = false
  for (let i: usize = 0; i < len; i++) {
    const c = load<u8>(ptr + i) | 0x20
    const vowel = c == 0x61 || c == 0x65 || c == 0x69 || c == 0x6f || c == 0x75 || c == 0x79
    if (vowel && !prevVowel) count++
    prevVowel = vowel
  }
  return count > 0 ? count : 1
}
