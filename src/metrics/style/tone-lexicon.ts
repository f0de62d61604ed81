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

/** The lists as the core's lexicon: `word\tflags\n`, flag bit i = LEXICON_TONES[i], plus NOCHAR. */
export const TONE_LEXICON = LEXICON_TONES.flatMap((tone, i) => EMOTION_WORDS[tone].map((w) => `${w}\t${((1 << i) | NOCHAR) >>> 0}\n`)).join('')
