// Emotion words: adjectives, verbs and nouns that name one emotion outright ("furious", "disgusted",
// "terrified", "thrilled"). The training data rarely holds any one of them (GoEmotions train has
// "furious" 9 times, "thrilled" 3), so the n-gram head alone cannot learn them; a word of a list shares
// its tone's one learned weight (scripts/train-tone.mjs fits it with the head), so "furious with your
// service" reads as anger. Written for Litmus from the words' dictionary senses, leaving out words with a
// common sense that names no emotion ("gross income"); English only.
// scripts/train-tone.mjs (through the built build/rules/) and tone.ts read the very same lists.

/** Tone -> the words that name it. Lower-case; the core's lexicon matches ASCII-case-folded words. */
export const EMOTION_WORDS: Record<string, string[]> = {
  anger: ['angry', 'angrier', 'angriest', 'angrily', 'furious', 'furiously', 'enraged', 'outraged', 'livid', 'irate', 'infuriated', 'infuriating', 'incensed', 'fuming', 'seething', 'rage', 'raging', 'wrath', 'pissed'],
  annoyance: ['annoyed', 'annoying', 'irritated', 'irritating', 'frustrated', 'frustrating', 'exasperated'],
  disgust: ['disgusted', 'disgusting', 'disgust', 'revolting', 'revolted', 'repulsive', 'repulsed', 'nauseating', 'sickening', 'sickened', 'vile', 'yuck', 'eww'],
  fear: ['scared', 'afraid', 'frightened', 'terrified', 'fearful', 'frightening', 'terrifying', 'scary', 'petrified', 'panicked', 'panicking', 'horrified'],
  nervousness: ['nervous', 'anxious', 'worried', 'uneasy', 'jittery'],
  joy: ['happy', 'happier', 'happiest', 'delighted', 'glad', 'joyful', 'overjoyed', 'cheerful', 'elated', 'ecstatic', 'pleased'],
  excitement: ['thrilled', 'excited', 'exciting', 'thrilling', 'psyched', 'stoked'],
  sadness: ['sad', 'sadder', 'saddest', 'unhappy', 'heartbroken', 'miserable', 'depressed', 'sorrowful', 'gloomy', 'devastated', 'tearful'],
  surprise: ['surprised', 'astonished', 'astonishing', 'shocked', 'stunned', 'startled', 'flabbergasted'],
  gratitude: ['grateful', 'thankful', 'thanks', 'thank'],
  disappointment: ['disappointed', 'disappointing', 'letdown'],
  // The tones XED does not label: with these, a text naming them is read on a source the head never
  // learned them from (max(model, lexicon) in tone.ts).
  love: ['love', 'loved', 'loves', 'adore', 'adored', 'adores'],
  amusement: ['amused', 'amusing', 'hilarious', 'lol', 'lmao', 'haha', 'hahaha', 'rofl'],
  admiration: ['admire', 'admired', 'admires', 'admiring', 'admirable', 'impressed'],
  pride: ['proud', 'prouder', 'proudest'],
  relief: ['relieved', 'relief', 'phew'],
  embarrassment: ['embarrassed', 'embarrassing', 'ashamed', 'mortified', 'humiliated', 'humiliating'],
  confusion: ['confused', 'confusing', 'puzzled', 'baffled', 'perplexed', 'bewildered'],
  curiosity: ['curious', 'intrigued'],
  remorse: ['remorse', 'remorseful', 'regret', 'regrets', 'regretted', 'apologize', 'apologise', 'apologies'],
  grief: ['grief', 'grieving', 'grieve', 'mourning', 'mourn', 'bereaved'],
  optimism: ['hopeful', 'optimistic']
}

/** The tones with a word list, in flag-bit order. */
export const LEXICON_TONES = Object.keys(EMOTION_WORDS)

/**
 * The core's NOCHAR flag (assembly/vec/features.ts): a listed word keeps its word unigram (learned where the
 * data holds it: "angry" is strong evidence of anger) but emits no character n-gram. The n-grams misled
 * the head on rare words: "furious" shares "urio", "rious" and "ious>" with "curious", and read as
 * curiosity 91 with anger 47. Dropping the word's features altogether (NOFEAT) lost the unigram too:
 * "I'm so angry with the airline…" then had no tone at 50.
 */
export const NOCHAR = 0x40000000

/**
 * A word of a list widened through word vectors (the model's WORDS, scripts/lib/tone-expand.mjs), not
 * written here: it carries its tone's bit but has a learned weight of its own (LEXV), so the written
 * words' weight ("furious") is not diluted by the neighbours' looser usage ("bitter").
 */
export const WIDENED = 0x00800000

/** Every tone bit of a lexicon flag (bit i = LEXICON_TONES[i]). */
export const TONE_BITS = (1 << LEXICON_TONES.length) - 1

// Negation scope (assembly/vec/features.ts, kinds bit F_NEG_SCOPE): a cue opens a scope over the next
// NEG_SCOPE_WORDS words of its clause (punctuation, "but" and the other stops close it); a listed word
// inside is reported with NEGATED and lifts no tone ("I am not angry at all", "I'm not happy with this").
// The usual scope rule of sentiment work (Das & Chen 2001; Pang et al. 2002's NOT_ prefix), with
// VADER's exception (Hutto & Gilbert 2014) for "never so/this" and comparatives, which intensify:
// "I have never been so furious", "couldn't be happier", "never felt more excited".
/** Opens a negation scope. */
export const NEG_CUE = 0x20000000
/** Closes an open scope, itself not negated (a new clause: "not angry, but sad"; "not only"). */
export const NEG_STOP = 0x10000000
/** The cue "never": a degree word after it reads as a comparison ("never been so furious"). */
export const NEG_NEVER = 0x08000000
/** "so", "this": close a scope opened by "never" (VADER's never-so rule); after "not" they stay negated ("not so happy"). */
export const NEG_DEGREE = 0x04000000
/** "more" and listed comparatives: close any scope, not negated ("couldn't be happier", "couldn't be more excited"). */
export const NEG_COMPARE = 0x02000000
/** Reported by the core on a word read inside a scope (never written in the lexicon). */
export const NEGATED = 0x01000000

/**
 * The tones named by the flagged words of a vecScore result (`mem` u32 words, `nFlag` (word, flags) pairs at
 * word `flagAt`): written lists and widened lists apart; a word read inside a negation scope names none.
 * The scorer (tone.ts) and the trainer (scripts/train-tone.mjs) both read them here.
 */
export function namedTones(mem: Uint32Array, flagAt: number, nFlag: number): { lex: number; wide: number } {
  let lex = 0
  let wide = 0
  for (let i = 0; i < nFlag; i++) {
    const f = mem[flagAt + 2 * i + 1]
    if (f & NEGATED) continue
    if (f & WIDENED) wide |= f & TONE_BITS
    else lex |= f & TONE_BITS
  }
  return { lex, wide }
}

const contractions = ['do', 'does', 'did', 'is', 'are', 'was', 'were', 'ca', 'could', 'wo', 'would', 'should', 'have', 'has', 'had', 'ai', 'must', 'need', 'might', 'sha']
  .flatMap((v) => [`${v}n't`, `${v}n\u2019t`, `${v === 'ca' ? 'can' : v === 'wo' ? 'won' : v === 'sha' ? 'shan' : `${v}n`}t`])
/** Negation cues: "not", "no", "never", the n't contractions (with ' or ’, and without the apostrophe as typed: "dont"). */
export const NEGATION_CUES = ['not', 'no', 'never', 'nor', 'neither', 'without', 'hardly', 'barely', 'scarcely', 'cannot', 'nothing', 'nobody', 'none', ...contractions]
/** Words that close a scope: a new clause or a reading that is not negation ("no doubt", "no wonder", "not only"). */
export const NEGATION_STOPS = ['but', 'however', 'though', 'although', 'yet', 'except', 'only', 'doubt', 'wonder']
export const NEGATION_DEGREE = ['so', 'this']
export const NEGATION_COMPARE = ['more', 'angrier', 'happier', 'sadder', 'prouder']

/** The scope words as `word\tflags\n` lines (the core ORs the flags of a word listed twice). */
const NEGATION_LEXICON = [
  ...NEGATION_CUES.map((w) => [w, w === 'never' ? NEG_CUE | NEG_NEVER : NEG_CUE] as const),
  ...NEGATION_STOPS.map((w) => [w, NEG_STOP] as const),
  ...NEGATION_DEGREE.map((w) => [w, NEG_DEGREE] as const),
  ...NEGATION_COMPARE.map((w) => [w, NEG_COMPARE] as const)
].map(([w, f]) => `${w}\t${f >>> 0}\n`).join('')

/** The lists as the core's lexicon: `word\tflags\n`, flag bit i = LEXICON_TONES[i], plus NOCHAR; then the negation scope's words. */
export const TONE_LEXICON = LEXICON_TONES.flatMap((tone, i) => EMOTION_WORDS[tone].map((w) => `${w}\t${((1 << i) | NOCHAR) >>> 0}\n`)).join('') + NEGATION_LEXICON
