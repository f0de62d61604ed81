// Lexical and pattern evidence of toxicity, over the words the core flagged from the toxicity lexicon.
// scripts/train-toxicity.mjs (which calibrates the score with these rules in place, through the built
// build/rules.js) and src/metrics/safety/toxicity.ts (which scores) run the very same code.
//
// The rules look at who or what a hostile word is aimed at, not only at the word:
//  - threat: a violent word aimed at "you", a third person or a group, made an intent by a speaker's
//    future ("I will", "gonna"), a wish or desert ("should be", "hope you"), or an imperative ("kill
//    yourself", "die");
//  - insult: an insult aimed at "you" ("you idiot", "you are a loser"), or predicated of someone
//    ("he is a coward"); said of oneself ("I'm such an idiot") it barely counts; hatred declared to
//    the reader ("I hate you!");
//  - identity attack: a slur, or a group term within the same sentence as a hostile predicate ("Muslims
//    are terrorists", "I hate gay people"); the group term alone is nothing;
//  - obscene and sexual_explicit: the words themselves;
//  - and the evidence that lowers a score: negation before the hostile word ("I don't hate women",
//    "you're not stupid"), counter-speech (the hostile words inside quotes, or talked about as words
//    — "calling someone X", "the word X" — next to disapproval: wrong, hurtful, racist ...), and
//    profanity used for emphasis next to approval ("fucking brilliant") with nothing aimed at anyone.
// Weights are in logit units, set by hand (the training data has no category labels and its policy on
// profanity is not ours); the overall calibration is fitted with them in place.

/** Lexicon flag bits (the model file's lexicon carries them; NOFEAT is the core's own bit). */
export const FLAGS: Record<
  'PROF' | 'INSULT' | 'SLUR' | 'THREAT' | 'IDENT' | 'HOSTILE' | 'SEX' | 'SEXWEAK' | 'YOU' | 'NEG' | 'FUT' | 'FIRST' | 'THIRD' | 'MODAL' | 'COPULA' | 'META' | 'DISAPPROVE' | 'SELF' | 'POS' | 'ADJ' | 'NOFEAT',
  number
> = {
  PROF: 1,
  INSULT: 2,
  SLUR: 4,
  THREAT: 8,
  IDENT: 16,
  HOSTILE: 32,
  SEX: 64,
  SEXWEAK: 128,
  YOU: 256,
  NEG: 512,
  FUT: 1024,
  FIRST: 2048,
  THIRD: 4096,
  MODAL: 8192,
  COPULA: 16384,
  META: 32768,
  DISAPPROVE: 65536,
  SELF: 131072,
  POS: 262144,
  ADJ: 524288,
  NOFEAT: 0x80000000
}

const F = FLAGS

/** Category names, in the order `scores` lists them. */
export type Category = 'obscene' | 'insult' | 'threat' | 'identity_attack' | 'sexual_explicit'
export const CATEGORIES: Category[] = ['obscene', 'insult', 'threat', 'identity_attack', 'sexual_explicit']

// Category logits: base + slope * evidence (+ a share of the learned score for obscene and insult,
// which catch spellings no list has).
export const CATEGORY_BASE: Record<Category, number> = { obscene: -3, insult: -3.5, threat: -4, identity_attack: -4, sexual_explicit: -4 }
export const CATEGORY_SLOPE: Record<Category, number> = { obscene: 1.8, insult: 1.8, threat: 1.6, identity_attack: 1.8, sexual_explicit: 1.7 }
export const CATEGORY_HEAD: Record<Category, number> = { obscene: 0.3, insult: 0.3, threat: 0, identity_attack: 0, sexual_explicit: 0 }

// Contribution of each category's evidence to the overall logit.
// A decisive hit (an aimed threat or insult, a slur, a group with a hostile predicate) carries about
// 6 logits: enough to cross 50 from the learned score of neutral text (about -5) on its own.
export const OVERALL: Record<'threat' | 'insult' | 'identity_attack' | 'sexual_explicit', number> = { threat: 1.6, insult: 2.0, identity_attack: 1.7, sexual_explicit: 1.5 }
/** Logit taken off for profanity used for emphasis, at severity 0.5 (scaled by 2 * (1 - severity)). */
export const EMPHASIS = 3
/** Verbs of hatred that, aimed at "you", are an attack on the reader; and the insult evidence they carry. */
const HATE_VERBS = new Set(['hate', 'hates', 'despise', 'despises', 'loathe', 'loathes', 'detest', 'detests'])
export const HATE_YOU = 2.5
/** Curses that, followed by "you", are aimed at the reader; and their insult evidence. */
const CURSE_VERBS = new Set(['fuck', 'f*ck', 'fck', 'fuk', 'fuq', 'phuck'])
export const CURSE_YOU = 2.5
/** Share of the evidence a negated or counter-speech hit takes off the overall logit. */
export const UNDO = 0.6

export interface RuleEvidence {
  label: string
  span: [number, number]
  string: string
  weight: number
}
export interface Rules extends Record<Category, number> {
  undo: number
  emphatic: boolean
  /** Words whose learned evidence is set aside: negated or quoted. */
  neutral: number[]
  /** Profane words of an emphatic text. */
  emphaticWords: number[]
  evidence: RuleEvidence[] | null
}

// The shared empty result, frozen (callers only read it).
const NOTHING: Rules = { threat: 0, insult: 0, identity_attack: 0, obscene: 0, sexual_explicit: 0, undo: 0, emphatic: false, neutral: [], emphaticWords: [], evidence: null }
Object.freeze(NOTHING.neutral)
Object.freeze(NOTHING.emphaticWords)
Object.freeze(NOTHING)

/**
 * Evidence of toxicity in `text`: `spans` are the flattened [start, end) string indices of every word,
 * `flagged` the (word index, flags) pairs in ascending word index (`nFlagged` of them), `collect` whether
 * to list the evidence (explain).
 */
export function toxicityRules(text: string, spans: ArrayLike<number>, flagged: ArrayLike<number>, nFlagged: number, collect: boolean): Rules {
  const HOT = F.PROF | F.INSULT | F.SLUR | F.THREAT | F.HOSTILE | F.SEX | F.SEXWEAK
  let any = 0
  for (let i = 1; i < 2 * nFlagged; i += 2) any |= flagged[i]
  // Nothing hostile: the shared empty result (callers only read it).
  if ((any & HOT) === 0 && !collect) return NOTHING
  const out: Rules = { threat: 0, insult: 0, identity_attack: 0, obscene: 0, sexual_explicit: 0, undo: 0, emphatic: false, neutral: [], emphaticWords: [], evidence: collect ? [] : null }
  if ((any & HOT) === 0) return out
  const idx = new Int32Array(nFlagged)
  const flg = new Uint32Array(nFlagged)
  for (let i = 0; i < nFlagged; i++) {
    idx[i] = flagged[2 * i]
    flg[i] = flagged[2 * i + 1]
  }

  const start = (w: number) => spans[2 * w]
  const end = (w: number) => spans[2 * w + 1]
  const sameSentence = (a: number, b: number) => {
    const to = start(Math.max(a, b))
    for (let i = end(Math.min(a, b)); i < to; i++) {
      const c = text.charCodeAt(i)
      // . ! ? ; and line breaks
      if (c === 46 || c === 33 || c === 63 || c === 59 || c === 10) return false
    }
    return true
  }
  // Flags of flagged words within [w+from, w+to] of word w in its sentence (k = position in the list).
  const near = (k: number, from: number, to: number, mask: number) => {
    const w = idx[k]
    let found = -1
    for (let j = k - 1; j >= 0 && idx[j] >= w + from; j--) {
      if (idx[j] <= w + to && flg[j] & mask && sameSentence(idx[j], w)) return j
    }
    for (let j = k + 1; j < nFlagged && idx[j] <= w + to; j++) {
      if (idx[j] >= w + from && flg[j] & mask && sameSentence(idx[j], w)) return j
    }
    return found
  }
  // Quotes never span a line (see `quoted`), so only the word's line is searched, at most 400
  // characters each side: the cost stays local however long the text is.
  const inQuotes = (w: number) => {
    const s0 = start(w)
    const e0 = end(w)
    // Bounded loops, not lastIndexOf / indexOf: those search the whole text when the line has no break,
    // and once per flagged word that made a long text quadratic.
    const lo = Math.max(0, s0 - 400)
    let from = s0
    while (from > lo && text.charCodeAt(from - 1) !== 10) from--
    const hi = Math.min(text.length, e0 + 400)
    let to = e0
    while (to < hi && text.charCodeAt(to) !== 10) to++
    for (const [qs, qe] of quoted(text.slice(from, to))) if (from + qs <= s0 && e0 <= from + qe) return true
    return false
  }
  // Talked about rather than said: in quotes, or in a sentence that talks about words or disapproves.
  const countered = (k: number) => {
    if (inQuotes(idx[k])) return true
    return near(k, -10, 10, F.META) >= 0 && near(k, -12, 12, F.DISAPPROVE | F.NEG) >= 0
  }
  const negated = (k: number) => near(k, -5, -1, F.NEG) >= 0
  const nWords = spans.length >> 1
  const note = (label: string, a: number, b: number, weight: number) => {
    if (out.evidence) out.evidence.push({ label, span: [start(Math.min(a, b)), end(Math.max(a, b))], string: text.slice(start(Math.min(a, b)), end(Math.max(a, b))), weight })
  }
  const word = (w: number) => text.slice(start(w), end(w)).toLowerCase()

  let aimed = false
  const SUBJECT = HOT | F.IDENT
  for (let k = 0; k < nFlagged; k++) {
    const f = flg[k]
    if ((f & SUBJECT) === 0) continue
    const w = idx[k]
    if (f & F.THREAT) {
      let ev = 0.6
      const agent = near(k, -4, -1, F.FIRST | F.FUT)
      const modal = near(k, -4, -1, F.MODAL)
      // The target follows ("kill you") or, after a wish or an intent, precedes ("hope you die").
      let target = near(k, 1, 3, F.YOU | F.THIRD | F.IDENT)
      if (target < 0 && (agent >= 0 || modal >= 0)) target = near(k, -3, -1, F.YOU | F.THIRD)
      const self = near(k, 1, 2, F.SELF)
      const prev = w === 0 || !sameSentence(w - 1, w) ? '' : word(w - 1)
      const imperative = prev === '' || prev === 'go' || prev === 'just' || prev === 'drop'
      const last = w + 1 >= nWords || !sameSentence(w, w + 1)
      const kys = word(w) === 'kys'
      if (kys) ev = 4
      else if (target >= 0 && self < 0) ev += agent >= 0 || modal >= 0 || imperative ? 3.4 : 1.2
      else if (modal >= 0 && near(k, -2, -1, F.COPULA) >= 0) ev += 2.6 // "should be shot"
      else if (imperative && last) ev += 1.4 // "Die."
      else if ((agent < 0 && modal < 0) || self >= 0) ev = 0 // no one to threaten: "kill the process", "killing my feet"
      if (ev === 0) {
        // Its learned evidence is set aside too: the training tweets make "kill" toxic by itself.
        out.neutral.push(w)
      } else if (negated(k) || countered(k)) {
        out.neutral.push(w)
        if (ev > 1) {
          out.undo += ev * UNDO
          note('threat, negated or quoted', w, w, -ev * UNDO)
        }
      } else if (ev > out.threat) {
        out.threat = ev
        if (ev > 1) aimed = true
        note('threat', target >= 0 ? Math.min(w, idx[target]) : w, target >= 0 ? Math.max(w, idx[target]) : w, ev * OVERALL.threat)
      }
    }
    if (f & (F.INSULT | F.SLUR)) {
      let ev = 1
      const you = near(k, -4, 2, F.YOU)
      const cop = near(k, -3, -1, F.COPULA | F.THIRD)
      const first = near(k, -3, -1, F.FIRST)
      // An adjective needs a person: "you", or a third person or group next to it ("he is stupid",
      // "stupid people"); "a stupid movie" is no insult, and its learned evidence is set aside.
      const adjective = (f & (F.ADJ | F.SLUR)) === F.ADJ
      const person = near(k, -4, 1, F.THIRD | F.IDENT)
      if (you >= 0) ev = 3
      else if (adjective && person < 0) ev = 0
      else if (cop >= 0 && first < 0) ev = 2.2
      else if (first >= 0) ev = 0.3
      if (ev === 0) {
        out.neutral.push(w)
      } else if (negated(k) || countered(k)) {
        out.neutral.push(w)
        if (ev > 1) {
          out.undo += ev * UNDO
          note('insult, negated or quoted', w, w, -ev * UNDO)
        }
      } else if (ev > out.insult) {
        out.insult = ev
        if (ev > 1) aimed = true
        note('insult', you >= 0 ? Math.min(w, idx[you]) : w, you >= 0 ? Math.max(w, idx[you]) : w, ev * OVERALL.insult)
      }
    }
    // Profanity addressed to the reader ("fuck you", "f*ck you"): an insult aimed at "you".
    if (f & F.PROF && CURSE_VERBS.has(word(w)) && near(k, 1, 1, F.YOU) >= 0 && !negated(k) && !countered(k) && CURSE_YOU > out.insult) {
      out.insult = CURSE_YOU
      aimed = true
      note('profanity aimed at you', w, idx[near(k, 1, 1, F.YOU)], CURSE_YOU * OVERALL.insult)
    }
    // Hatred declared to the reader ("I hate you", "we despise you"): "you" right after the verb.
    if (f & F.HOSTILE && HATE_VERBS.has(word(w)) && near(k, 1, 1, F.YOU) >= 0) {
      const you = idx[near(k, 1, 1, F.YOU)]
      if (negated(k) || countered(k)) {
        out.neutral.push(w)
        out.undo += HATE_YOU * UNDO
        note('hate aimed at you, negated or quoted', w, you, -HATE_YOU * UNDO)
      } else if (HATE_YOU > out.insult) {
        out.insult = HATE_YOU
        aimed = true
        note('hate aimed at you', w, you, HATE_YOU * OVERALL.insult)
      }
    }
    if (f & F.SLUR) {
      if (countered(k)) {
        out.neutral.push(w)
        out.undo += 4 * UNDO
        note('slur, quoted or reported', w, w, -4 * UNDO)
      } else if (4 > out.identity_attack) {
        out.identity_attack = 4
        aimed = true
        note('slur', w, w, 4 * OVERALL.identity_attack)
      }
    }
    if (f & F.IDENT) {
      const h = near(k, -6, 6, F.HOSTILE | F.INSULT | F.SLUR | F.THREAT)
      if (h >= 0) {
        const lo = Math.min(k, h)
        const hi = Math.max(k, h)
        // Negation anywhere from just before the pair to its end ("are not criminals", "don't hate").
        let neg = false
        for (let j = lo; j >= 0 && idx[j] >= idx[lo] - 3; j--) if (flg[j] & F.NEG && sameSentence(idx[j], w)) neg = true
        for (let j = lo + 1; j <= hi; j++) if (flg[j] & F.NEG && sameSentence(idx[j], w)) neg = true
        if (neg || countered(k)) {
          out.neutral.push(idx[h])
          out.undo += 3.5 * UNDO
          note('group and hostile word, negated or quoted', w, idx[h], -3.5 * UNDO)
        } else if (3.5 > out.identity_attack) {
          out.identity_attack = 3.5
          aimed = true
          note('group and hostile word', w, idx[h], 3.5 * OVERALL.identity_attack)
        }
      }
    }
    if (f & F.PROF && countered(k)) out.neutral.push(w)
    else if (f & F.PROF) {
      out.obscene = out.obscene === 0 ? 3 : Math.min(4, out.obscene + 0.5)
      note('obscene', w, w, 0)
    }
    if (f & F.SEX) {
      out.sexual_explicit = Math.min(4, out.sexual_explicit + 3)
      note('sexual', w, w, 3 * OVERALL.sexual_explicit)
    } else if (f & F.SEXWEAK) {
      out.sexual_explicit = Math.min(4, out.sexual_explicit + (near(k, -3, 3, F.YOU) >= 0 ? 1.2 : 0.8))
    }
  }
  // Profanity next to approval, with nothing aimed at anyone: emphasis.
  if (out.obscene > 0 && !aimed) {
    for (let k = 0; k < nFlagged; k++) {
      if (flg[k] & F.PROF && near(k, -3, 3, F.POS) >= 0) {
        out.emphatic = true
        note('profanity for emphasis', idx[k], idx[k], -EMPHASIS)
      }
    }
    // Every profane word of an emphatic text is set aside, not only the one next to the approval.
    if (out.emphatic) for (let k = 0; k < nFlagged; k++) if (flg[k] & F.PROF) out.emphaticWords.push(idx[k])
  }
  return out
}

/**
 * The learned evidence to set aside, in head units: the positive share of the n-grams of words that were
 * negated or quoted (all of it), and of profanity used for emphasis (all of it at the default severity,
 * none at severity 1: a strict caller counts emphatic profanity). `wordSum(w)` is the head's sum over the
 * features of word w (its word and character n-grams, and the bigram it ends).
 */
export function neutralised(ev: Rules, wordSum: (w: number) => number, severity: number): number {
  const share = new Map<number, number>()
  for (const w of ev.emphaticWords) share.set(w, Math.min(1, 2 * (1 - severity)))
  for (const w of ev.neutral) share.set(w, 1)
  let total = 0
  for (const [w, k] of share) {
    const s = wordSum(w)
    if (s > 0) total += s * k
  }
  return total
}

/** The overall logit offset of the rules' evidence, at a severity in [0, 1]. */
export function rulesOffset(ev: Rules, severity: number): number {
  let r = OVERALL.threat * ev.threat + OVERALL.insult * ev.insult + OVERALL.identity_attack * ev.identity_attack
  r += OVERALL.sexual_explicit * Math.max(0, ev.sexual_explicit - 1)
  r -= ev.undo
  if (ev.emphatic) r -= EMPHASIS * Math.min(1, 2 * (1 - severity))
  return r
}

// [start, end) of quoted passages: "...", “...”, and '...' where the quotes are not apostrophes.
function quoted(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = []
  if (text.indexOf('"') < 0 && text.indexOf('“') < 0 && text.indexOf("'") < 0 && text.indexOf('‘') < 0) return out
  const re = /["“]([^"”\n]+)["”]|(?:^|[^\p{L}\p{N}])['‘]([^'’\n]+)['’](?![\p{L}\p{N}])/gu
  for (const m of text.matchAll(re)) out.push([m.index!, m.index! + m[0].length])
  return out
}
