import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load()

// text -> the tokeniser's sentences and words, each as the string its [start, end) span slices out
// of the text, in order. One row per rule of docs/metrics/clarity.md.
const fixtures: [text: string, sentences: string[], words: string[]][] = [
  // Abbreviations: titles never end a sentence; e.g./i.e. neither; others only before a capital.
  ['Dr. Smith met Mr. Jones. They talked.', ['Dr. Smith met Mr. Jones.', 'They talked.'], ['Dr.', 'Smith', 'met', 'Mr.', 'Jones', 'They', 'talked']],
  ['Mrs. Brown and Prof. White arrived at 9 a.m. The talk began.', ['Mrs. Brown and Prof. White arrived at 9 a.m.', 'The talk began.'], ['Mrs.', 'Brown', 'and', 'Prof.', 'White', 'arrived', 'at', '9', 'a.m.', 'The', 'talk', 'began']],
  ['We met at 5 p.m. on Friday.', ['We met at 5 p.m. on Friday.'], ['We', 'met', 'at', '5', 'p.m.', 'on', 'Friday']],
  ['Bring fruit, e.g. apples or pears. Leave i.e. nothing else.', ['Bring fruit, e.g. apples or pears.', 'Leave i.e. nothing else.'], ['Bring', 'fruit', 'e.g.', 'apples', 'or', 'pears', 'Leave', 'i.e.', 'nothing', 'else']],
  ['She moved to the U.S. Later she left. The U.S. government agreed.', ['She moved to the U.S.', 'Later she left.', 'The U.S. government agreed.'], ['She', 'moved', 'to', 'the', 'U.S.', 'Later', 'she', 'left', 'The', 'U.S.', 'government', 'agreed']],
  ['We sold pens, paper, etc. Then we closed.', ['We sold pens, paper, etc.', 'Then we closed.'], ['We', 'sold', 'pens', 'paper', 'etc.', 'Then', 'we', 'closed']],
  ['J. R. R. Tolkien wrote books. He died in 1973.', ['J. R. R. Tolkien wrote books.', 'He died in 1973.'], ['J.', 'R.', 'R.', 'Tolkien', 'wrote', 'books', 'He', 'died', 'in', '1973']],
  ['Ph.D. students work hard. They sleep little.', ['Ph.D. students work hard.', 'They sleep little.'], ['Ph.D.', 'students', 'work', 'hard', 'They', 'sleep', 'little']],
  ['See Fig. 3 and No. 5 for details. I said no. Fine.', ['See Fig. 3 and No. 5 for details.', 'I said no.', 'Fine.'], ['See', 'Fig.', '3', 'and', 'No.', '5', 'for', 'details', 'I', 'said', 'no.', 'Fine']],
  // Decimals and numbers are words; their dots and commas do not split.
  ['Pi is 3.14 and e is 2.718. Both are irrational.', ['Pi is 3.14 and e is 2.718.', 'Both are irrational.'], ['Pi', 'is', '3.14', 'and', 'e', 'is', '2.718', 'Both', 'are', 'irrational']],
  ['It cost $1,000.50 in 2023. Prices rose 12.5% by 10:30.', ['It cost $1,000.50 in 2023.', 'Prices rose 12.5% by 10:30.'], ['It', 'cost', '1,000.50', 'in', '2023', 'Prices', 'rose', '12.5', 'by', '10:30']],
  ['The costs were .5 and 0.75 units.', ['The costs were .5 and 0.75 units.'], ['The', 'costs', 'were', '.5', 'and', '0.75', 'units']],
  ['COVID-19 hit in 2020. The 1990s were calm.', ['COVID-19 hit in 2020.', 'The 1990s were calm.'], ['COVID-19', 'hit', 'in', '2020', 'The', '1990s', 'were', 'calm']],
  // URLs and e-mail addresses are one word; trailing punctuation stays outside.
  ['See https://example.com/path?q=1&x=2. Or www.example.org.', ['See https://example.com/path?q=1&x=2.', 'Or www.example.org.'], ['See', 'https://example.com/path?q=1&x=2', 'Or', 'www.example.org']],
  ['Write to jane.doe@example.co.uk, or john_smith@mail.org!', ['Write to jane.doe@example.co.uk, or john_smith@mail.org!'], ['Write', 'to', 'jane.doe@example.co.uk', 'or', 'john_smith@mail.org']],
  ['end.Next time. node.js is fast.', ['end.', 'Next time.', 'node.js is fast.'], ['end', 'Next', 'time', 'node.js', 'is', 'fast']],
  // Apostrophes (' and U+2019) and hyphens inside words.
  ["Don't stop rock-and-roll, O'Neil. It’s Anna’s turn.", ["Don't stop rock-and-roll, O'Neil.", 'It’s Anna’s turn.'], ["Don't", 'stop', 'rock-and-roll', "O'Neil", 'It’s', 'Anna’s', 'turn']],
  ["The dogs' bowls are 'full' - well-fed.", ["The dogs' bowls are 'full' - well-fed."], ['The', 'dogs', 'bowls', 'are', 'full', 'well-fed']],
  // Quotes and brackets: closing ones stay with the sentence they end.
  ['"Go home," she said. "Now!" He left.', ['"Go home," she said.', '"Now!"', 'He left.'], ['Go', 'home', 'she', 'said', 'Now', 'He', 'left']],
  ['He said "hi." Then he sat (quietly). Done.', ['He said "hi."', 'Then he sat (quietly).', 'Done.'], ['He', 'said', 'hi', 'Then', 'he', 'sat', 'quietly', 'Done']],
  ['“Really?” she asked. «Oui.»', ['“Really?”', 'she asked.', '«Oui.»'], ['Really', 'she', 'asked', 'Oui']],
  // Lists: each item is a sentence; the marker is not a word.
  ['- Milk\n- Eggs\n* Bread\n• Tea', ['Milk', 'Eggs', 'Bread', 'Tea'], ['Milk', 'Eggs', 'Bread', 'Tea']],
  ['1. Open the box\n2. Take the toy\n3) Play', ['Open the box', 'Take the toy', 'Play'], ['Open', 'the', 'box', 'Take', 'the', 'toy', 'Play']],
  ['Steps:\n  a) mix\n  b) bake.', ['Steps:', 'mix', 'bake.'], ['Steps', 'mix', 'bake']],
  // Paragraphs: a blank line ends a sentence; a single line break does not.
  ['Shopping list\n\nApples\nPears are ripe\n\nThe end', ['Shopping list', 'Apples\nPears are ripe', 'The end'], ['Shopping', 'list', 'Apples', 'Pears', 'are', 'ripe', 'The', 'end']],
  ['Title\r\n\r\nBody text here.', ['Title', 'Body text here.'], ['Title', 'Body', 'text', 'here']],
  // Lower-case sentence starts (after ! and ?, in chat).
  ['Wow! that was fast. what now? we wait', ['Wow!', 'that was fast.', 'what now?', 'we wait'], ['Wow', 'that', 'was', 'fast', 'what', 'now', 'we', 'wait']],
  ['lol ok. brb. u there?!', ['lol ok.', 'brb.', 'u there?!'], ['lol', 'ok', 'brb', 'u', 'there']],
  ['Who’s there?I have no time.', ['Who’s there?', 'I have no time.'], ['Who’s', 'there', 'I', 'have', 'no', 'time']],
  // Ellipses: an end unless a lower-case word follows.
  ['Wait... what? He paused... Then he spoke.', ['Wait... what?', 'He paused...', 'Then he spoke.'], ['Wait', 'what', 'He', 'paused', 'Then', 'he', 'spoke']],
  ['Hmm… I see… yes…', ['Hmm…', 'I see… yes…'], ['Hmm', 'I', 'see', 'yes']],
  // Non-ASCII letters (UTF-8): accents, ß, Cyrillic, Greek; CJK runs; emoji are not words.
  ['Café au lait. Straße ist lang. Привет, мир! Ελληνικά κείμενο.', ['Café au lait.', 'Straße ist lang.', 'Привет, мир!', 'Ελληνικά κείμενο.'], ['Café', 'au', 'lait', 'Straße', 'ist', 'lang', 'Привет', 'мир', 'Ελληνικά', 'κείμενο']],
  ['東京は大きい。大阪も大きい。', ['東京は大きい。', '大阪も大きい。'], ['東京は大きい', '大阪も大きい']],
  ['I love it 😀 so much! Really 👍.', ['I love it 😀 so much!', 'Really 👍.'], ['I', 'love', 'it', 'so', 'much', 'Really']],
  ['naïve coöperation — déjà vu', ['naïve coöperation — déjà vu'], ['naïve', 'coöperation', 'déjà', 'vu']],
  ['👨‍👩‍👧 family time. नमस्ते दुनिया। می‌خواهم', ['👨‍👩‍👧 family time.', 'नमस्ते दुनिया।', 'می‌خواهم'], ['family', 'time', 'नमस्ते', 'दुनिया', 'می‌خواهم']],
  // Text without words has no sentences.
  ['', [], []],
  ['   \n\n  ', [], []],
  ['!!!', [], []],
  ['... — 😀', [], []],
  ['!!! Hello there.', ['Hello there.'], ['Hello', 'there']],
  ['123', ['123'], ['123']],
  ['One sentence without end', ['One sentence without end'], ['One', 'sentence', 'without', 'end']]
]

const sliced = (text: string, spans: [number, number][]) => spans.map(([start, end]) => text.slice(start, end))

describe('tokeniser: sentences and words with spans', () => {
  for (const [text, sentences, words] of fixtures) {
    it(JSON.stringify(text), () => {
      const stats = litmus.textStats(text)
      expect(sliced(text, stats.sentenceSpans)).toEqual(sentences)
      expect(sliced(text, stats.wordSpans)).toEqual(words)
      expect(stats.sentences).toBe(sentences.length)
      expect(stats.words).toBe(words.length)
    })
  }
})

// Spans are string indices (UTF-16 code units), not bytes: checked as numbers where they differ.
const numeric: [text: string, sentenceSpans: [number, number][], wordSpans: [number, number][]][] = [
  ['Hi. Yo!', [[0, 3], [4, 7]], [[0, 2], [4, 6]]],
  ['😀 Café. Ok', [[0, 8], [9, 11]], [[3, 7], [9, 11]]],
  ['東京。x', [[0, 3], [3, 4]], [[0, 2], [3, 4]]],
  ['𝒜 b. c', [[0, 5], [6, 7]], [[0, 2], [3, 4], [6, 7]]]
]

describe('tokeniser: spans in string indices', () => {
  for (const [text, sentenceSpans, wordSpans] of numeric) {
    it(JSON.stringify(text), () => {
      const stats = litmus.textStats(text)
      expect(stats.wordSpans).toEqual(wordSpans)
      expect(stats.sentenceSpans).toEqual(sentenceSpans)
    })
  }
})

describe('tokeniser: invariants over mixed text', () => {
  const texts = fixtures.map(([text]) => text).concat([fixtures.map(([text]) => text).join('\n\n')])
  it('spans ascend, do not overlap, and every word lies inside a sentence', () => {
    for (const text of texts) {
      const { wordSpans, sentenceSpans } = litmus.textStats(text)
      for (const spans of [wordSpans, sentenceSpans]) {
        for (let i = 0; i < spans.length; i++) {
          expect(spans[i][0]).toBeLessThan(spans[i][1])
          if (i > 0) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1])
        }
      }
      for (const [start, end] of wordSpans) {
        expect(sentenceSpans.some(([s, e]) => s <= start && end <= e)).toBe(true)
      }
    }
  })
  it('the joined fixtures give the sum of their sentences and words (blank lines separate them)', () => {
    const joined = fixtures.map(([text]) => text).join('\n\n')
    const stats = litmus.textStats(joined)
    expect(stats.words).toBe(fixtures.reduce((n, [, , w]) => n + w.length, 0))
  })
})

describe('tokeniser: densest texts', () => {
  // Spans are written into room for one word per two bytes: the densest patterns must still fit.
  for (const piece of ['a ', 'Dr.', 'J.', 'I.', 'é ', '東 ', '1 ', 'a,', '.5 ', 'Dr.a', 'x.Y', 'U.S.', '- a\n', 'a! ', 'e.g.']) {
    it(JSON.stringify(piece), () => {
      for (const n of [1, 2, 3, 501]) {
        const stats = litmus.textStats(piece.repeat(n))
        expect(stats.wordSpans.length).toBe(stats.words)
        expect(stats.sentenceSpans.length).toBe(stats.sentences)
      }
    })
  }
})

describe('tokeniser: seeded random text', () => {
  // Pieces chosen to hit every branch: joiners at ends, lone dots, URLs cut short, markers, odd UTF-16.
  const pieces = [
    'a', 'Zz', 'don', "'", '’', '-', '‐', '_', '/', '&', '.', '..', '…', ',', ':', '@', '!', '?', '?!', '"', '“', '”',
    '(', ')', ' ', '  ', '\n', '\n\n', '\r\n', '\t', '- ', '1. ', '12) ', 'b) ', '• ', '3', '3.14', '1,000', 'e.g.',
    'U.S.', 'Dr.', 'etc.', 'No.', 'http://', 'https://x.y/z?q=1', 'www.', 'www.a.b', 'a@b', '@', 'é', 'ß', 'Щ',
    '東京', '。', '！', '😀', '\u0301', '\u200d', '\ud800', '\udfff', '\u00a0', '\u3000', '\ufeff', '\u0000', '\u007f'
  ]
  let seed = 0x2545f491
  const next = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 2 ** 32
  }
  it('2,000 texts: no crash, spans valid, sentences <= words, clarity in 0..100 (100 with no words)', () => {
    for (let n = 0; n < 2000; n++) {
      let text = ''
      const len = Math.floor(next() * 40)
      for (let i = 0; i < len; i++) text += pieces[Math.floor(next() * pieces.length)]
      const stats = litmus.textStats(text)
      expect(stats.sentences).toBeLessThanOrEqual(stats.words)
      expect(stats.wordSpans.length).toBe(stats.words)
      expect(stats.sentenceSpans.length).toBe(stats.sentences)
      let last = 0
      for (const [start, end] of stats.wordSpans) {
        expect(start).toBeGreaterThanOrEqual(last)
        expect(end).toBeGreaterThan(start)
        expect(end).toBeLessThanOrEqual(text.length)
        last = end
      }
      if (stats.words === 0) {
        expect(litmus.clarity({ text }).score).toBe(100)
      } else {
        const { score } = litmus.clarity({ text })
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(100)
      }
    }
  })
})
