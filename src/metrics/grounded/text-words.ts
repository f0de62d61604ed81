// Words of a text as the judgement metrics (answer relevancy, completion, adherence) read them: the core's
// tokeniser and word vectors (assembly/vec/vectors.ts `vectorsWords`) give each word its span, unit vector
// and SIF weight (a / (a + p(word)): near 0 for "the", near 1 for rare words, 1 outside the vocabulary),
// which serves as the word's importance; sentences come from the same tokeniser.
import type { Context } from '../shared/context.js'
import { slab } from '../shared/slab.js'
import { TOK_SENTENCE_SPANS, tokens } from '../shared/tokens.js'

export interface Word {
  /** [start, end) in string indices. */
  span: [number, number]
  string: string
  lower: string
  /** Crude stem for matching: lower case without a plural / -ing / -ed ending. */
  stem: string
  /** Offset of the word's unit vector (all zero for a word with no vector) in its text's `vectors`. */
  row: number
  weight: number
  /** Index of the sentence holding the word. */
  sentence: number
}

export interface Words {
  text: string
  words: Word[]
  /** [start, end) of each sentence, string indices. */
  sentences: [number, number][]
  /** The words' unit vectors, `dims` floats each, one shared array (no view per word). */
  vectors: Float32Array
}


/** Lower-case stem used for exact matching across inflections (cats/cat, founded/found, running/run). */
export function stem(lower: string): string {
  let s = lower
  if (s.length > 4 && s.endsWith('ies')) return s.slice(0, -3) + 'y'
  if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3)
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2)
  else if (s.length > 4 && s.endsWith('es') && /(ss|sh|ch|x|z)es$/.test(s)) s = s.slice(0, -2)
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us') && !s.endsWith('is')) s = s.slice(0, -1)
  // running -> runn -> run; stopped -> stopp -> stop
  if (s.length > 3 && s[s.length - 1] === s[s.length - 2] && !/[lsz]/.test(s[s.length - 1])) s = s.slice(0, -1)
  if (s.length > 3 && s.endsWith('e')) s = s.slice(0, -1)
  return s
}

/**
 * Room for a text's vectors, from slabs of 256 KB (the vectors of about a thousand distinct words): the
 * scorers' three or four texts a call cost no buffer of their own each.
 */
const vectorsFor = slab((n) => new Float32Array(n), 1 << 16)

/** Most words of a text whose vectors are copied whole (64 KB of vectors). */
const SHORT_WORDS = 256

/** Words of `text` with vectors and weights, copied out of core memory. */
export function wordsOf(ctx: Context, text: string): Words {
  const core = ctx.core
  const x = core.exports
  const dims = x.vectorsDims()
  const ref = core.begin(text)
  const sent = tokens(core, ref, TOK_SENTENCE_SPANS).sentenceSpans
  const sentences: [number, number][] = []
  for (let i = 0; i + 1 < sent.length; i += 2) sentences.push([sent[i], sent[i + 1]])
  const [count, spansPtr, vecPtr, wPtr] = core.embedWords(ref.ptr, ref.len)
  core.toStringIndices(ref, spansPtr, count * 2)
  // Views of core memory, read before the next call into the core (the loop below makes none).
  const spans = core.u32(spansPtr, count * 2)
  const weights = core.f32(wPtr, count)
  // A word's vector depends on its spelling only, so in a long text each distinct word's vector is copied
  // once: a text of many repeated words would otherwise copy (and make the collector sweep) 256 bytes per
  // word. A text of up to SHORT_WORDS words is copied whole, in one copy, with no map of its spellings.
  const short = count <= SHORT_WORDS
  const rowOf = short ? undefined : new Map<string, number>()
  const firstOf: number[] = []
  const words: Word[] = new Array(count)
  let s = 0
  for (let i = 0; i < count; i++) {
    const span: [number, number] = [spans[2 * i], spans[2 * i + 1]]
    while (s + 1 < sentences.length && span[0] >= sentences[s][1]) s++
    const string = text.slice(span[0], span[1])
    const lower = string.toLowerCase()
    let row = i * dims
    if (rowOf) {
      const seen = rowOf.get(string)
      if (seen === undefined) {
        row = firstOf.length * dims
        rowOf.set(string, row)
        firstOf.push(i)
      } else row = seen
    }
    words[i] = { span, string, lower, stem: stem(lower), row, weight: weights[i], sentence: s }
  }
  const all = core.f32(vecPtr, count * dims)
  let vecs: Float32Array
  if (short) {
    vecs = vectorsFor(count * dims)
    vecs.set(all)
  } else {
    vecs = vectorsFor(firstOf.length * dims)
    // One copy per run of consecutive first spellings.
    for (let k = 0; k < firstOf.length; ) {
      let e = k + 1
      while (e < firstOf.length && firstOf[e] === firstOf[e - 1] + 1) e++
      vecs.set(all.subarray(firstOf[k] * dims, (firstOf[e - 1] + 1) * dims), k * dims)
      k = e
    }
  }
  return { text, words, sentences, vectors: vecs }
}

/** Cosine of two unit word vectors of `dims` floats at offsets `i`, `j` (0 when either has none). */
export function cosine(a: Float32Array, i: number, b: Float32Array, j: number, dims: number): number {
  let d = 0
  for (let k = 0; k < dims; k++) d += a[i + k] * b[j + k]
  return d
}

/** A word of `words` is a content word: not one of the most frequent words of English. */
export const CONTENT_WEIGHT = 0.3

export const isContent = (w: Word) => w.weight >= CONTENT_WEIGHT && !FUNCTION_WORDS.has(w.lower)

/** Words that carry no topic however rare the vectors' counts make them. */
export const FUNCTION_WORDS = new Set(
  (
    'a an the of to in on at by for with from as into onto upon about above below over under than then ' +
    'and or but nor so yet if because while although though whether either neither both each every all any some ' +
    'no not none is are was were be been being am do does did done doing have has had having will would shall ' +
    'should can could may might must ought i me my mine we us our ours you your yours he him his she her hers ' +
    'it its they them their theirs this that these those there here who whom whose which what when where why how ' +
    'also just only very too much many more most such same other others own one s t d ll re ve m lrb rrb'
  ).split(' ')
)
