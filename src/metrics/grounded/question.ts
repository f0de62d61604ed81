// Questions without a language model. `askedType` reads what kind of answer a query asks for (who ->
// a person, when -> a date, how many -> a number, ...); `answerSpans` finds phrases of a given type in a
// text; `generateQuestion` turns a response's first sentence into the question it answers: it picks the
// answer phrase (a date, a number, a name, ...), removes it, and moves the auxiliary (or adds do-support)
// in front of the remaining clause: "Lincoln was born in 1809." -> "When was Lincoln born?".
import { FUNCTION_WORDS, isContent, type Word, type Words } from './text-words.js'

export type AnswerType = 'person' | 'date' | 'number' | 'place' | 'entity' | 'reason' | 'manner' | 'yesno'

export const WH: Record<AnswerType, string> = {
  person: 'Who',
  date: 'When',
  number: 'How many',
  place: 'Where',
  entity: 'What',
  reason: 'Why',
  manner: 'How',
  yesno: 'Is it true that'
}

const PLACE_NOUNS = 'country|city|state|continent|province|county|place|river|island|nation|town|region|location|capital|mountain|lake|ocean|sea|village|airport|port|university|college|school|team'
const DATE_NOUNS = 'year|date|day|month|century|decade|time|era|period|season'
const NUMBER_NOUNS =
  'percentage|percent|number|population|amount|size|age|distance|height|weight|temperature|speed|length|area|cost|price|rate|score|value|depth|width|total'

const RULES: [RegExp, AnswerType][] = [
  [/\b(who|whom|whose)\b|\bwhat (is|was) (the )?name of (the )?(person|man|woman|author|actor|president|king|queen|leader|inventor|founder)/, 'person'],
  [new RegExp(`\\bwhen\\b|\\b(what|which|in what|in which) (${DATE_NOUNS})\\b|\\bhow long ago\\b`), 'date'],
  [new RegExp(`\\bhow (many|much|long|old|far|tall|big|large|high|fast|deep|often|wide|heavy|hot|cold)\\b|\\b(what|which) (is |was |are )?(the )?(${NUMBER_NOUNS})\\b`), 'number'],
  [new RegExp(`\\bwhere\\b|\\b(what|which|in what|in which) (${PLACE_NOUNS})\\b`), 'place'],
  [/\b(what is|calculate|convert|compute) [\d(]|\b(calculate|convert|compute)\b/, 'number'],
  [/\bwhy\b|\bwhat (causes|caused|is the reason|was the reason)\b/, 'reason'],
  [/\bhow\b/, 'manner'],
  [/\b(what|which|name)\b/, 'entity'],
  [/^\s*(is|are|was|were|do|does|did|can|could|will|would|should|has|have|had|may|might|must)\b/, 'yesno']
]

/** The answer type a query asks for (entity when nothing more specific shows). */
export function askedType(query: string): AnswerType {
  // "someone who cannot see", "people which ...": relative pronouns ask nothing.
  // The pronoun follows a space: without " who", " which" or " that" there is nothing to drop.
  let q = query.toLowerCase()
  if (q.includes(' who') || q.includes(' which') || q.includes(' that')) {
    q = q.replace(/\b(\w+one|\w+body|people|person|those|man|woman|children|users?|customers?|friends?) (who|which|that|whom)\b/g, '$1')
  }
  for (const [re, type] of RULES) if (re.test(q)) return type
  return 'entity'
}

const MONTHS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'.split(' ')
)
const DAYS = new Set('monday tuesday wednesday thursday friday saturday sunday'.split(' '))
const DATE_WORDS = new Set('century centuries decade decades ago yesterday today tomorrow bc ad bce ce'.split(' '))
const NUMBER_WORDS = new Set(
  (
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen ' +
    'eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands ' +
    'million millions billion billions trillion dozen dozens half percent'
  ).split(' ')
)
const REASON_WORDS = new Set('because cause caused causes due since reason reasons result resulted owing therefore'.split(' '))

/** First character an ASCII digit (as /^\d/ reads it). */
const isDigits = (w: Word) => {
  const c = w.string.charCodeAt(0)
  return c >= 48 && c <= 57
}
/** TrecQA-style masked numbers ("<num>") arrive as the word "num" between angle brackets. */
const isMasked = (w: Word, text: string) => w.lower === 'num' && text[w.span[0] - 1] === '<'
const isNumber = (w: Word, text: string) => isDigits(w) || isMasked(w, text) || NUMBER_WORDS.has(w.lower)
const isYear = (w: Word, text: string) => (/^\d{4}s?$/.test(w.string) && +w.string.slice(0, 4) >= 1000 && +w.string.slice(0, 4) <= 2100) || isMasked(w, text)
const isDate = (w: Word, text: string) => isYear(w, text) || MONTHS.has(w.lower) || DAYS.has(w.lower) || DATE_WORDS.has(w.lower)
/** An upper-case first letter; the regular expression only past ASCII. */
const isCapital = (w: Word) => {
  const c = w.string.charCodeAt(0)
  return c < 128 ? c >= 65 && c <= 90 : /^\p{Lu}/u.test(w.string)
}

/** A word that may belong to a name: capitalised and not a function word, month or day. */
function isName(w: Word, words: Words, i: number): boolean {
  if (!isCapital(w) || FUNCTION_WORDS.has(w.lower) || MONTHS.has(w.lower) || DAYS.has(w.lower)) return false
  // A capital at a sentence start says nothing unless the next word is capitalised too.
  const prev = words.words[i - 1]
  if (!prev || prev.sentence !== w.sentence) {
    const next = words.words[i + 1]
    if (!next || next.sentence !== w.sentence) return true // a one-word answer: "Shakespeare."
    if (isCapital(next) && !FUNCTION_WORDS.has(next.lower)) return true
    // "Shakespeare wrote it", "Paris is ...": a singular subject before a past or singular verb, with
    // nothing between them ("However, ..." and "Trains are ..." stay plain words).
    if (!/^\s+$/.test(words.text.slice(w.span[1], next.span[0]))) return false
    return SINGULAR_VERB.has(next.lower) || (!FUNCTION_WORDS.has(next.lower) && baseForm(next.lower)?.[1] === true)
  }
  return true
}

const SINGULAR_VERB = new Set('is was has does'.split(' '))

const PLACE_PREPS = new Set('in at from near across to of'.split(' '))

/**
 * Indices of the words of `words` that could answer a question of type `type`, leaving out words the
 * query already holds (`known`: stems of the query). `entity`, `manner` and `yesno` accept any content word.
 * `last`: read words up to this index only (the generated question reads the first sentence).
 */
export function answerWords(words: Words, type: AnswerType, known: Set<string>, last = words.words.length - 1): number[] {
  const out: number[] = []
  const { text } = words
  const all = words.words
  for (let i = 0; i <= last && i < all.length; i++) {
    const w = all[i]
    if (known.has(w.stem)) continue
    let ok = false
    switch (type) {
      case 'number':
        ok = isNumber(w, text)
        break
      case 'date':
        ok = isDate(w, text)
        break
      case 'person':
        ok = isName(w, words, i)
        break
      case 'place':
        ok = isName(w, words, i) && (PLACE_PREPS.has(words.words[i - 1]?.lower ?? '') || isName(words.words[i - 1] ?? w, words, i - 1))
        break
      case 'reason':
        ok = REASON_WORDS.has(w.lower)
        break
      default:
        ok = w.weight >= 0.3 && !FUNCTION_WORDS.has(w.lower)
    }
    if (ok) out.push(i)
  }
  return out
}

const AUX = new Set('is are was were has have had can could will would shall should may might must does did do'.split(' '))
const IRREGULAR: Record<string, string> = {
  wrote: 'write', made: 'make', became: 'become', won: 'win', began: 'begin', took: 'take', gave: 'give', led: 'lead',
  built: 'build', found: 'find', sold: 'sell', met: 'meet', left: 'leave', went: 'go', came: 'come', got: 'get',
  held: 'hold', knew: 'know', saw: 'see', said: 'say', told: 'tell', bought: 'buy', grew: 'grow', ran: 'run',
  fell: 'fall', brought: 'bring', thought: 'think', paid: 'pay', sent: 'send', spent: 'spend', lost: 'lose',
  became_: 'become', chose: 'choose', drew: 'draw', flew: 'fly', forgot: 'forget', hid: 'hide', rose: 'rise',
  sang: 'sing', spoke: 'speak', stood: 'stand', struck: 'strike', taught: 'teach', threw: 'throw', wore: 'wear',
  invented: 'invent', lived: 'live', died: 'die', has: 'have', does: 'do', goes: 'go'
}

/** Base form of a past or third-person verb, and whether it was past; undefined when `w` is neither. */
function baseForm(lower: string): [string, boolean] | undefined {
  if (IRREGULAR[lower]) return [IRREGULAR[lower], !/s$/.test(lower) || lower === 'has' ? lower !== 'has' && lower !== 'does' && lower !== 'goes' : false]
  if (/ied$/.test(lower) && lower.length > 4) return [lower.slice(0, -3) + 'y', true]
  if (/ed$/.test(lower) && lower.length > 4) {
    let b = lower.slice(0, -2)
    if (/(at|iz|bl|us|v|c|g|ur|os|in|ot)$/.test(b)) b += 'e'
    else if (/([bdgmnprt])\1$/.test(b)) b = b.slice(0, -1)
    return [b, true]
  }
  if (/[^s]s$/.test(lower) && lower.length > 3 && !/(ous|ss|is|us)$/.test(lower)) {
    if (/ies$/.test(lower)) return [lower.slice(0, -3) + 'y', false]
    if (/(ch|sh|x|ss)es$/.test(lower)) return [lower.slice(0, -2), false]
    return [lower.slice(0, -1), false]
  }
  return undefined
}

/** The phrase a sentence answers: a run of answer words, widened over names, numbers and date parts. */
function answerPhrase(words: Words, idx: number[], first: number, last: number, type: AnswerType): [number, number] | undefined {
  const all = words.words
  const set = new Set(idx.filter((i) => i >= first && i <= last))
  if (set.size === 0) return undefined
  const part = (i: number) =>
    set.has(i) || ((type === 'date' || type === 'number') && (isNumber(all[i], words.text) || isDate(all[i], words.text)))
  for (const a0 of [...set].sort((x, y) => x - y)) {
    let a = a0
    let b = a
    while (b + 1 <= last && part(b + 1)) b++
    const prev = all[a - 1]
    // A place is a name after a preposition ("in Hodgenville"); a person a name of two words or more.
    if (type === 'place' && !(prev && /^(in|at|from|near)$/.test(prev.lower))) continue
    if (type === 'person' && b === a) continue
    // The preposition or hedge in front goes with it ("in 1809", "about 40 million").
    if (prev && a - 1 >= first && /^(in|on|at|during|from|since|by|near|about|around|nearly|almost|over|approximately|some)$/.test(prev.lower)) a--
    return [a, b]
  }
  return undefined
}

export interface Generated {
  question: string
  type: AnswerType
  /** Word indices [first, last] of the answer phrase in the response, if one was found. */
  answer?: [number, number]
}

const ORDER: AnswerType[] = ['reason', 'date', 'number', 'place', 'person']

/**
 * The question the response's first sentence answers, as readable English. The answer type is the first
 * of reason, date, number, place, person with a phrase in the sentence (words the query holds excluded),
 * else what.
 */
export function generateQuestion(words: Words, known: Set<string>): Generated {
  const all = words.words
  if (all.length === 0) return { question: '', type: 'entity' }
  const s = all[0].sentence
  let last = 0
  while (last + 1 < all.length && all[last + 1].sentence === s) last++
  let type: AnswerType = 'entity'
  let phrase: [number, number] | undefined
  for (const t of ORDER) {
    if (t === 'reason') {
      // "... because air scatters blue light": the reason runs to the end of the sentence.
      let at = -1
      for (let i = 2; i <= last; i++) {
        if (all[i].lower === 'because' || all[i].lower === 'since') {
          at = i
          break
        }
      }
      phrase = at > 0 ? [at, last] : undefined
    } else phrase = answerPhrase(words, answerWords(words, t, known, last), 0, last, t)
    if (phrase) {
      type = t
      break
    }
  }
  const text = (i: number) => all[i].string
  // A sentence's first word keeps its capital only when it is a name (not a function or common word).
  const shown = (i: number, k: number) => (k === 0 && i === 0 && all[i].string !== 'I' && (FUNCTION_WORDS.has(all[i].lower) || all[i].weight < 0.5) ? all[i].lower : text(i))
  let rest: number[] = []
  for (let i = 0; i <= last; i++) if (!phrase || i < phrase[0] || i > phrase[1]) rest.push(i)
  let wh = phrase ? WH[type] : 'What'
  // "eight legs": the counted noun goes with "How many".
  if (type === 'number' && phrase && phrase[1] + 1 <= last && !FUNCTION_WORDS.has(all[phrase[1] + 1].lower)) {
    wh = `How many ${all[phrase[1] + 1].lower}`
    rest = rest.filter((i) => i !== phrase![1] + 1)
  }
  if (!phrase) return { question: whatQuestion(words, last, shown), type }
  if (phrase && phrase[0] === 0 && type !== 'date' && type !== 'reason') {
    // The answer is the subject: "Jane Austen wrote Pride and Prejudice." -> "Who wrote Pride and Prejudice?"
    return { question: finish([wh, ...rest.map((i) => text(i))]), type, answer: phrase }
  }
  const aux = rest.findIndex((i) => AUX.has(all[i].lower))
  const auxWord = aux >= 0 ? all[rest[aux]].lower : ''
  // "has" / "have" as the main verb ("A spider has eight legs") takes do-support, not inversion.
  const mainHave = /^(has|have|had)$/.test(auxWord) && !(aux + 1 < rest.length && /(ed|en|wn|ne)$/.test(all[rest[aux + 1]].lower))
  let body: string[]
  if (aux > 0 && aux <= 8 && !mainHave) {
    body = [wh, auxWord, ...rest.filter((_, k) => k !== aux).map((i, k) => shown(i, k))]
  } else {
    // do-support: "Lincoln lived in Springfield." -> "Where did Lincoln live?"
    let verb = -1
    let form: [string, boolean] | undefined
    for (let k = 1; k < Math.min(rest.length, 8) && verb < 0; k++) {
      const w = all[rest[k]]
      const f = mainHave && k === aux ? ([w.lower === 'had' ? 'have' : 'have', w.lower === 'had'] as [string, boolean]) : baseForm(w.lower)
      if (f && (k === aux || (!isName(w, words, rest[k]) && !FUNCTION_WORDS.has(w.lower)))) {
        verb = k
        form = f
      }
    }
    if (verb > 0 && form) {
      const subject = rest.slice(0, verb).map((i, k) => shown(i, k))
      const after = rest.slice(verb + 1).map((i) => text(i))
      // The verb goes last when the rest was the object the answer replaced ("does a spider have").
      body = [wh, form[1] ? 'did' : 'does', ...subject, form[0], ...after]
    } else body = [wh, 'is', ...rest.map((i, k) => shown(i, k))]
  }
  return { question: finish(body), type, answer: phrase }
}

const DETERMINERS = new Set('the a an this that these those my our your his her its their some many most each every'.split(' '))

/**
 * A what-question for a sentence with no specific answer phrase: "X is Y." -> "What is X?", else
 * subject + verb + object -> "What do/does/did <subject> <verb>?" ("Spiders use their legs" ->
 * "What do spiders use?").
 */
function whatQuestion(words: Words, last: number, shown: (i: number, k: number) => string): string {
  const all = words.words
  const aux = all.findIndex((w, i) => i <= last && /^(is|are|was|were)$/.test(w.lower))
  if (aux > 0 && aux <= 8) return finish(['What', all[aux].lower, ...all.slice(0, aux).map((_, i) => shown(i, i))])
  // Subject: a determiner and its noun (with "of ..." after), a run of names, or one word.
  let end = 0
  if (DETERMINERS.has(all[0].lower)) {
    end = Math.min(1, last)
    while (end + 2 <= last && all[end + 1].lower === 'of') end += 2
  } else {
    while (end + 1 <= last && isName(all[end + 1], words, end + 1) && isName(all[end], words, end)) end++
  }
  const verb = all[end + 1]
  if (!verb || end + 1 > last || FUNCTION_WORDS.has(verb.lower)) return finish(['What', 'about', ...all.slice(0, Math.min(last + 1, 12)).map((_, i) => shown(i, i))])
  const form = baseForm(verb.lower)
  const plural = end === 0 ? /s$/.test(all[0].lower) || /^(i|you|we|they)$/.test(all[0].lower) : /s$/.test(all[end].lower)
  const aux2 = form ? (form[1] ? 'did' : 'does') : plural ? 'do' : 'does'
  return finish(['What', aux2, ...all.slice(0, end + 1).map((_, i) => shown(i, i)), form ? form[0] : verb.lower])
}

const TRAILING = /[\s,;:.!?]/

/** Join words into a question: no space before punctuation, one capital, one question mark. */
function finish(words: string[]): string {
  let q = words.join(' ')
  // Each replacement only where its characters occur.
  if (q.includes(',') || q.includes(';') || q.includes(':')) q = q.replace(/\s+([,;:])/g, '$1')
  if (q.length && TRAILING.test(q[q.length - 1])) q = q.replace(/[\s,;:.!?]+$/, '')
  q = q.replace(/\s+/g, ' ').trim()
  return q.length ? q[0].toUpperCase() + q.slice(1) + '?' : ''
}

/**
 * What a question asks about, for the evidence that a response is about it: `define` for "what / who is
 * X", "what does X mean / stand for", "define X" (the answer is a sentence defining X); `how` for "how
 * does / is X ..." (the answer tells a mechanism); `other` for the rest. `stems`: the content words of X's
 * head phrase, up to its first preposition ("a fret on a guitar" -> fret; "the meaning of X" -> X).
 */
export type SubjectKind = 'define' | 'how' | 'other'

export interface QuestionSubject {
  kind: SubjectKind
  stems: string[]
}

const COPULA = new Set('is are was were'.split(' '))
const HOW_AUX = new Set('does do did is are was were can'.split(' '))
const SUBJECT_PREPS = new Set('of on in for at from to with about by during between into as'.split(' '))
/** Nouns that name an aspect, not a subject, when "of" follows: "the name of X" asks about X. */
const ASPECT = new Set('name meaning definition purpose function role use type kind'.split(' '))
/** Question words that are not the subject however rare. */
const NOT_SUBJECT = new Set('mean means meant stand called name kind type'.split(' '))

export function questionSubject(query: Words): QuestionSubject {
  const w = query.words
  const at = (i: number) => w[i]?.lower ?? ''
  let kind: SubjectKind = 'other'
  let a = 0
  let b = w.length
  const trim = () => {
    if (at(b - 1) === 'mean') b--
    else if ((at(b - 2) === 'stand' || at(b - 2) === 'used') && at(b - 1) === 'for') b -= 2
  }
  if ((at(0) === 'what' || at(0) === 'who') && (COPULA.has(at(1)) || at(1) === 's')) {
    kind = 'define'
    a = 2
    trim()
  } else if (at(0) === 'what' && /^(does|do|did)$/.test(at(1)) && (at(b - 1) === 'mean' || (at(b - 2) === 'stand' && at(b - 1) === 'for'))) {
    kind = 'define'
    a = 2
    trim()
  } else if (at(0) === 'define' || (at(0) === 'definition' && at(1) === 'of')) {
    kind = 'define'
    a = at(0) === 'define' ? 1 : 2
  } else if (at(0) === 'how' && HOW_AUX.has(at(1))) {
    kind = 'how'
    a = 2
  }
  // The head phrase: past "the name of", determiners, up to the first preposition.
  while (ASPECT.has(at(a)) && SUBJECT_PREPS.has(at(a + 1))) a += 2
  while (a < b && DETERMINERS.has(at(a))) a++
  let e = a
  while (e < b && !SUBJECT_PREPS.has(at(e))) e++
  if (e > a) b = e
  const stems: string[] = []
  for (let i = a; i < b; i++) {
    const x = w[i]
    if (isContent(x) && !NOT_SUBJECT.has(x.lower) && !stems.includes(x.stem)) stems.push(x.stem)
  }
  return { kind, stems }
}

/** Non-bracketed words of the first sentence searched for its verb "is" (its subject comes before it). */
const SUBJECT_WORDS = 8
/** Words after the verb that make the sentence a definition: "X is a ...", "X refers to ...". */
const DEFINING_NEXT = new Set('a an the one any to defined also commonly usually generally'.split(' '))
const ARTICLES = new Set('a an the'.split(' '))

/** Indices of the subject's words (outside brackets) of the sentence being read: no array per call. */
const subjectWords = new Int32Array(SUBJECT_WORDS)

export interface SubjectDefinition {
  /** 0..1: share of the question subject's words in the sentence's subject, halved unless it defines it. */
  share: number
  /** Word indices [first word, verb] of the sentence's subject and its verb, when it has one. */
  span?: [number, number]
  /** The verb is followed by a definition ("is a", "refers to", "is also known"). */
  defining: boolean
}

export const NO_DEFINITION: SubjectDefinition = { share: 0, defining: false }

/**
 * Whether the response's first sentence is about the question's subject: the words before its first
 * "is / are / was / were / refers" (bracketed asides skipped, at most SUBJECT_WORDS words) hold the
 * subject's words. A passing mention later in the sentence does not count.
 */
export function definesSubject(response: Words, stems: string[]): SubjectDefinition {
  const all = response.words
  if (stems.length === 0 || all.length === 0) return NO_DEFINITION
  const text = response.text
  const first = all[0].sentence
  let depth = 0
  let gap = 0
  let n = 0
  let verb = -1
  for (let i = 0; i < all.length && all[i].sentence === first && n < SUBJECT_WORDS; i++) {
    // Brackets between the previous word and this one (each character read once).
    for (let k = gap; k < all[i].span[0]; k++) {
      const c = text.charCodeAt(k)
      if (c === 40 || c === 91) depth++
      else if ((c === 41 || c === 93) && depth > 0) depth--
    }
    gap = all[i].span[1]
    if (depth > 0) continue
    const lw = all[i].lower
    if (COPULA.has(lw) || lw === 'refers') {
      verb = i
      break
    }
    subjectWords[n++] = i
  }
  if (verb < 0 || n === 0) return NO_DEFINITION
  let hit = 0
  for (const s of stems) {
    for (let k = 0; k < n; k++) {
      if (all[subjectWords[k]].stem === s) {
        hit++
        break
      }
    }
  }
  if (hit === 0) return NO_DEFINITION
  const next = all[verb + 1]?.lower ?? ''
  const after = all[verb + 2]?.lower ?? ''
  const defining = all[verb].lower === 'refers' || DEFINING_NEXT.has(next) || (next !== '' && !FUNCTION_WORDS.has(next) && ARTICLES.has(after))
  return { share: (hit / stems.length) * (defining ? 1 : 0.5), span: [subjectWords[0], verb], defining }
}

/** Words that tell how something happens, the answer to a "how does X ..." question. */
const MECHANISM = new Set('by through using via because'.split(' '))

/** Index of the response's first mechanism word, -1 for none. */
export function mechanismWord(response: Words): number {
  const all = response.words
  for (let i = 0; i < all.length; i++) if (MECHANISM.has(all[i].lower)) return i
  return -1
}
