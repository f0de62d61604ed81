// Folding applied before the PII scan to text written to dodge it: full-width forms (０-９, Ａ-Ｚ, ＠)
// and the digits of other scripts (٠-٩, ۰-۹, ०-९, ๐-๙, ...) become ASCII, invisible characters inside a
// value (zero-width space, word joiner, BOM, soft hyphen, direction marks) are removed, and Cyrillic letters that look Latin are read as Latin inside a
// token that also holds ASCII letters, digits or '@' ("jоhn@example.com" with a Cyrillic о).
//
// Folding keeps the UTF-16 length, so indices stay valid; removal does not, so the result carries a
// map from each index of the folded text to the original. Entities found in the folded text are
// mapped back and their `string` is taken from the original. Pure-ASCII text (the usual case, known
// from the UTF-8 encoding the scan needs anyway) never reaches this module; other text pays one
// regular-expression test, and the fold itself only when that test finds something to fold.

/** Characters this module folds or removes; a text without any is scanned as it is. */
const NEEDS =
  /[\u060c\u061b\u0660-\u0669\u06f0-\u06f9\u07c0-\u07c9\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f\u0e50-\u0e59\u0ed0-\u0ed9\u0f20-\u0f29\u1040-\u1049\u17e0-\u17e9\u00a0\u00ad\u180e\u2000-\u200f\u2010-\u2015\u202a-\u202f\u205f-\u2064\u2212\ufeff\u3000\uff01-\uff5e]|[\x21-\x7e][\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425]|[\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425][\x21-\x7e]/

/** Cyrillic letters drawn like Latin ones, and the Latin letter each is read as. */
const HOMOGLYPHS: Record<number, number> = {
  0x0430: 0x61, 0x0435: 0x65, 0x043e: 0x6f, 0x0440: 0x70, 0x0441: 0x63, 0x0443: 0x79, 0x0445: 0x78, 0x0456: 0x69,
  0x0458: 0x6a, 0x0410: 0x41, 0x0412: 0x42, 0x0415: 0x45, 0x041a: 0x4b, 0x041c: 0x4d, 0x041d: 0x48, 0x041e: 0x4f,
  0x0420: 0x50, 0x0421: 0x43, 0x0422: 0x54, 0x0425: 0x58
}

/** Removed wherever they are: they draw nothing, so inside a value they only hide it. */
function invisible(c: number): boolean {
  return c === 0xad || c === 0x180e || c === 0x200b || c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2064) || c === 0xfeff
}

/** ZWNJ and ZWJ join letters in Persian and Indic words and emoji: removed only between two ASCII characters. */
function joiner(c: number): boolean {
  return c === 0x200c || c === 0x200d
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3000
}

function asciiWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x40 ||
    (c >= 0xff10 && c <= 0xff19) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a) || c === 0xff20
}

/** Code points of the digit zero of scripts whose ten digits are consecutive. */
const ZEROS = [0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x17e0]

/** The zero of the script whose digit c is, or -1 when c is no digit. */
function digitZero(c: number): number {
  for (const z of ZEROS) if (c >= z && c <= z + 9) return z
  return -1
}

export interface Normalised {
  /** The text the scanner reads. */
  text: string
  /** Original index of each index of `text` (and of its end), or null when nothing was removed. */
  map: Uint32Array | null
}

/** The folded text, or null when `text` holds nothing to fold. Linear in the text. */
export function normaliseForPii(text: string): Normalised | null {
  if (!NEEDS.test(text)) return null
  const n = text.length
  const codes = new Uint16Array(n)
  let map: Uint32Array | null = null
  let m = 0
  // The token (run of non-space characters) holding the last homoglyph, and whether it holds ASCII.
  let tokEnd = -1
  let tokAscii = false
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i)
    if (invisible(c) || (joiner(c) && i > 0 && i + 1 < n && text.charCodeAt(i - 1) < 0x80 && text.charCodeAt(i + 1) < 0x80)) {
      if (!map) {
        map = new Uint32Array(n + 1)
        for (let j = 0; j < m; j++) map[j] = j
      }
      continue
    }
    if (c >= 0xff01 && c <= 0xff5e) c -= 0xfee0
    // Digits of other scripts (Arabic-Indic, Persian, Devanagari, Bengali, Thai, ...): "٠٥٥ ١٢٣ ٤٥٦٧".
    else if (c >= 0x0660 && c <= 0x17e9 && digitZero(c) >= 0) c = 0x30 + c - digitZero(c)
    // An Arabic comma or semicolon after a digit ends the value as ',' and ';' do ("7894922،"); between
    // words it stays, for the name rules.
    else if ((c === 0x060c || c === 0x061b) && m > 0 && codes[m - 1] >= 0x30 && codes[m - 1] <= 0x39) c = c === 0x060c ? 0x2c : 0x3b
    // Other spaces and dashes: "555\u2013123\u20134567", "123\u00a045\u00a06789".
    else if (c === 0x3000 || c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f) c = 0x20
    else if ((c >= 0x2010 && c <= 0x2015) || c === 0x2212) c = 0x2d
    else if (c >= 0x0410 && c <= 0x0458 && HOMOGLYPHS[c] !== undefined) {
      if (i >= tokEnd) {
        // Find the token once; later homoglyphs in it reuse the answer.
        let s = i
        while (s > 0 && !isSpace(text.charCodeAt(s - 1))) s--
        let e = i
        while (e < n && !isSpace(text.charCodeAt(e))) e++
        tokAscii = false
        for (let k = s; k < e && !tokAscii; k++) tokAscii = asciiWordChar(text.charCodeAt(k))
        tokEnd = e
      }
      if (tokAscii) c = HOMOGLYPHS[c]
    }
    codes[m] = c
    if (map) map[m] = i
    m++
  }
  if (map) map[m] = n
  let out = ''
  for (let k = 0; k < m; k += 8192) out += String.fromCharCode(...codes.subarray(k, Math.min(m, k + 8192)))
  return { text: out, map: map ? map.subarray(0, m + 1) : null }
}
