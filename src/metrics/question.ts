// Questions without a language model. `askedType` reads what kind of answer a query asks for (who ->
// a person, when -> a date, how many -> a number, ...); `answerSpans` finds phrases of a given type in a
// text; `generateQuestion` turns a response's first sentence into the question it answers: it picks the
// answer phrase (a date, a number, a name, ...), removes it, and moves the auxiliary (or adds do-support)
// in front of the remaining clause: "Lincoln was born in 1809." -> "When was Lincoln born?".
import { FUNCTION_WORDS, type Word, type Words } from './text-words.js'

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
  const q = query.toLowerCase().replace(/\b(\w+one|\w+body|people|person|those|man|woman|children|users?|customers?|friends?) (who|which|that|whom)\b/g, '$1')
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

const isDigits = (w: Word) => /^\d/.test(w.string)
/** TrecQA-style masked numbers ("<num>") arrive as the word "num" between angle brackets. */
const isMasked = (w: Word, text: string) => w.lower === 'num' && text[w.span[0] - 1] === '<'
const isNumber = (w: Word, text: string) => isDigits(w) || isMasked(w, text) || NUMBER_WORDS.has(w.lower)
const isYear = (w: Word, text: string) => (/^\d{4}s?$/.test(w.string) && +w.string.slice(0, 4) >= 1000 && +w.string.slice(0, 4) <= 2100) || isMasked(w, text)
const isDate = (w: Word, text: string) => isYear(w, text) || MONTHS.has(w.lower) || DAYS.has(w.lower) || DATE_WORDS.has(w.lower)
const isCapital = (w: Word) => /^\p{Lu}/u.test(w.string)

/** A word that may belong to a name: capitalised and not a function word, month or day. */
function isName(w: Word, words: Words, i: number): boolean {
  if (!isCapital(w) || FUNCTION_WORDS.has(w.lower) || MONTHS.has(w.lower) || DAYS.has(w.lower)) return false
  // A capital at a sentence start says nothing unless the next word is capitalised too.
  const prev = words.words[i - 1]
  if (!prev || prev.sentence !== w.sentence) {
    const next = words.words[i + 1]
    return !!next && next.sentence === w.sentence && isCapital(next) && !FUNCTION_WORDS.has(next.lower)
  }
  return true
}

const PLACE_PREPS = new Set('in at from near across to of'.split(' '))

/**
 * Indices of the words of `words` that could answer a question of type `type`, leaving out words the
 * query already holds (`known`: stems of the query). `entity`, `manner` and `yesno` accept any content word.
 */
export function answerWords(words: Words, type: AnswerType, known: Set<string>): number[] {
  const out: number[] = []
  const { text } = words
  words.words.forEach((w, i) => {
    if (known.has(w.stem)) return
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
  })
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

/** The phrase a sentence answers: a run of answer words, widened over names and number units. */
function answerPhrase(words: Words, idx: number[], first: number, last: number): [number, number] | undefined {
  const inside = idx.filter((i) => i >= first && i <= last)
  if (inside.length === 0) return undefined
  let a = inside[0]
  let b = a
  while (b + 1 <= last && inside.includes(b + 1)) b++
  // A preposition in front of a date or place goes with it ("in 1809", "at Oxford").
  const prev = words.words[a - 1]
  if (prev && a - 1 >= first && /^(in|on|at|during|from|since|by|near)$/.test(prev.lower)) a--
  return [a, b]
}

export interface Generated {
  question: string
  type: AnswerType
  /** Word indices [first, last] of the answer phrase in the response, if one was found. */
  answer?: [number, number]
}

const ORDER: AnswerType[] = ['date', 'number', 'place', 'person']

/**
 * The question the response's first sentence answers, as readable English. The answer type is the first
 * of date, number, place, person with a phrase in the sentence (words the query holds excluded), else what.
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
    phrase = answerPhrase(words, answerWords(words, t, known), 0, last)
    if (phrase) {
      type = t
      break
    }
  }
  const text = (i: number) => all[i].string
  const rest: number[] = []
  for (let i = 0; i <= last; i++) if (!phrase || i < phrase[0] || i > phrase[1]) rest.push(i)
  const lowerFirst = (i: number, k: number) => (k === 0 && !isName(all[i], words, i) ? all[i].lower : text(i))
  let body: string[]
  if (!phrase) {
    // No specific answer: ask what the sentence's subject is or does.
    const aux = rest.findIndex((i) => AUX.has(all[i].lower))
    if (aux > 0) {
      body = ['What', all[rest[aux]].lower, ...rest.slice(0, aux).map((i, k) => lowerFirst(i, k)), 'about']
      if (rest.length - aux - 1 > 0 && aux <= 3) body = ['What', all[rest[aux]].lower, ...rest.slice(0, aux).map((i, k) => lowerFirst(i, k))]
    } else body = ['What', 'about', ...rest.slice(0, Math.min(rest.length, 8)).map((i, k) => lowerFirst(i, k))]
    return { question: finish(body), type }
  }
  const wh = WH[type]
  if (phrase[0] === 0) {
    // The answer is the subject: "Hugo Young wrote the biography." -> "Who wrote the biography?"
    body = [wh, ...rest.map((i) => text(i))]
    if (type === 'date' || type === 'place') {
      const aux = rest.findIndex((i) => AUX.has(all[i].lower))
      if (aux > 0) body = [wh, all[rest[aux]].lower, ...rest.filter((_, k) => k !== aux).map((i, k) => lowerFirst(i, k))]
    }
    return { question: finish(body), type, answer: phrase }
  }
  const aux = rest.findIndex((i) => AUX.has(all[i].lower))
  if (aux > 0 && aux <= 8) {
    body = [wh, all[rest[aux]].lower, ...rest.filter((_, k) => k !== aux).map((i, k) => lowerFirst(i, k))]
  } else {
    // do-support: "Lincoln lived in Springfield." -> "Where did Lincoln live?"
    let verb = -1
    let form: [string, boolean] | undefined
    for (let k = 1; k < Math.min(rest.length, 8) && verb < 0; k++) {
      const f = baseForm(all[rest[k]].lower)
      if (f && !isName(all[rest[k]], words, rest[k]) && !FUNCTION_WORDS.has(all[rest[k]].lower)) {
        verb = k
        form = f
      }
    }
    if (verb > 0 && form) {
      body = [wh, form[1] ? 'did' : 'does', ...rest.map((i, k) => (k === verb ? form![0] : lowerFirst(i, k)))]
    } else body = [wh, 'is', ...rest.map((i, k) => lowerFirst(i, k))]
  }
  if (type === 'number' && phrase[1] + 1 <= last && !rest.includes(phrase[1] + 1)) body.splice(1, 0, all[phrase[1]].lower)
  return { question: finish(body), type, answer: phrase }
}

/** Join words into a question: no space before punctuation, one capital, one question mark. */
function finish(words: string[]): string {
  let q = words.join(' ').replace(/\s+([,;:])/g, '$1').replace(/[\s,;:.!?]+$/, '')
  q = q.replace(/\s+/g, ' ').trim()
  return q.length ? q[0].toUpperCase() + q.slice(1) + '?' : ''
}
