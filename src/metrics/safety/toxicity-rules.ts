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
//    are terrorists", "I hate gay people"), or as praise denied ("Muslims are not decent people"); the
//    group term alone is nothing;
//  - obscene and sexual_explicit: the words themselves;
//  - and the evidence that lowers a score: negation before the hostile word ("I don't hate women",
//    "you're not stupid"), counter-speech (the hostile words inside quotes, or talked about as words
//    — "calling someone X", "the word X" — next to disapproval: wrong, hurtful, racist ...),
//    condemned speech (what "saying X is racist", "'X' is a hateful thing to say" or "stop telling
//    people X" reports has its learned evidence set aside, listed word or not), praise of people ("they
//    are lovely", with nothing hostile or contrary in the sentence: its learned evidence set aside), and
//    profanity used for emphasis next to approval ("fucking brilliant") with nothing aimed at anyone;
//  - profanity made an insult by its frame: "shit for brains", "crap, that is what you are".
// Weights are in logit units, set by hand (the training data has no category labels and its policy on
// profanity is not ours); the overall calibration is fitted with them in place.

/** Where the core's result block holds the neutralised words' feature count (re-exported for the trainer). */
export { VEC_NEUTRAL } from '../../core/abi.js'

/** Lexicon flag bits (the model file's lexicon carries them; NOFEAT is the core's own bit). */
export const FLAGS: Record<
  'PROF' | 'INSULT' | 'SLUR' | 'THREAT' | 'IDENT' | 'HOSTILE' | 'SEX' | 'SEXWEAK' | 'YOU' | 'NEG' | 'FUT' | 'FIRST' | 'THIRD' | 'MODAL' | 'COPULA' | 'META' | 'DISAPPROVE' | 'SELF' | 'POS' | 'ADJ' | 'FUZZY' | 'IDIOM' | 'SWAPPED' | 'TRAIT' | 'EDIT1' | 'ESTEEM' | 'CHARGE' | 'RETURN' | 'NOFEAT',
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
  /** A hostile word a misspelling with its letters out of order may stand for (see `withSwaps`). */
  FUZZY: 1048576,
  /** The head word of a hostile idiom ("nobody likes you", "shut up", "a waste of space"; see IDIOMS). */
  IDIOM: 2097152,
  /** Set by `withSwaps` on a misspelt text word read as a FUZZY word: it counts only when aimed at someone. */
  SWAPPED: 4194304,
  /** Praise of character or worth ("decent", "smart", "human"): denied of a group, an identity attack. */
  TRAIT: 8388608,
  /** A FUZZY word also read with one letter dropped or one letter doubled ("imigrants", "stuppid"). */
  EDIT1: 16777216,
  /** Regard for a person ("respect", "trust", "welcome", "worth"): denied of a group, an identity attack. */
  ESTEEM: 33554432,
  /** A charge that judges a person as often as a thing ("violent", "dangerous", "a threat"): hostile only predicated of a group. */
  CHARGE: 67108864,
  /** "back": after a verb of sending or going, with a group named, a group sent back where it came from. */
  RETURN: 134217728,
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
/**
 * Hostile idioms without a hostile word, by their head word (flagged IDIOM in the lexicon): the words
 * that must follow it, and whether the idiom needs a target ("you" within four words before, or a
 * third person with a copula: "he is a waste of space") or is itself addressed to the reader (its last
 * word is "you", or "you" follows within four words: "shut up, you ...", "nobody asked you"). A thing
 * is no target: "this closet is a waste of space", "my phone is a piece of junk".
 */
const IDIOMS: Record<string, { next: Array<Set<string>>; target: boolean }> = {
  nobody: { next: [new Set(['likes', 'loves', 'wants', 'cares', 'asked', 'needs', 'misses'])], target: false },
  noone: { next: [new Set(['likes', 'loves', 'wants', 'cares', 'asked', 'needs', 'misses'])], target: false },
  shut: { next: [new Set(['up'])], target: false },
  waste: { next: [new Set(['of']), new Set(['space', 'oxygen', 'air', 'skin', 'flesh', 'sperm', 'life'])], target: true },
  piece: { next: [new Set(['of']), new Set(['shit', 'crap', 'garbage', 'trash', 'filth', 'dirt', 'work'])], target: true }
}
/**
 * Where a group "belongs" when it is caged or put out of sight ("women belong in a zoo", "immigrants belong
 * in cages"): after "belong(s) in", with an article or not. Read only after a group term
 * (`groupFrame`); "dinosaurs belong in a museum" names no group.
 */
const CAGED = new Set(['zoo', 'zoos', 'cage', 'cages', 'jail', 'jails', 'prison', 'prisons', 'camp', 'camps', 'ghetto', 'ghettos', 'gutter', 'sewer', 'sewers', 'dumpster', 'trash', 'garbage', 'oven', 'ovens', 'chains', 'kitchen'])
/** Verbs that send or go "back" (`sentBack`). */
const SEND_BACK = new Set(['go', 'send', 'ship', 'deport', 'kick', 'cart', 'boot', 'fly', 'put'])
/** Words between "back to" and the homeland ("back to their own country"). */
const BEFORE_HOMELAND = new Set(['your', 'their', 'his', 'her', 'own', 'the'])
/** Where a group is sent "back to": its own land ("back to your own country"), not work or school. */
const HOMELAND = new Set(['country', 'countries', 'homeland', 'homelands', 'home', 'land', 'lands', 'jungle', 'jungles', 'desert', 'deserts', 'cave', 'caves', 'hut', 'huts', 'africa', 'mexico', 'india', 'china', 'pakistan', 'israel', 'poland'])
/** Verbs of "nobody likes ..." that, with a group after them, declare it unwanted. */
const UNWANTED = new Set(['likes', 'loves', 'wants', 'needs', 'misses'])
/** Verbs of thought or speech that a conditional opens ("if you think women are vermin, you are wrong"). */
const THOUGHT = new Set(['think', 'thinks', 'believe', 'believes', 'say', 'says', 'said', 'feel', 'feels', 'claim', 'claims'])
/** Insult evidence of a hostile idiom aimed at someone (as hatred declared to the reader). */
export const IDIOM_EVIDENCE = 2.5
/** Identity-attack evidence of praise denied of a group ("women are not smart"): less sure than a hostile word. */
export const DENIED = 3
/** Share of the evidence a negated or counter-speech hit takes off the overall logit. */
export const UNDO = 0.6
/** What may follow "for" to make profanity an insult ("shit for brains"). */
const FOR_BRAINS = new Set(['brains', 'brain'])
/**
 * "Stop saying X": the verbs of speech "stop" condemns. Not after "don't" or "never" ("don't tell them
 * nothing", "never call a b*tch") and not "use" ("stop using the victims"): those forbid an act.
 */
const SPEECH = new Set(['say', 'saying', 'tell', 'telling', 'call', 'calling', 'label', 'labelling', 'labeling'])
/** Words that end the reported clause of an unquoted "stop saying X" (what follows is the speaker's own). */
const CLAUSE_END = new Set(['and', 'but', 'so', 'or', 'then', 'because'])
/** Words that turn praise ("they are lovely until ..."): praise followed by one of them is not read as praise. */
/**
 * Words that open a clause with its own subject after a comma, colon or dash ("..., they are vermin"):
 * a negation before that break belongs to the clause before it ("not lovely, they are vermin").
 */
const SUBJECTS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'these', 'those', "you're", "they're", "it's", "he's", "she's", "we're", "i'm", 'youre', 'theyre'])
/** After "good at": whose skill it is ("their jobs") or what ("what they do"). */
const AT_WHOSE = new Set(['their', 'his', 'her', 'our', 'your', 'my', 'what'])
const TURN = new Set(['but', 'until', 'unless', 'except', 'when', 'if', 'though', 'although', 'yet', 'only'])
/** Words that may stand between a copula and the praise ("they are so kind", "she is a lovely person"). */
const INTENSIFIER = new Set(['so', 'very', 'really', 'truly', 'such', 'a', 'an', 'the', 'just', 'always', 'all', 'most', 'quite', 'pretty', 'incredibly', 'super', 'extremely', 'absolutely', 'genuinely'])
/** People the praise may be of ("they are lovely people"); any other word after it ("gold diggers", "good for") makes it no praise. */
const PERSONS = new Set(['people', 'person', 'persons', 'folks', 'friends', 'neighbours', 'neighbors', 'parents', 'kids', 'children', 'human', 'humans', 'men', 'women', 'man', 'woman', 'guys', 'souls', 'colleagues', 'family', 'families', 'boys', 'girls', 'individuals'])
/**
 * Esteem denied of a group (flagged ESTEEM in the lexicon). Verbs of regard that take the group as their
 * object ("I don't respect women", "I will never trust a Jew"); the forms that say of the group, as its
 * subject, that it is regarded ("immigrants can't be trusted", "are not welcome", "don't matter"). The
 * active verbs said by the group are its own doing, not a judgement of it ("Muslims don't like pork").
 */
const ESTEEM_OF = new Set(['respect', 'trust', 'like', 'value', 'tolerate', 'accept', 'welcome', 'hire', 'appreciate', 'admire', 'stand'])
const ESTEEMED = new Set(['trusted', 'respected', 'accepted', 'tolerated', 'valued', 'hired', 'allowed', 'welcome', 'welcomed', 'worth', 'matter', 'matters', 'belong', 'belongs'])
/** Said without a modal these report how a group is treated ("refugees are not allowed to work"); with one, they judge it. */
const NEEDS_MODAL = new Set(['trusted', 'respected', 'accepted', 'tolerated', 'valued', 'hired', 'allowed'])
const MODAL_NEG = new Set(["can't", 'cant', 'cannot', 'can’t', "shouldn't", 'shouldnt', 'shouldn’t', "mustn't", 'mustnt', 'mustn’t'])
const MODALS = new Set(['can', 'could', 'should', 'must', 'shall'])
/** What may stand between a verb of regard and its group ("never trust a Jew", "respect any of those"). */
const BEFORE_GROUP = new Set(['a', 'an', 'the', 'any', 'all', 'those', 'these', 'most', 'some', 'many', 'every', 'of'])
/** What may follow the group when it ends the object: the group is a person, not a thing's kind ("Chinese food"). */
const AFTER_GROUP = new Set(['at', 'here', 'there', 'in', 'anymore', 'again', 'either', 'too', 'and', 'or', 'because', 'since', 'as', 'ever', 'very', 'much', 'one', 'bit', 'around', 'near', 'enough', 'now', 'today'])
/** What may stand between a subject group and its negation ("black people aren't", "black lives don't", "immigrants simply can't"). */
const SUBJECT_GAP = new Set(['lives', 'are', 'is', 'were', 'was', 'can', 'could', 'should', 'must', 'will', 'would', 'do', 'does', 'did', 'just', 'simply', 'really', 'all', 'also', 'still', 'truly', 'honestly', 'generally'])
/** What may stand between the negation and the esteem ("can't be trusted", "are not really welcome"). */
const NEG_GAP = new Set(['be', 'being', 'been', 'ever', 'really', 'truly', 'even', 'very', 'at', 'all'])
/** "I don't think <group> are <trait>": the negation of the thought denies what follows. */
const THINK = new Set(['think', 'believe', 'feel', 'consider', 'find'])
/** Words that join the group to another as alternatives ("black or white doesn't matter"): no judgement of either. */
const ALTERNATIVE = new Set(['or', 'whether', 'if', 'nor'])

/**
 * What may stand between a group and a charge laid on it ("immigrants are so dangerous", "Muslims are
 * all just violent", "Jews are a virus"); one of them must be a copula (COPULAS), or the copula must open
 * a question before the group ("why are Muslims so violent?").
 */
/** What "hate" names as a topic, not a feeling ("hate speech", "hate crimes against Jews"). */
const HATE_TOPIC = new Set(['crime', 'crimes', 'speech', 'group', 'groups', 'mail', 'incident', 'incidents', 'rhetoric', 'preacher', 'preachers', 'propaganda', 'campaign', 'campaigns', 'site', 'sites', 'comments', 'posts', 'messages', 'attack', 'attacks'])
/** Verbs of treatment and report: a hostile word after them is what others did or said ("were treated as criminals", "victims of ..."). */
const REPORTED = new Set(['treated', 'treat', 'treating', 'seen', 'viewed', 'portrayed', 'depicted', 'described', 'labelled', 'labeled', 'branded', 'called', 'accused', 'stereotyped', 'dismissed', 'victims', 'victim', 'targeted', 'blamed', 'smeared', 'painted', 'targets', 'target'])
/** Words that make the group after them an object, not a subject ("sex with trans people is ..."). */
const PREPOSITIONS = new Set(['with', 'of', 'for', 'to', 'about', 'against', 'among', 'from', 'by', 'at', 'on', 'in', 'into', 'towards', 'toward', 'between', 'like', 'than'])
const COPULAS = new Set(['are', 'is', 'were', 'was', 'be', 'being', 'been'])
/** Auxiliaries after "you" that make it the subject of a verb (`youDoes`). */
const AUXILIARIES = new Set(['can', 'could', 'will', 'would', 'may', 'might', 'should', 'must', 'do', 'did', 'have', 'had', 'need', "can't", 'cannot', "won't"])
/** Words under which a text is short for the pronoun rule (as the head's shortness term: SETTINGS.words). */
const SHORT_WORDS = 8
/** Pronouns of a group: learned from statements about groups, evidence only where a statement is made. */
const PLURAL_PRONOUNS = new Set(['they', 'them', 'their', "they're", 'they’re'])
const CHARGE_GAP = new Set([...COPULAS, ...INTENSIFIER, 'too', 'like', 'nothing', 'but', 'inherently', 'naturally', 'basically', 'generally', 'mostly', 'simply', 'literally'])
/** Pronouns that stand for a group named before them, and how far back the group may be named. */
const THEY = new Set(['they', "they're", 'theyre', 'they’re', 'these', 'those'])
const PRONOUN_REACH = 30
/** Articles and demonstratives that open a noun phrase ("a stupid decision", "these stupid phones"). */
const ARTICLES = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'such'])
/** More nouns of persons an insulting adjective may qualify ("stupid girl", "ugly dude"). */
const PERSON_NOUNS = new Set(['girl', 'boy', 'guy', 'dude', 'bro', 'kid', 'child', 'lady', 'chick', 'ppl', 'mf', 'fool', 'creature', 'creatures', 'thing', 'things'])
/** Words after an adjective that end its phrase: it is said of someone, not a noun's qualifier. */
const ADJECTIVE_END = new Set(['and', 'or', 'but', 'to', 'as', 'enough', 'lol', 'lmao', 'af', 'asf', 'then', 'so', 'because', 'like', 'for', 'of', 'in', 'at', 'with', 'too', 'than', 'tho', 'though', 'rn', 'now', 'again', 'anyway', 'honestly', 'smh', 'sometimes', 'all', 'every', 'when', 'if', 'that', 'who', 'nor', 'just', 'really', 'either', 'yourself', 'himself', 'herself', 'themselves', 'bruh'])
/** Evidence of a group with a charge predicated of it: as sure as a hostile word beside a group. */
export const CHARGED = 3.5

/** Words hostile in themselves: a frame that sets evidence aside is no frame beside them. */
const HOSTILE_WORD = F.PROF | F.INSULT | F.SLUR | F.THREAT | F.HOSTILE | F.SEX | F.IDIOM
/** Most words a condemned subject ("saying ... ") or a praised sentence is searched over: the cost stays local. */
const FRAME_WORDS = 24

export interface RuleEvidence {
  label: string
  span: [number, number]
  string: string
  weight: number
  /**
   * Words whose learned evidence the rule set aside (condemned speech, praise of people): the explanation
   * weighs the rule by what they carried, which only the head knows.
   */
  setAside?: number[]
}
export interface Rules extends Record<Category, number> {
  undo: number
  emphatic: boolean
  /** Words whose learned evidence is set aside: negated or quoted. */
  neutral: number[]
  /**
   * Hostile words a rule read as aimed at a group: the head's evidence against them is set aside (a word
   * the training data mostly used of things, "trash", must not cancel "immigrants are trash").
   */
  asserted: number[]
  /** Profane words of an emphatic text. */
  emphaticWords: number[]
  evidence: RuleEvidence[] | null
}

// The shared empty result, frozen (callers only read it).
const NOTHING: Rules = { threat: 0, insult: 0, identity_attack: 0, obscene: 0, sexual_explicit: 0, undo: 0, emphatic: false, neutral: [], asserted: [], emphaticWords: [], evidence: null }
Object.freeze(NOTHING.neutral)
Object.freeze(NOTHING.asserted)
Object.freeze(NOTHING.emphaticWords)
Object.freeze(NOTHING)

/**
 * Evidence of toxicity in `text`: `spans` are the flattened [start, end) string indices of every word,
 * `flagged` the (word index, flags) pairs in ascending word index (`nFlagged` of them), `collect` whether
 * to list the evidence (explain).
 */
export function toxicityRules(text: string, spans: ArrayLike<number>, flagged: ArrayLike<number>, nFlagged: number, collect: boolean): Rules {
  const HOT = F.PROF | F.INSULT | F.SLUR | F.THREAT | F.HOSTILE | F.SEX | F.SEXWEAK | F.IDIOM
  let any = 0
  for (let i = 1; i < 2 * nFlagged; i += 2) any |= flagged[i]
  // Nothing hostile (no hostile word, no group with praise denied): the shared empty result (callers only read it).
  const denied = F.IDENT | F.NEG | F.TRAIT
  const disregarded = F.IDENT | F.NEG | F.ESTEEM
  const charged = F.IDENT | F.CHARGE
  const returned = F.IDENT | F.RETURN
  const hot = (any & HOT) !== 0 || (any & denied) === denied || (any & disregarded) === disregarded || (any & charged) === charged || (any & returned) === returned
  // Frames that set learned evidence aside without a hostile word: condemned speech needs disapproval and
  // a copula ("is racist"), or negation and a verb of speech ("stop saying", "is never okay"); praise
  // needs a person, a copula and an approving word.
  const condemns = ((any & F.DISAPPROVE) !== 0 && (any & F.COPULA) !== 0) || ((any & F.NEG) !== 0 && (any & F.META) !== 0)
  const praises = (any & (F.POS | F.TRAIT)) !== 0 && (any & F.COPULA) !== 0 && (any & (F.THIRD | F.IDENT | F.YOU)) !== 0
  // A short text with nothing hostile: "they" with no group named before it has no statement to carry
  // ("Are they ok?" was 98, "Do they have wigs for men?" 66, the head having learned "they" from
  // statements about groups). Beside a hostile word it keeps its weight: "They are animals." is said of
  // a group.
  const bare = !hot && (any & F.THIRD) !== 0 && spans.length >> 1 < SHORT_WORDS
  if (!hot && !condemns && !praises && !bare && !collect) return NOTHING
  const out: Rules = { threat: 0, insult: 0, identity_attack: 0, obscene: 0, sexual_explicit: 0, undo: 0, emphatic: false, neutral: [], asserted: [], emphaticWords: [], evidence: collect ? [] : null }
  const r = new RuleReader(text, spans, flagged, nFlagged, out)
  if (bare) r.barePronouns()
  if (!hot && !condemns && !praises) return out
  if (condemns) r.condemnedSpeech()
  if (praises) r.praise()
  if (!hot) return out
  const SUBJECT = HOT | F.IDENT | F.CHARGE | F.RETURN
  for (let k = 0; k < nFlagged; k++) {
    const f = r.flg[k]
    if ((f & SUBJECT) === 0) continue
    if (f & F.IDIOM) r.idiom(k)
    if (f & F.THREAT) r.threat(k)
    if (f & (F.INSULT | F.SLUR)) r.insult(k)
    if (f & F.PROF) r.curseAtYou(k)
    if (f & (F.PROF | F.INSULT) && (f & F.SWAPPED) === 0) r.profaneInsult(k)
    if (f & F.HOSTILE) r.hateAtYou(k)
    if (f & (F.HOSTILE | F.CHARGE) && (any & F.IDENT) !== 0) r.groupByPronoun(k)
    if (f & F.SLUR && (f & F.SWAPPED) === 0) r.slur(k)
    if (f & F.IDENT) r.group(k)
    if (f & F.RETURN && (any & F.IDENT) !== 0) r.sentBack(k)
    if (f & F.SWAPPED) continue
    r.obsceneOrSexual(k)
  }
  r.emphasis()
  return out
}

/** The rules' reading of one text: the flagged words, what is near each, and the evidence found so far. */
class RuleReader {
  /** Word index and flags of each flagged word (k = its position in the list). */
  readonly idx: Int32Array
  readonly flg: Uint32Array
  readonly nWords: number
  /** Something hostile was aimed at someone: profanity beside approval is then no emphasis. */
  aimed = false

  constructor(
    readonly text: string,
    readonly spans: ArrayLike<number>,
    flagged: ArrayLike<number>,
    readonly nFlagged: number,
    readonly out: Rules
  ) {
    this.idx = new Int32Array(nFlagged)
    this.flg = new Uint32Array(nFlagged)
    for (let i = 0; i < nFlagged; i++) {
      this.idx[i] = flagged[2 * i]
      this.flg[i] = flagged[2 * i + 1]
    }
    this.nWords = spans.length >> 1
  }

  start(w: number): number {
    return this.spans[2 * w]
  }

  end(w: number): number {
    return this.spans[2 * w + 1]
  }

  word(w: number): string {
    return this.text.slice(this.start(w), this.end(w)).toLowerCase()
  }

  sameSentence(a: number, b: number): boolean {
    const to = this.start(Math.max(a, b))
    for (let i = this.end(Math.min(a, b)); i < to; i++) {
      const c = this.text.charCodeAt(i)
      // . ! ? ; and line breaks
      if (c === 46 || c === 33 || c === 63 || c === 59 || c === 10) return false
    }
    return true
  }

  /** The first flagged word with a flag of `mask` within [w+from, w+to] of flagged word k's word w, in its sentence; -1 if none. */
  near(k: number, from: number, to: number, mask: number): number {
    const { idx, flg } = this
    const w = idx[k]
    for (let j = k - 1; j >= 0 && idx[j] >= w + from; j--) {
      if (idx[j] <= w + to && flg[j] & mask && this.sameSentence(idx[j], w)) return j
    }
    for (let j = k + 1; j < this.nFlagged && idx[j] <= w + to; j++) {
      if (idx[j] >= w + from && flg[j] & mask && this.sameSentence(idx[j], w)) return j
    }
    return -1
  }

  // Quotes never span a line (see `quoted`), so only the word's line is searched, at most 400
  // characters each side: the cost stays local however long the text is.
  inQuotes(w: number): boolean {
    const { text } = this
    const s0 = this.start(w)
    const e0 = this.end(w)
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

  /** Talked about rather than said: in quotes, or in a sentence that talks about words or disapproves. */
  countered(k: number): boolean {
    if (this.inQuotes(this.idx[k])) return true
    if (this.near(k, -10, 10, F.META) >= 0 && this.near(k, -12, 12, F.DISAPPROVE | F.NEG) >= 0) return true
    return this.disownedThought(k)
  }

  /**
   * A thought put in a condition and judged wrong: "If you think women are vermin, you are wrong." The
   * sentence opens with "if", a verb of thought within its next three words, the word after that verb,
   * and a disapproving word later in the sentence.
   */
  disownedThought(k: number): boolean {
    const w = this.idx[k]
    const s = this.sentenceStart(w)
    // "if" read from its two characters: countered() asks for every hostile word and group term.
    const a = this.start(s)
    if (this.end(s) - a !== 2 || (this.text.charCodeAt(a) | 0x20) !== 0x69 || (this.text.charCodeAt(a + 1) | 0x20) !== 0x66) return false
    let t = -1
    for (let v = s + 1; v <= s + 3 && v < w; v++) if (THOUGHT.has(this.word(v))) t = v
    if (t < 0) return false
    const d = this.near(k, 1, 12, F.DISAPPROVE)
    return d >= 0 && this.sameSentence(w, this.idx[d])
  }

  /**
   * Whether a negation at word a reaches word b > a: one sentence, with no "but" between them and no comma,
   * colon or dash followed by a new subject ("Muslims are not lovely, they are vermin": "not" does not
   * reach "vermin"; "I don't think, honestly, you're an idiot" still does not hold it past "honestly").
   */
  negationReaches(a: number, b: number): boolean {
    if (!this.sameSentence(a, b)) return false
    for (let w = a + 1; w <= b; w++) {
      const before = this.text.slice(this.end(w - 1), this.start(w))
      if (/[,:\u2013\u2014-]/.test(before) && SUBJECTS.has(this.word(w))) return false
      if (w < b && this.word(w) === 'but') return false
    }
    return true
  }

  negated(k: number): boolean {
    const j = this.near(k, -5, -1, F.NEG)
    return j >= 0 && this.negationReaches(this.idx[j], this.idx[k])
  }

  note(label: string, a: number, b: number, weight: number): void {
    if (!this.out.evidence) return
    const span: [number, number] = [this.start(Math.min(a, b)), this.end(Math.max(a, b))]
    this.out.evidence.push({ label, span, string: this.text.slice(span[0], span[1]), weight })
  }

  /** A hit of `category` with evidence `ev`, kept when stronger than the one found so far; `aims` unless it is weak. */
  hit(category: 'insult' | 'threat' | 'identity_attack', ev: number, label: string, a: number, b: number, aims = true): void {
    if (ev <= this.out[category]) return
    this.out[category] = ev
    if (aims) this.aimed = true
    this.note(label, a, b, ev * OVERALL[category])
  }

  /** A hit set aside: negated or quoted, a share of its evidence taken off the overall logit. */
  undo(ev: number, label: string, a: number, b: number): void {
    this.out.undo += ev * UNDO
    this.note(label, a, b, -ev * UNDO)
  }

  /** Whether word w is in the same sentence as word v and no comma, colon or dash lies between them. */
  sameClause(v: number, w: number): boolean {
    if (!this.sameSentence(v, w)) return false
    const to = this.start(Math.max(v, w))
    for (let i = this.end(Math.min(v, w)); i < to; i++) {
      const c = this.text.charCodeAt(i)
      if (c === 44 || c === 58 || c === 8212 || c === 8211) return false
    }
    return true
  }

  /** The first word of word w's sentence, looking back at most FRAME_WORDS words. */
  sentenceStart(w: number): number {
    let s = w
    while (s > 0 && w - s < FRAME_WORDS && this.sameSentence(s - 1, s)) s--
    return s
  }

  /** The [start, end) string indices of the quoted passage that begins at word w, or null. */
  quoteFrom(w: number): [number, number] | null {
    const { text } = this
    const s0 = this.start(w)
    let from = s0
    while (from > 0 && s0 - from < 4 && text.charCodeAt(from - 1) !== 10) from--
    const to = Math.min(text.length, s0 + 400)
    for (const [qs, qe] of quoted(text.slice(from, to))) if (from + qs <= s0 && s0 - (from + qs) <= 2) return [from + qs, from + qe]
    return null
  }

  /** The learned evidence of words [a, b] (but those flagged `keep`) set aside by a frame, noted under `label` (explain weighs it). */
  setAside(label: string, a: number, b: number, keep = 0): void {
    const words: number[] = []
    for (let w = a; w <= b; w++) if (keep === 0 || (this.flagsOf(w) & keep) === 0) words.push(w)
    for (const w of words) this.out.neutral.push(w)
    if (!this.out.evidence) return
    const span: [number, number] = [this.start(a), this.end(b)]
    this.out.evidence.push({ label, span, string: this.text.slice(span[0], span[1]), weight: 0, setAside: words })
  }

  /**
   * Condemned speech: what a sentence reports in order to condemn it carries no hostility of its own,
   * listed word or not. Two frames:
   *  - a subject that reports ("Saying / Telling people / Calling ... ", or a quote opening the
   *    sentence) with a predicate of disapproval ("is racist", "is a hateful thing to say", "is never
   *    okay"): the words from the subject to the disapproval are set aside; "is not racist" is no
   *    condemnation;
   *  - a reporting verb after "stop", "quit", "never", "don't" ("stop telling people X"): the quote that
   *    follows, or the words up to the end of the clause (a comma, "and", "but" ...).
   */
  condemnedSpeech(): void {
    const { idx, flg } = this
    // The last word of a condemnation already read ("racist and wrong" is one).
    let done = -1
    for (let k = 0; k < this.nFlagged; k++) {
      const f = flg[k]
      const w = idx[k]
      // "stop" is a negation word: its flag is checked before any word is read.
      if (f & F.META && k > 0 && idx[k - 1] === w - 1 && flg[k - 1] & F.NEG && this.sameSentence(w - 1, w) && this.word(w - 1) === 'stop' && SPEECH.has(this.word(w))) {
        const quote = w + 1 < this.nWords && this.sameSentence(w, w + 1) ? this.quoteFrom(w + 1) : null
        let end = w
        if (quote) {
          while (end + 1 < this.nWords && end - w < FRAME_WORDS && this.end(end + 1) <= quote[1]) end++
        } else {
          while (end + 1 < this.nWords && end - w < FRAME_WORDS && this.sameClause(end, end + 1) && !CLAUSE_END.has(this.word(end + 1))) end++
        }
        // Unquoted, a hostile word in the clause is the speaker's own ("stop saying dumb shit"): its rules judge it.
        if (end > w) this.setAside('condemned speech, set aside', w - 1, end, quote ? 0 : HOSTILE_WORD)
        continue
      }
      // The predicate, found from its rare end: disapproval with a copula up to three words before it and
      // no negation between ("is racist", "is a racist thing"); or approval denied ("is never okay").
      if ((f & (F.DISAPPROVE | F.POS)) === 0 || w <= done) continue
      let copula = -1
      let negated = false
      for (let j = k - 1; j >= 0 && idx[j] >= w - 3; j--) {
        if (flg[j] & F.NEG) negated = true
        if (flg[j] & F.COPULA) {
          copula = j
          break
        }
      }
      if (copula < 0 || (f & F.DISAPPROVE ? negated : !negated) || !this.sameSentence(idx[copula], w)) continue
      let last = w
      const c = idx[copula]
      if (c === 0) continue
      // "racist and wrong": the disapproval goes on.
      while (last + 2 < this.nWords && this.word(last + 1) === 'and' && this.sameSentence(last, last + 2) && this.flagsOf(last + 2) & F.DISAPPROVE) last += 2
      // The subject reports: it opens the sentence with a reporting verb in -ing, or with a quote.
      const s = this.sentenceStart(c)
      if (s === c) continue
      const reports = (this.flagsOf(s) & F.META && this.word(s).endsWith('ing')) || this.quoteFrom(s) !== null
      if (reports) {
        this.setAside('condemned speech, set aside', s, last)
        done = last
      }
    }
  }

  /** Flags of word w (0 when it is not flagged); a binary search of the flagged words. */
  flagsOf(w: number): number {
    let lo = 0
    let hi = this.nFlagged - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (this.idx[mid] === w) return this.flg[mid]
      if (this.idx[mid] < w) lo = mid + 1
      else hi = mid - 1
    }
    return 0
  }

  /**
   * Praise of people: a person or group ("they", "people", "Muslims", "you") with a copula and an approving
   * word within three words after it ("they are lovely", "they are so kind"), no negation between them,
   * no hostile word in the sentence, and no turn after the praise ("until", "but", "when" ...): the words
   * from the person to the praise carry no hostility, and their learned evidence is set aside (the head
   * learned "they" from statements about groups).
   */
  praise(): void {
    const { idx, flg } = this
    const HOSTILE = HOSTILE_WORD
    for (let k = 0; k < this.nFlagged; k++) {
      const f = flg[k]
      if ((f & F.COPULA) === 0) continue
      const w = idx[k]
      // The person: the copula itself ("they're"), or the word before it.
      let subject = f & (F.THIRD | F.YOU) ? w : -1
      if (subject < 0 && k > 0 && idx[k - 1] === w - 1 && flg[k - 1] & (F.THIRD | F.IDENT | F.YOU) && this.sameSentence(w - 1, w)) subject = w - 1
      if (subject < 0) continue
      // An approving word among the flagged words within three words, checked before any word is read.
      let approving = false
      for (let j = k + 1; !approving && j < this.nFlagged && idx[j] <= w + 3; j++) approving = (flg[j] & (F.POS | F.TRAIT)) !== 0
      if (!approving) continue
      // The praise: an approving word within three words, only intensifiers and articles before it ...
      let good = -1
      for (let v = w + 1; v <= w + 3 && v < this.nWords && this.sameClause(w, v); v++) {
        const fv = this.flagsOf(v)
        if (fv & (F.NEG | HOSTILE)) break
        if (fv & (F.POS | F.TRAIT)) {
          good = v
          break
        }
        if (!INTENSIFIER.has(this.word(v))) break
      }
      if (good < 0) continue
      // ... ending the clause, or followed by "and" or by people ("lovely people"), not by a noun or a
      // complement that turns it ("gold diggers", "good for cleaning", "better than", "proud of").
      const next = good + 1 < this.nWords && this.sameClause(good, good + 1) ? this.word(good + 1) : ''
      // A skill of theirs praised: "good at their jobs", "great at what they do" (a possessive or "what"
      // after "at"; "good at stealing" stays unread). The praise then runs to the noun after it.
      const skill = next === 'at' && good + 2 < this.nWords && this.sameClause(good, good + 2) && AT_WHOSE.has(this.word(good + 2))
      if (next !== '' && next !== 'and' && !PERSONS.has(next) && !skill) continue
      // Nothing hostile in the sentence, nothing that turns the praise after it.
      let plain = true
      for (let j = k - 1; plain && j >= 0 && w - idx[j] <= FRAME_WORDS && this.sameSentence(idx[j], w); j--) if (flg[j] & HOSTILE) plain = false
      for (let j = k + 1; plain && j < this.nFlagged && idx[j] - w <= FRAME_WORDS && this.sameSentence(w, idx[j]); j++) if (flg[j] & HOSTILE) plain = false
      for (let v = good + 1; plain && v < this.nWords && v - good <= FRAME_WORDS && this.sameSentence(good, v); v++) if (TURN.has(this.word(v))) plain = false
      const end = skill && good + 3 < this.nWords && this.sameClause(good, good + 3) ? good + 3 : good
      if (plain) this.setAside('praise of people, set aside', subject, end)
    }
  }

  /**
   * Profanity made an insult by its frame: "shit for brains" (said of someone: "you" near it, a person,
   * or no one named, as an address; of oneself it barely counts), and a profane or insulting word
   * followed by "that is what you are" / "is what you are" closing the sentence. Profanity beside
   * approval ("smart as hell, that is what you are") stays emphasis.
   */
  profaneInsult(k: number): void {
    const w = this.idx[k]
    if (this.near(k, -3, 3, F.POS | F.TRAIT) >= 0) return
    if (this.flg[k] & F.PROF && w + 2 < this.nWords && this.end(w + 1) - this.start(w + 1) === 3 && this.word(w + 1) === 'for' && FOR_BRAINS.has(this.word(w + 2)) && this.sameSentence(w, w + 2)) {
      const you = this.near(k, -4, 8, F.YOU)
      const ev = you >= 0 ? 3 : this.near(k, -3, -1, F.FIRST) >= 0 ? 0.3 : 2.2
      this.settle('insult', k, ev, you, 'profanity made an insult')
      return
    }
    // The cleft names "you": without it near, there is nothing to read.
    if (this.near(k, 3, 7, F.YOU) < 0) return
    for (let c = w + 1; c <= w + 4 && c < this.nWords && this.sameSentence(w, c); c++) {
      const end = this.cleft(c)
      if (end < 0) continue
      if (end + 1 < this.nWords && this.sameSentence(end, end + 1)) return
      this.settle('insult', k, 3, this.near(k, 1, end - w, F.YOU), 'profanity made an insult')
      return
    }
  }

  /** The last word of "that is what you are" / "that's what you are" / "is what you are" starting at word c, or -1. */
  cleft(c: number): number {
    const at = (i: number) => (i < this.nWords && this.sameSentence(c, i) ? this.word(i) : '')
    let v = c
    const first = at(v)
    // "that's": the copula is inside the word.
    if (first === "that's" || first === 'thats' || first === 'that’s') v++
    else {
      if (first === 'that') v++
      if (at(v) !== 'is') return -1
      v++
    }
    if (at(v) !== 'what' || (this.flagsOf(v + 1) & F.YOU) === 0 || at(v + 2) !== 'are') return -1
    return v + 2
  }

  idiom(k: number): void {
    const w = this.idx[k]
    const idiom = IDIOMS[this.word(w)]
    let last = w
    for (const next of idiom?.next ?? []) {
      if (last < 0 || last + 1 >= this.nWords || !this.sameSentence(last, last + 1) || !next.has(this.word(last + 1))) last = -1
      else last++
    }
    if (!idiom || last < 0) return
    // Aimed: "you" before it ("you're a waste of space"), or a person with a copula ("he is a piece
    // of shit"); or, addressed, "you" right after it or within four words ("shut up, you ...").
    let you = this.near(k, -4, -1, F.YOU)
    if (you < 0 && idiom.target) you = this.near(k, -4, -1, F.THIRD) >= 0 && this.near(k, -3, -1, F.COPULA) >= 0 ? this.near(k, -4, -1, F.THIRD) : -1
    if (you < 0 && !idiom.target) you = this.near(k, last - w + 1, last - w + 2, F.YOU)
    if (you < 0) return
    const [a, b] = [Math.min(w, this.idx[you]), Math.max(last, this.idx[you])]
    if (this.negated(k) || this.countered(k)) this.undo(IDIOM_EVIDENCE, 'hostile idiom, negated or quoted', a, b)
    else this.hit('insult', IDIOM_EVIDENCE, 'hostile idiom', a, b)
  }

  /** Whether the violent word k is willed: a speaker's intent or future, a wish or desert, or an imperative. */
  willed(k: number): boolean {
    const w = this.idx[k]
    // An infinitive is a purpose or a plan ("plan to hang", "time to kill"), not a report.
    const infinitive = w > 0 && this.word(w - 1) === 'to' && this.sameClause(w - 1, w)
    return infinitive || this.near(k, -4, -1, F.FIRST | F.FUT | F.MODAL) >= 0 || this.imperative(w)
  }

  /**
   * A group sent back where it came from: "<group> should go back to their own country", "send them all
   * back", "If it's black, send it back.". "back" after a verb of SEND_BACK up to three words before it (the
   * object between), willed (a modal or intent within six words before, or the verb opening its clause),
   * ending the clause or going on to a homeland ("to where they came from", "to your own country", "home",
   * "to Mexico"); a group named up to PRONOUN_REACH words before "back" (the object, or before it).
   * "Women should go back to work" and "the family went back home" are not.
   */
  sentBack(k: number): void {
    const b = this.idx[k]
    if (this.word(b) !== 'back' || this.negated(k)) return
    let v = b - 1
    while (v >= 0 && b - v <= 4 && this.sameClause(v, b) && !SEND_BACK.has(this.word(v))) v--
    if (v < 0 || b - v > 4 || !this.sameClause(v, b) || !SEND_BACK.has(this.word(v))) return
    const opens = v === 0 || !this.sameClause(v - 1, v)
    if (!opens && this.near(k, -6, -1, F.MODAL | F.FUT) < 0) return
    const word = (x: number) => (x < this.nWords && this.sameClause(b, x) ? this.word(x) : '')
    let x = b + 1
    if (word(x) === 'to') x++
    while (BEFORE_HOMELAND.has(word(x))) x++
    const place = word(x)
    const ends = place === 'where' || (x === b + 1 ? place === '' || place === 'home' : HOMELAND.has(place))
    if (!ends) return
    const g = this.groupBefore(k, b)
    if (g < 0 || this.countered(g)) return
    this.hit('identity_attack', CHARGED, 'group sent back', this.idx[g], b)
  }

  /** Whether a person noun follows word w within three words of its clause, after articles only ("the next woman"). */
  personAfter(w: number): boolean {
    for (let v = w + 1; v <= w + 3 && v < this.nWords && this.sameClause(w, v); v++) {
      const x = this.word(v)
      // A possessive names what is theirs, not them: "shoot the kids' portraits".
      const possessive = /^['’]/.test(this.text.slice(this.end(v), this.end(v) + 1))
      if (PERSONS.has(x) || (PERSON_NOUNS.has(x) && !x.startsWith('thing'))) return !possessive
      if (!BEFORE_GROUP.has(x) && x !== 'next') return false
    }
    return false
  }

  imperative(w: number): boolean {
    const prev = w === 0 || !this.sameSentence(w - 1, w) ? '' : this.word(w - 1)
    return prev === '' || prev === 'go' || prev === 'just' || prev === 'drop'
  }

  threat(k: number): void {
    const w = this.idx[k]
    let ev = 0.6
    const agent = this.near(k, -4, -1, F.FIRST | F.FUT)
    const modal = this.near(k, -4, -1, F.MODAL)
    // The target follows ("kill you") or, after a wish or an intent, precedes ("hope you die").
    let target = this.near(k, 1, 3, F.YOU | F.THIRD | F.IDENT)
    if (target < 0 && (agent >= 0 || modal >= 0)) target = this.near(k, -3, -1, F.YOU | F.THIRD)
    const self = this.near(k, 1, 2, F.SELF)
    const imperative = this.imperative(w)
    const last = w + 1 >= this.nWords || !this.sameSentence(w, w + 1)
    const willed = agent >= 0 || modal >= 0 || imperative
    if (this.word(w) === 'kys') ev = 4
    // Violence done to a group and not willed is news ("the fire killed three immigrants"), not a threat.
    else if (target >= 0 && self < 0 && !willed && (this.flg[target] & (F.YOU | F.THIRD)) === 0) ev = 0.6
    else if (target >= 0 && self < 0) ev += willed ? 3.4 : 1.2
    // A person named by a noun ("shoot the next woman I see", "stab that guy"): a target, not a flagged word.
    else if (willed && target < 0 && this.personAfter(w)) ev += 3.4
    else if (modal >= 0 && this.near(k, -2, -1, F.COPULA) >= 0) ev += 2.6 // "should be shot"
    else if (imperative && last) ev += 1.4 // "Die."
    else if ((agent < 0 && modal < 0) || self >= 0) ev = 0 // no one to threaten: "kill the process", "killing my feet"
    // With no evidence, its learned evidence is set aside too: the training tweets make "kill" toxic by itself.
    this.settle('threat', k, ev, target)
  }

  insult(k: number): void {
    const f = this.flg[k]
    let ev = 1
    const you = this.near(k, -4, 2, F.YOU)
    const cop = this.near(k, -3, -1, F.COPULA | F.THIRD)
    const first = this.near(k, -3, -1, F.FIRST)
    // An adjective needs a person: "you", or a third person or group next to it ("he is stupid",
    // "stupid people"); "a stupid movie" is no insult, and its learned evidence is set aside.
    const adjective = (f & (F.ADJ | F.SLUR)) === F.ADJ
    const person = this.near(k, -4, 1, F.THIRD | F.IDENT)
    if (you >= 0 && !this.youDoes(this.idx[you], this.idx[k])) ev = 3
    else if (adjective && (person < 0 || this.qualifiesThing(this.idx[k]))) ev = 0
    else if (cop >= 0 && first < 0) ev = 2.2
    else if (first >= 0) ev = 0.3
    // A misspelling read as an insult counts only when aimed: a rare real word may share its letters.
    if (f & F.SWAPPED && ev <= 1) ev = 0
    this.settle('insult', k, ev, you)
  }

  /** Whether only a copula (with auxiliaries) joins the noun at word a to the group word w after it: w is said of a. */
  saidOf(a: number, w: number): boolean {
    let copula = false
    for (let v = a + 1; v < w; v++) {
      const x = this.word(v)
      if (COPULAS.has(x)) copula = true
      else if (!AUXILIARIES.has(x) && x !== 'also' && x !== 'often') return false
    }
    return copula && this.sameClause(a, w)
  }

  /**
   * Whether "you" at word y is the subject of an auxiliary and a verb before the insult noun at word w, with
   * no copula between: "what tricks can you teach a rat?", "you could keep a rat as a pet". The noun is
   * then what is done, not what "you" is called ("you are a rat", "you will be a rat", "you little rat").
   */
  youDoes(y: number, w: number): boolean {
    // The auxiliary after "you", or before it in a question ("could you keep a rat as a pet?").
    const asked = y > 0 && this.sameClause(y - 1, y) && AUXILIARIES.has(this.word(y - 1))
    if (w <= y + 1 || !(asked || AUXILIARIES.has(this.word(y + 1)))) return false
    for (let v = y + 1; v < w; v++) if (COPULAS.has(this.word(v))) return false
    return true
  }

  /**
   * A hostile word's evidence `ev` for `category`: none (its learned evidence set aside), set aside when
   * negated or quoted, else a hit over the word and its `target` (a flagged word's position, -1 for none).
   */
  private settle(category: 'threat' | 'insult', k: number, ev: number, target: number, label: string = category): void {
    const w = this.idx[k]
    if (ev === 0) {
      this.out.neutral.push(w)
    } else if (this.negated(k) || this.countered(k)) {
      this.out.neutral.push(w)
      if (ev > 1) this.undo(ev, `${label}, negated or quoted`, w, w)
    } else {
      const t = target >= 0 ? this.idx[target] : w
      this.hit(category, ev, label, Math.min(w, t), Math.max(w, t), ev > 1)
    }
  }

  /** Profanity addressed to the reader ("fuck you", "f*ck you"): an insult aimed at "you". */
  curseAtYou(k: number): void {
    const w = this.idx[k]
    if (!CURSE_VERBS.has(this.word(w))) return
    const you = this.near(k, 1, 1, F.YOU)
    if (you >= 0 && !this.negated(k) && !this.countered(k)) this.hit('insult', CURSE_YOU, 'profanity aimed at you', w, this.idx[you])
  }

  /** Hatred declared to the reader ("I hate you", "we despise you"): "you" right after the verb. */
  hateAtYou(k: number): void {
    const w = this.idx[k]
    if (!HATE_VERBS.has(this.word(w))) return
    const you = this.near(k, 1, 1, F.YOU)
    if (you < 0) return
    if (this.negated(k) || this.countered(k)) {
      this.out.neutral.push(w)
      this.undo(HATE_YOU, 'hate aimed at you, negated or quoted', w, this.idx[you])
    } else this.hit('insult', HATE_YOU, 'hate aimed at you', w, this.idx[you])
  }

  slur(k: number): void {
    const w = this.idx[k]
    if (this.countered(k)) {
      this.out.neutral.push(w)
      this.undo(4, 'slur, quoted or reported', w, w)
    } else this.hit('identity_attack', 4, 'slur', w, w)
  }

  /** A group term with a hostile word beside it, or with praise of it denied. */
  group(k: number): void {
    const { idx, flg } = this
    const w = idx[k]
    let h = this.near(k, -6, 6, F.HOSTILE | F.INSULT | F.SLUR | F.THREAT)
    // A violent word beside a group attacks it only when willed ("all Muslims should die", "gas the Jews");
    // otherwise it reports violence done to the group ("police shot a black man", "women are dying").
    if (h >= 0 && (flg[h] & (F.HOSTILE | F.INSULT | F.SLUR)) === 0 && !this.willed(h)) {
      h = this.near(k, -6, 6, F.HOSTILE | F.INSULT | F.SLUR)
    }
    // A topic or a report: "hate speech", "hate crimes against Jews"; "were treated as criminals",
    // "victims of ...", "were called animals".
    if (h >= 0 && (this.namesTopic(h) || this.reportedOf(k, h))) h = -1
    // The group's word said of the thing the hostile word names: "Can animals be gay?"; "native to" is
    // where a thing lives ("Brown tree snakes are native to Guam").
    if (h >= 0 && ((idx[h] < w && this.saidOf(idx[h], w)) || (this.word(w) === 'native' && w + 1 < this.nWords && this.word(w + 1) === 'to'))) h = -1
    if (h >= 0) {
      const lo = Math.min(k, h)
      const hi = Math.max(k, h)
      // Negation anywhere from just before the pair to its end ("are not criminals", "don't hate").
      let neg = false
      // It must share the hostile word's clause ("are not people, they are animals" is not denied).
      const inClause = (j: number) => flg[j] & F.NEG && this.sameSentence(idx[j], w) && (idx[j] > idx[h] || this.negationReaches(idx[j], idx[h]))
      for (let j = lo; j >= 0 && idx[j] >= idx[lo] - 3; j--) if (inClause(j)) neg = true
      for (let j = lo + 1; j <= hi; j++) if (inClause(j)) neg = true
      if (neg || this.countered(k)) {
        this.out.neutral.push(idx[h])
        this.undo(3.5, 'group and hostile word, negated or quoted', w, idx[h])
      } else {
        this.hit('identity_attack', 3.5, 'group and hostile word', w, idx[h])
        this.out.asserted.push(idx[h])
      }
      return
    }
    // A charge predicated of the group: "<group> are (so | a ...) <charge>", "why are <group> so <charge>?"
    const c = this.near(k, 2, 6, F.CHARGE)
    if (c >= 0 && this.predicated(w, idx[c]) && !this.countered(k)) {
      this.hit('identity_attack', CHARGED, 'group and charge', w, idx[c])
      this.out.asserted.push(idx[c])
      return
    }
    // Praise denied of the group: "<group> are not / never ... <trait>", the negation between them.
    const t = this.near(k, 2, 6, F.TRAIT)
    const neg = t >= 0 ? this.near(k, 1, idx[t] - w - 1, F.NEG) : -1
    if (neg >= 0) this.denied(k, 'group and praise denied', w, idx[t])
    else if (!this.groupFrame(k)) this.esteemDenied(k)
  }

  /**
   * A group caged or declared unwanted without a hostile word: "<group> belong(s) in [a | the] zoo" (a
   * place of CAGED, up to four words after the group, no negation between), "nobody likes / wants
   * [any ...] <group>". Returns whether it hit.
   */
  groupFrame(k: number): boolean {
    const w = this.idx[k]
    const word = (v: number) => (v >= 0 && v < this.nWords && this.sameClause(w, v) ? this.word(v) : '')
    // Words are read only where a flag says a frame may start ("belong" and "nobody" are IDIOM, "no" NEG):
    // this runs for every group term of a text.
    for (let v = w + 1; v <= w + 4; v++) {
      const f = this.flagsOf(v)
      if (f & F.NEG) break
      if ((f & F.IDIOM) === 0 || (word(v) !== 'belong' && word(v) !== 'belongs')) continue
      let x = v + 1
      if (word(x) !== 'in') break
      if (ARTICLES.has(word(x + 1))) x++
      if (!CAGED.has(word(x + 1))) break
      if (this.countered(k)) return false
      this.hit('identity_attack', CHARGED, 'group caged', w, x + 1)
      return true
    }
    for (let v = w - 1; v >= Math.max(1, w - 3); v--) {
      if ((this.flagsOf(v - 1) & (F.IDIOM | F.NEG)) === 0 && (v < 2 || (this.flagsOf(v - 2) & F.NEG) === 0)) continue
      if (!UNWANTED.has(word(v))) continue
      const nobody = word(v - 1) === 'nobody' || word(v - 1) === 'noone' || (word(v - 1) === 'one' && word(v - 2) === 'no')
      // The group ends the object ("nobody wants immigrants around"), not a clause's subject ("nobody
      // wants immigrants to suffer").
      let after = w + 1
      if (PERSONS.has(word(after))) after++
      const ends = word(after) === '' || AFTER_GROUP.has(word(after))
      if (!nobody || !ends || !this.only(v + 1, w, BEFORE_GROUP) || this.countered(k)) return false
      this.hit('identity_attack', CHARGED, 'group unwanted', v - 1, w)
      return true
    }
    return false
  }

  /**
   * Regard denied of the group without a hostile word: as the object of a negated verb of regard ("I don't
   * respect women"), as a subject judged unworthy ("immigrants can't be trusted", "black lives don't
   * matter"), after "no" ("no woman can be trusted", "no black person is any good"), or after a denied
   * thought ("I don't think women are smart"). Each shape asks that the group be a person in its clause:
   * "Chinese food", "women's football", "men who lie", "black or white" and appositions are not.
   */
  esteemDenied(k: number): void {
    const { idx, flg } = this
    const w = idx[k]
    const word = (v: number) => (v >= 0 && v < this.nWords ? this.word(v) : '')
    // Object: <neg> ... <verb of regard> [a|the|any ...] <group> [people] <end of the object>.
    const e = this.near(k, -4, -1, F.ESTEEM)
    if (e >= 0 && ESTEEM_OF.has(word(idx[e])) && this.sameClause(idx[e], w) && this.only(idx[e] + 1, w, BEFORE_GROUP)) {
      const n = this.near(e, -3, -1, F.NEG)
      let after = w + 1
      if (PERSONS.has(word(after)) && this.sameClause(w, after)) after++
      const ends = after >= this.nWords || !this.sameClause(w, after) || AFTER_GROUP.has(word(after))
      if (n >= 0 && ends && this.negationReaches(idx[n], idx[e])) {
        this.denied(k, 'group and regard denied', idx[n], w)
        return
      }
    }
    // Subject: <group> [people|are|can ...] <neg> [be|ever ...] <esteemed>, with a modal where the form needs one.
    const s = this.near(k, 2, 7, F.ESTEEM)
    if (s >= 0 && ESTEEMED.has(word(idx[s])) && !ALTERNATIVE.has(word(w - 1)) && this.sameClause(w, idx[s]) && this.saidBySpeaker(w)) {
      for (let n = w + 1; n < idx[s]; n++) {
        // "no" before the esteem is an idiom ("black or not, no matter what"), not a verb denied.
        if (!this.isNeg(n) || word(n) === 'no') continue
        const modal = MODAL_NEG.has(word(n)) || MODALS.has(word(n - 1))
        if (this.only(w + 1, n, SUBJECT_GAP, PERSONS) && this.only(n + 1, idx[s], NEG_GAP) && (modal || !NEEDS_MODAL.has(word(idx[s])))) {
          this.denied(k, 'group and regard denied', w, idx[s])
          return
        }
        break
      }
    }
    // "No <group> ... <trait | esteemed>": the determiner denies it of every member.
    if (this.isNeg(w - 1) && word(w - 1) === 'no') {
      const noun = PERSONS.has(word(w + 1)) ? w + 1 : w
      const q = this.near(k, 1, 7, F.TRAIT | F.ESTEEM)
      if (q >= 0 && idx[q] > noun && this.sameClause(w, idx[q]) && this.near(k, 1, idx[q] - w - 1, F.NEG) < 0) {
        const v = word(idx[q])
        const fits = flg[q] & F.TRAIT || (ESTEEMED.has(v) && (!NEEDS_MODAL.has(v) || this.anyOf(noun + 1, idx[q], MODALS)))
        if (fits) this.denied(k, 'group and regard denied', w - 1, idx[q])
      }
      return
    }
    // "I don't think <group> are <trait>": the thought's negation reaches what is said of the group.
    if (this.near(k, -4, -2, F.NEG) >= 0 && (THINK.has(word(w - 1)) || (THINK.has(word(w - 2)) && word(w - 1) === 'that'))) {
      const th = THINK.has(word(w - 1)) ? w - 1 : w - 2
      const n = this.isNeg(th - 1) ? th - 1 : this.isNeg(th - 2) ? th - 2 : -1
      const q = n >= 0 ? this.near(k, 1, 6, F.TRAIT) : -1
      if (q >= 0 && this.sameClause(w, idx[q]) && this.near(k, 1, idx[q] - w - 1, F.NEG) < 0) this.denied(k, 'group and praise denied', n, idx[q])
    }
  }

  /** An identity attack of regard denied of group k, unless the group is talked about (quoted, condemned). */
  denied(k: number, label: string, a: number, b: number): void {
    if (!this.countered(k)) this.hit('identity_attack', DENIED, label, a, b)
  }

  /**
   * Whether the charge at word c is said of the group at word w: only people words, copulas and
   * intensifiers between them, a copula among them or just before the group (a question), and no
   * negation before the group ("I don't think Muslims are violent").
   */
  predicated(w: number, c: number): boolean {
    if (!this.only(w + 1, c, CHARGE_GAP, PERSONS) || !this.saidBySpeaker(w)) return false
    let copula = w > 0 && COPULAS.has(this.word(w - 1)) && this.sameClause(w - 1, w)
    for (let v = w + 1; !copula && v < c; v++) copula = COPULAS.has(this.word(v))
    for (let v = Math.max(0, w - 3); v < w; v++) if (this.isNeg(v)) return false
    return copula
  }

  /**
   * Whether the group at word w is the subject of a statement the speaker makes: not the object of a
   * preposition ("sex with trans people is dangerous") and not inside reported speech ("instead of saying
   * immigrants are a threat", "they keep telling us immigrants are ruining ...": a verb of speech within
   * six words before it).
   */
  saidBySpeaker(w: number): boolean {
    const first = w > 0 && this.sameClause(w - 1, w) && (this.word(w - 1) === 'the' || this.word(w - 1) === 'all') ? w - 1 : w
    if (first > 0 && PREPOSITIONS.has(this.word(first - 1)) && this.sameClause(first - 1, first)) return false
    for (let v = Math.max(0, w - 6); v < w; v++) if (this.flagsOf(v) & F.META && this.sameSentence(v, w)) return false
    return true
  }

  /** Whether the hostile word h is "hate" naming a topic ("hate speech", "hate crimes"), not a feeling. */
  namesTopic(h: number): boolean {
    const v = this.idx[h]
    return this.word(v) === 'hate' && v + 1 < this.nWords && this.sameClause(v, v + 1) && HATE_TOPIC.has(this.word(v + 1))
  }

  /** Whether a verb of treatment or report stands between group k and hostile word h, with no modal: "were treated as criminals". */
  reportedOf(k: number, h: number): boolean {
    const a = Math.min(this.idx[k], this.idx[h])
    const b = Math.max(this.idx[k], this.idx[h])
    let reported = false
    for (let v = a + 1; v < b; v++) {
      if (this.flagsOf(v) & F.MODAL) return false
      if (REPORTED.has(this.word(v))) reported = true
    }
    return reported
  }

  /**
   * A hostile word or charge predicated of "they" (or "these", "those") when a group was named just before
   * ("I have met many women. They are a plague."): the pronoun stands for the group, named at most
   * PRONOUN_REACH words before it. The predicate has the shape `predicated` reads; no negation.
   */
  groupByPronoun(k: number): void {
    const { idx, flg } = this
    const c = idx[k]
    // "Women think they are special. I despise them.": a verb of hate with "them" after it.
    // Not "I hate them being treated like this": an -ing word after "them" makes it the subject of an act.
    const next = c + 2 < this.nWords && this.sameClause(c, c + 2) ? this.word(c + 2) : ''
    if (HATE_VERBS.has(this.word(c)) && c + 1 < this.nWords && this.sameClause(c, c + 1) && this.word(c + 1) === 'them' && !next.endsWith('ing')) {
      if (this.negated(k)) return
      const g = this.groupBefore(k, c)
      if (g >= 0 && !this.countered(g)) this.hit('identity_attack', CHARGED, 'group, then hate of "them"', idx[g], c + 1)
      return
    }
    let p = c - 1
    while (p >= 0 && c - p <= 5 && this.sameClause(p, c) && (CHARGE_GAP.has(this.word(p)) || PERSONS.has(this.word(p)))) p--
    if (p < 0 || !this.sameClause(p, c) || !THEY.has(this.word(p))) return
    // A copula between them, or the one "they're" carries.
    if (!this.anyOf(p + 1, c, COPULAS) && !this.word(p).endsWith('re')) return
    for (let v = Math.max(0, p - 3); v < c; v++) if (this.isNeg(v)) return
    const g = this.groupBefore(k, p)
    if (g < 0 || this.countered(g)) return
    this.hit('identity_attack', CHARGED, 'group, then a charge on "they"', idx[g], c)
    this.out.asserted.push(c)
  }

  /** The last group term (its index among the flagged words) before word p, within PRONOUN_REACH words; -1 if none. */
  groupBefore(k: number, p: number): number {
    const { idx, flg } = this
    for (let j = k - 1; j >= 0 && p - idx[j] <= PRONOUN_REACH; j--) if (idx[j] < p && flg[j] & F.IDENT) return j
    return -1
  }

  /**
   * Whether the adjective at word w qualifies the thing named after it ("these stupid phones", "he made a
   * stupid decision"): an article or demonstrative before it, no copula before that ("he is a stupid
   * hack"), and after it a plain word that is no person, no listed word and no word that ends the
   * adjective's phrase. Possessives keep the insult ("his stupid face"): a person's features are the person.
   */
  qualifiesThing(w: number): boolean {
    const v = w + 1
    if (w === 0 || v >= this.nWords || !this.sameClause(w - 1, v) || !ARTICLES.has(this.word(w - 1)) || this.flagsOf(v) !== 0) return false
    // "he is a stupid hack": a copula makes the phrase said of the person.
    for (let u = Math.max(0, w - 4); u < w - 1; u++) if (this.flagsOf(u) & F.COPULA && this.sameClause(u, w)) return false
    const next = this.word(v)
    return /^[a-z]/.test(next) && !PERSONS.has(next) && !PERSON_NOUNS.has(next) && !ADJECTIVE_END.has(next)
  }

  /** Whether word v is a flagged negation. */
  isNeg(v: number): boolean {
    return (this.flagsOf(v) & F.NEG) !== 0
  }

  /** Whether every word in [a, b) is in `set` (or `also`), at most four, with no comma, colon or dash from word a - 1 to word b. */
  only(a: number, b: number, set: Set<string>, also?: Set<string>): boolean {
    if (b - a > 4 || !this.sameClause(a - 1, b)) return false
    for (let v = a; v < b; v++) if (!(set.has(this.word(v)) || also?.has(this.word(v)))) return false
    return true
  }

  /** Whether some word in [a, b) is in `set`. */
  anyOf(a: number, b: number, set: Set<string>): boolean {
    for (let v = a; v < b; v++) if (set.has(this.word(v))) return true
    return false
  }

  obsceneOrSexual(k: number): void {
    const w = this.idx[k]
    const f = this.flg[k]
    const { out } = this
    if (f & F.PROF && this.countered(k)) out.neutral.push(w)
    else if (f & F.PROF) {
      out.obscene = out.obscene === 0 ? 3 : Math.min(4, out.obscene + 0.5)
      this.note('obscene', w, w, 0)
    }
    if (f & F.SEX) {
      out.sexual_explicit = Math.min(4, out.sexual_explicit + 3)
      this.note('sexual', w, w, 3 * OVERALL.sexual_explicit)
    } else if (f & F.SEXWEAK) {
      out.sexual_explicit = Math.min(4, out.sexual_explicit + (this.near(k, -3, 3, F.YOU) >= 0 ? 1.2 : 0.8))
    }
  }

  /** Learned evidence of "they" set aside up to the first group term (a short text with nothing hostile). */
  barePronouns(): void {
    for (let k = 0; k < this.nFlagged; k++) {
      if (this.flg[k] & F.IDENT) return
      if (this.flg[k] & F.THIRD && PLURAL_PRONOUNS.has(this.word(this.idx[k]))) this.out.neutral.push(this.idx[k])
    }
  }

  /** Profanity next to approval, with nothing aimed at anyone: emphasis. */
  emphasis(): void {
    const { out, idx, flg } = this
    if (out.obscene === 0 || this.aimed) return
    for (let k = 0; k < this.nFlagged; k++) {
      if (flg[k] & F.PROF && this.near(k, -3, 3, F.POS) >= 0) {
        out.emphatic = true
        this.note('profanity for emphasis', idx[k], idx[k], -EMPHASIS)
      }
    }
    // Every profane word of an emphatic text is set aside, not only the one next to the approval.
    if (out.emphatic) for (let k = 0; k < this.nFlagged; k++) if (flg[k] & F.PROF) out.emphaticWords.push(idx[k])
  }
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
  for (const w of ev.asserted) {
    const s = share.has(w) ? 0 : wordSum(w)
    if (s < 0) total += s
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

/** Most letters a word may have to be read as a misspelling of a listed word. */
const SWAP_MAX = 12
/** Fewest letters: shorter words have too many real-word anagrams ("heat", "hate"). */
const SWAP_MIN = 5

// A word's letters after the first, as a small integer: the first letter and the length exactly, the sum
// and sum of squares of the other (lower-cased) letters folded into 21 bits. Equal for any order of the
// same letters; a hit is confirmed letter by letter, so a fold that collides only adds a candidate that
// fails. A key within 30 bits stays a small integer in V8: a Map looks it up about three times as fast as
// a key of 38 bits, which is a heap number (measured), and every 5-12 letter word is looked up.
const swapKey = (first: number, n: number, sum: number, squares: number) => ((((first & 31) << 4) | (n & 15)) << 21) | ((sum * 331 + squares) & 0x1fffff)

type Listed = { word: string; flags: number; edit1: boolean }

/**
 * Misspellings of the lexicon's hostile words, by swap key: FUZZY words by their own letters (`letters`:
 * the first in place, the rest in any order), and EDIT1 words by the letters of each form with one letter
 * after the first dropped (`dropped`). A key is numbers only, so a lookup builds no string.
 */
export interface SwapTable {
  letters: Map<number, Listed[]>
  dropped: Map<number, Listed[]>
}

/** Whether `short` is `long` with one letter after the first left out (both lower-case). */
function oneLetterShort(short: string, long: string): boolean {
  if (short.length + 1 !== long.length || short[0] !== long[0]) return false
  let i = 1
  while (i < short.length && short[i] === long[i]) i++
  return short.slice(i) === long.slice(i + 1)
}

/** The lower-cased ASCII letters of the `n` bytes at `s`. */
function spelled(bytes: Uint8Array, s: number, n: number): string {
  let text = ''
  for (let i = 0; i < n; i++) text += String.fromCharCode(bytes[s + i] | 0x20)
  return text
}

const push = <T>(map: Map<number, T[]>, key: number, value: T) => {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/**
 * The entries of a lexicon ("word\tflags" lines) whose flags, in decimal, have at least `digits` digits:
 * its words with their flag bits. Read with indexOf only: in the first call of a fresh process (where
 * every table is built) a multi-line /^...$/gm scan cost several times as much, and so did lastIndexOf
 * (a runtime call in V8, not a builtin: 5.4 ms against 1.1 for this toxicity lexicon, timed alone).
 */
function lexiconEntries(lexicon: string, digits = 0): [string, number][] {
  const out: [string, number][] = []
  let tab = -1
  for (let from = 0; from < lexicon.length; ) {
    const next = lexicon.indexOf('\n', from)
    const end = next < 0 ? lexicon.length : next
    // The next tab, found once: a line without one leaves it for a later line.
    if (tab < from) tab = lexicon.indexOf('\t', from)
    if (tab > from && tab < end && end - tab - 1 >= Math.max(1, digits)) out.push([lexicon.slice(from, tab), Number(lexicon.slice(tab + 1, end)) >>> 0])
    from = end + 1
  }
  return out
}

/** The swap table of a lexicon ("word\tflags" lines). */
export function swapTable(lexicon: string): SwapTable {
  const table: SwapTable = { letters: new Map(), dropped: new Map() }
  // Flags with fewer digits than the FUZZY bit alone cannot hold it: a tenth of the lexicon is read.
  for (const [word, flags] of lexiconEntries(lexicon, String(F.FUZZY).length)) {
    if ((flags & F.FUZZY) === 0) continue
    const listed = { word, flags: flags & ~(F.FUZZY | F.EDIT1), edit1: (flags & F.EDIT1) !== 0 }
    let sum = 0
    let squares = 0
    for (let i = 1; i < word.length; i++) {
      const c = word.charCodeAt(i)
      sum += c
      squares += c * c
    }
    const first = word.charCodeAt(0)
    push(table.letters, swapKey(first, word.length, sum, squares), listed)
    if (!listed.edit1) continue
    // Dropping any copy of a letter gives the same letters: one key per distinct letter.
    for (let i = 1; i < word.length; i++) {
      const c = word.charCodeAt(i)
      if (word.indexOf(word[i]!, 1) < i) continue
      push(table.dropped, swapKey(first, word.length - 1, sum - c, squares - c * c), listed)
    }
  }
  return table
}

const sortedTail = (s: string) => s.slice(1).split('').sort().join('')

/**
 * Misspellings ("idoit", "stupdi", "Mulsims", "imigrants", "stuppid"): an unflagged word of SWAP_MIN to
 * SWAP_MAX ASCII letters with the first letter and the multiset of the others of a FUZZY word, or an
 * EDIT1 word with one letter (not the first) dropped or doubled, gets that word's insult, group and
 * hostile flags and SWAPPED, so the rules read it as that insult when it is aimed at someone, and as
 * that group term or hostile predicate beside the other half of an identity attack.
 * One pass over the words (UTF-8 `bytes` at `ptr`, byte `spans`); returns the flagged pairs, merged in
 * word order (the same array when none).
 */
export function withSwaps(bytes: Uint8Array, ptr: number, spans: ArrayLike<number>, nWords: number, flagged: ArrayLike<number>, nFlagged: number, table: SwapTable): { flagged: ArrayLike<number>; nFlagged: number } {
  if (table.letters.size === 0) return { flagged, nFlagged }
  let extra: number[] | null = null
  let k = 0
  for (let w = 0; w < nWords; w++) {
    while (k < nFlagged && flagged[2 * k] < w) k++
    if (k < nFlagged && flagged[2 * k] === w) continue
    const s = ptr + spans[2 * w]
    const n = spans[2 * w + 1] - spans[2 * w]
    if (n < SWAP_MIN || n > SWAP_MAX) continue
    const first = bytes[s] | 0x20
    if (first < 97 || first > 122) continue
    // One pass over the letters: the swap key's sums, and whether a letter is doubled.
    let sum = 0
    let squares = 0
    let doubled = false
    let ok = true
    for (let i = 1; i < n; i++) {
      let c = bytes[s + i]
      if (c >= 65 && c <= 90) c |= 0x20
      if (c < 97 || c > 122) {
        ok = false
        break
      }
      sum += c
      squares += c * c
      if (c === (bytes[s + i - 1] | 0x20)) doubled = true
    }
    if (!ok) continue
    let hit: Listed | undefined
    const key = swapKey(first, n, sum, squares)
    const swaps = table.letters.get(key)
    if (swaps) {
      const text = spelled(bytes, s, n)
      const tail = sortedTail(text)
      hit = swaps.find((h) => h.word !== text && h.word.charCodeAt(0) === first && sortedTail(h.word) === tail)
    }
    // One letter dropped ("imigrants") or doubled ("stuppid") of an EDIT1 word.
    const drops = hit ? undefined : table.dropped.get(key)
    if (drops) {
      const text = spelled(bytes, s, n)
      hit = drops.find((h) => oneLetterShort(text, h.word))
    }
    for (let i = 1; doubled && !hit && i < n; i++) {
      const c = bytes[s + i] | 0x20
      if (c !== (bytes[s + i - 1] | 0x20)) continue
      const words = table.letters.get(swapKey(first, n - 1, sum - c, squares - c * c))
      if (words) {
        const text = spelled(bytes, s, n)
        hit = words.find((h) => h.edit1 && oneLetterShort(h.word, text))
      }
    }
    // The insult reading (counted only when aimed at someone) and the identity-attack reading (a group
    // term or a hostile predicate, counted only as a pair): a misspelt word is never profanity or sexual.
    const kept = F.INSULT | F.SLUR | F.ADJ | F.IDENT | F.HOSTILE
    if (hit && hit.flags & (F.INSULT | F.SLUR | F.IDENT | F.HOSTILE)) (extra ??= []).push(w, (hit.flags & kept) | F.SWAPPED)
  }
  if (extra === null) return { flagged, nFlagged }
  const out = new Uint32Array(2 * nFlagged + extra.length)
  let i = 0
  let j = 0
  let o = 0
  while (i < nFlagged || j < extra.length) {
    if (j >= extra.length || (i < nFlagged && flagged[2 * i] < extra[j])) {
      out[o++] = flagged[2 * i]
      out[o++] = flagged[2 * i + 1]
      i++
    } else {
      out[o++] = extra[j]
      out[o++] = extra[j + 1]
      j += 2
    }
  }
  return { flagged: out, nFlagged: out.length >> 1 }
}

/** Flags of the words people mask: profanity, insults, slurs, sexual words; then threats and hostility. */
const MASKED_FIRST = F.PROF | F.INSULT | F.SLUR | F.SEX
const MASKABLE = MASKED_FIRST | F.THREAT | F.HOSTILE

/**
 * The `unmask` of deobfuscate.ts for a lexicon: a masked word ("st*pid", "f**k") is the listed hostile
 * word (MASKABLE) of its length and first letter whose letters agree wherever the mask shows one. Words
 * people mask (MASKED_FIRST) come first: "sh*t" is "shit", not the threat word "shot". When several of a
 * tier fit, they must be of one kind (the same flags): "p*kis" beside "p*nis" would be left as written.
 * Words are looked up by length and first letter, a short list each.
 */
export function maskTable(lexicon: string): (masked: string) => string | null {
  const byKey = new Map<string, Array<[string, number]>>()
  for (const [word, flags] of lexiconEntries(lexicon)) {
    if ((flags & MASKABLE) === 0 || !/^[a-z]+$/.test(word)) continue
    const key = `${word.length}${word[0]}`
    const list = byKey.get(key)
    if (list) list.push([word, flags & MASKABLE])
    else byKey.set(key, [[word, flags & MASKABLE]])
  }
  const fits = (masked: string, word: string) => {
    for (let i = 1; i < masked.length; i++) if (masked[i] !== '*' && masked[i] !== word[i]) return false
    return true
  }
  return (masked) => {
    const list = byKey.get(`${masked.length}${masked[0]}`)
    if (!list) return null
    for (const tier of [MASKED_FIRST, MASKABLE]) {
      let found: string | null = null
      let kind = -1
      for (const [word, flags] of list) {
        if ((flags & tier) === 0 || !fits(masked, word)) continue
        if (found !== null && flags !== kind) return null
        found ??= word
        kind = flags
      }
      if (found !== null) return found
    }
    return null
  }
}

/** The words of a lexicon ("word\tflags" lines), for `splitJoined`. */
export function lexiconWords(lexicon: string): Set<string> {
  const words = new Set<string>()
  for (const [word] of lexiconEntries(lexicon)) words.add(word)
  return words
}

/** Longest word `splitJoined` looks for inside a run. */
const PIECE_MAX = 16

/**
 * Spaced letters undone without word breaks ("I h a t e y o u" reads "ihateyou", "I h a t e you" reads
 * "ihate you"): a run of 5 or more letters of the de-obfuscated text that is not a word of the original text nor of the lexicon is split
 * into lexicon words when it is wholly made of them (fewest pieces, one-letter pieces only "i", "a",
 * "u"). Linear: each position tries at most PIECE_MAX lengths.
 */
export function splitJoined(text: string, original: string, lexicon: () => Set<string>): string {
  const seen = new Set(original.toLowerCase().split(/[^a-z]+/))
  return text.replace(/[a-z]{5,}/g, (run) => {
    if (seen.has(run)) return run
    const words = lexicon()
    if (words.has(run)) return run
    const n = run.length
    const best = new Int32Array(n + 1).fill(1 << 30)
    const from = new Int32Array(n + 1)
    best[0] = 0
    for (let i = 0; i < n; i++) {
      if (best[i] >= 1 << 30) continue
      for (let j = i + 1; j <= Math.min(n, i + PIECE_MAX); j++) {
        const piece = run.slice(i, j)
        const ok = piece.length === 1 ? piece === 'i' || piece === 'a' || piece === 'u' : words.has(piece)
        if (ok && best[i] + 1 < best[j]) {
          best[j] = best[i] + 1
          from[j] = i
        }
      }
    }
    if (best[n] >= 1 << 30) return run
    const pieces: string[] = []
    for (let j = n; j > 0; j = from[j]) pieces.unshift(run.slice(from[j], j))
    return pieces.join(' ')
  })
}
