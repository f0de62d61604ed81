// Word lists behind the toxicity rules (src/metrics/safety/toxicity-rules.ts), written for Litmus and
// released with it under MIT, plus the positive words of AFINN-165 (ODbL-1.0, Finn Årup Nielsen) as
// the cue of emphatic profanity. scripts/train-toxicity.mjs compiles them into the model's lexicon
// ("word\tflags" lines); the flag bits are defined once, in toxicity-rules.ts.
import { readFileSync } from 'node:fs'
import { FLAGS as F } from '../build/rules/toxicity-rules.js'

const w = (s) => s.trim().split(/\s+/)

/**
 * Dialect markers of African-American English (Blodgett et al. 2016; Davidson et al. 2019), and the
 * in-group term "nigga": in the training tweets they stand in for the dialect, not for abuse, so the
 * head is not allowed to learn from them (NOFEAT). The slur spelt with -er stays a slur.
 */
export const DIALECT_MARKERS = w(`finna tryna ion bruh ima imma lil yall y'all aint ain't bout dat dis wit gon sholl deadass
  fam homie homies bae shawty nigga niggas niggaz nigg niggah wassup thang tho dawg`)

// Each entry: words, flags. A word in several lists gets the union.
export const LISTS = [
  // Profanity and vulgar words, including common obfuscations the tokeniser keeps as one word.
  [w(`fuck fucks fucked fucker fuckers fucking fuckin fuckn fckin fck fcking fuk fuking fukin fuq phuck f*ck fucken
      motherfucker motherfuckers motherfucking mofo mf shit shits shitty shitting shitted bullshit horseshit sh1t shite
      damn damned dammit goddamn goddamned crap crappy ass asses arse arsehole asshole assholes asshat dumbass jackass
      badass bitch bitches bitchy b1tch biatch bastard bastards dick dicks dickhead dickheads cock cocks cunt cunts
      piss pissed pissing twat twats prick pricks wanker wankers bollocks bloody hell wtf stfu gtfo lmfao
      douche douchebag slut sluts whore whores hoe hoes thot`), F.PROF],
  // Insults: words that call a person something. Words that as readily judge a thing ("trash",
  // "garbage", "a joke", "lazy") are left out: "the jets are trash" is not an insult.
  [w(`idiot idiots idiotic moron morons moronic stupid stupidest dumb dumber dumbest dumbo dummy loser losers
      fool fools foolish imbecile imbeciles retard retards retarded halfwit dimwit nitwit dunce cretin cretins
      pathetic worthless useless incompetent ugly fat fatso pig pigs slob slobs clown clowns jerk jerks
      scum scumbag scumbags coward cowards cowardly spineless liar liars crook crooks
      fraud frauds creep creeps creepy freak freaks weirdo psycho lunatic maniac twerp worm worms snake snakes
      rat rats parasite parasites vermin leech deadbeat crybaby wimp sissy pussy bimbo airhead numbskull
      dipshit shithead shitheads dumbfuck jackass asshole assholes dickhead dickheads douchebag twat prick wanker
      bitch bitches bastard bastards cunt cunts whore whores slut sluts hoe hoes thot skank skanks tramp
      brainless gullible pervert perverts degenerate degenerates nasty vile hideous repulsive`), F.INSULT],
  // Insulting adjectives: they judge things as readily as people ("a stupid movie"), so they count as
  // an insult only when aimed at someone (see toxicity-rules.ts).
  [w(`stupid stupidest dumb dumber dumbest pathetic worthless useless incompetent ugly fat idiotic moronic
      foolish retarded brainless gullible creepy cowardly spineless disgusting nasty vile hideous repulsive`), F.ADJ],
  // Slurs against a group (kept so they can be recognised; never generated).
  [w(`nigger niggers nigguh faggot faggots fag fags chink chinks kike kikes spic spics wetback wetbacks
      tranny trannies dyke dykes gook gooks raghead ragheads towelhead towelheads coon coons beaner beaners
      paki pakis jigaboo sandnigger zipperhead gyppo gypsies retard retards mongoloid shemale`), F.SLUR],
  // Violence.
  [w(`kill kills killed killing murder murders murdered murdering shoot shoots shooting shot stab stabs stabbed
      stabbing hurt hurts hurting beat beating beaten punch punches punched strangle strangled choke choked
      burn burned burnt burning rape raped raping rapes hang hanged hanging lynch lynched die dies dying dead death
      destroy slit smash smashed bash bashed drown drowned torture tortured gas gassed exterminate exterminated
      eradicate eradicated slaughter slaughtered behead beheaded bullet bullets gun guns knife knives bomb blow
      hunt massacre annihilate execute executed kys`), F.THREAT],
  // Groups of people (identity terms). Neutralised in the learned head (NOFEAT): an identity term
  // alone must carry no weight; only the rules (a group plus a hostile predicate) make it toxic.
  [w(`muslim muslims islam islamic jew jews jewish judaism christian christians catholic catholics hindu hindus
      sikh sikhs buddhist buddhists atheist atheists arab arabs black blacks white whites asian asians african
      africans mexican mexicans latino latinos latina latinas latinx hispanic hispanics chinese indian indians
      native immigrant immigrants refugee refugees migrant migrants foreigner foreigners gay gays lesbian lesbians
      bisexual queer queers trans transgender transgenders homosexual homosexuals lgbt lgbtq women girls
      men feminist feminists disabled deaf blind autistic elderly gypsy roma illegals`), F.IDENT | F.NOFEAT],
  // "man" and "woman" name one person, not a group ("you're a dead man"), but are as identity-laden
  // as the group terms: neutralised in the head, not group terms for the rules. So is "people", the
  // head noun of nearly every group mention ("black people", "gay people"): trained on statements about
  // groups, the head gave "people" alone 70.
  [w(`man woman people`), F.NOFEAT],
  // Hostile predicates about people.
  [w(`hate hates hated hating disgusting disgust vermin animals animal parasites inferior filthy dirty terrorist
      terrorists criminal criminals savage savages subhuman scum rats cockroaches cancer disease diseased sick
      abomination freaks predators predator pedophile pedophiles pedos lazy greedy thieves thief rapists evil trash
      garbage worthless useless burden stupid dumb ugly deport deported slaves slave property primitive backward
      smell stink stinks mentally ill monkeys monkey apes ape dogs infest infesting invaders plague
      idiots morons barbarians brainwashed liars despise despises loathe loathes detest detests
      pervert perverts perverted degenerate degenerates filth`), F.HOSTILE],
  // Praise of a group's character or worth: denied of a group ("Muslims are not decent people", "women
  // are never smart") it is an identity attack without a hostile word. Words that also describe a
  // situation ("welcome", "equal", "safe", "happy") are left out: "refugees are not safe there" is news.
  [w(`good decent honest trustworthy smart intelligent clever civilized civilised human humans normal worthy
      capable kind moral loyal peaceful respectable valuable innocent`), F.TRAIT],
  // Regard for a person: denied of a group it is an identity attack without a hostile word ("I don't
  // respect women", "immigrants can't be trusted", "black lives don't matter"); which form reads which
  // way is in toxicity-rules.ts (ESTEEM_OF, ESTEEMED).
  [w(`respect trust like value tolerate accept welcome hire appreciate admire stand trusted respected accepted
      tolerated valued hired allowed welcomed worth matter matters belong belongs`), F.ESTEEM],
  // Charges that judge a thing as readily as a person ("a violent storm", "a dangerous road"): hostile only
  // when predicated of a group ("immigrants are dangerous", "why are Muslims so violent?"), which
  // toxicity-rules.ts checks (CHARGE_GAP); beside a group in any other way they are nothing.
  [w(`violent dangerous dishonest ignorant vile repulsive revolting weak untrustworthy deceitful sneaky treacherous
      aggressive uneducated uncivilized uncivilised barbaric inbred ungrateful smelly crazy insane hysterical
      threat danger menace virus swarm infestation ruining destroying invading poisoning polluting corrupting
      horrible terrible awful nasty rotten gross hideous problem`), F.CHARGE],
  // Explicit sexual words (strong) and words that are sexual only in some contexts (weak).
  [w(`porn porno pornhub nudes nude horny cock cocks pussy tits titties boobs blowjob blowjobs handjob cum cumming
      jizz dildo masturbate masturbating masturbation jerked orgasm orgy boner erection clit anal dick dicks
      milf hentai xxx`), F.SEX],
  [w(`sex sexy naked suck sucks sucking lick licking bang banging screw screwing hook fuck fucked fucking whore slut
      sluts whores thot ass butt bend knees ride horny bed`), F.SEXWEAK],
  // The addressee.
  [w(`you your yours yourself yourselves u ur ya ye you're youre you’re ur you'll you’ll you've you’d you'd yall y'all`), F.YOU],
  // Negation.
  [w(`not no never don't dont doesn't doesnt didn't didnt isn't isnt aren't arent wasn't wasnt weren't werent
      won't wont wouldn't wouldnt can't cant cannot shouldn't shouldnt nobody nothing none neither nor
      don’t doesn’t didn’t isn’t aren’t wasn’t weren’t won’t wouldn’t can’t shouldn’t ain't aint stop`), F.NEG],
  // Intent: future and going-to.
  [w(`will i'll i’ll we'll we’ll gonna going shall gon finna wanna want i'm i’m im ima imma`), F.FUT],
  // The speaker.
  [w(`i i'm i’m im i'll i’ll ima imma we we're we’re we'll we’ll`), F.FIRST],
  // Third persons and groups as targets.
  [w(`he him his she her they them their he's she's they're he’s she’s they’re everyone everybody somebody someone
      people all those these`), F.THIRD],
  // Modal wishes and deserts ("should be shot", "deserve to die", "hope you die").
  [w(`should must deserve deserves deserved need needs ought hope wish wished let's lets`), F.MODAL],
  // Copulas ("you are a ...", "he's a ...").
  [w(`is are am was were be being been r 's you're youre you’re he's she's they're he’s she’s they’re`), F.COPULA],
  // Talking about words (counter-speech, reporting).
  [w(`call calling called calls say saying said says word words slur slurs term terms phrase phrases
      use using used wrote written claim claimed claims label labeling labelling telling tell told
      insult insults stereotype stereotypes`), F.META],
  // Disapproval of what was said.
  [w(`wrong bigoted bigotry racist racism sexist sexism antisemitic antisemitism homophobic homophobia
      hurtful hateful dehumanising dehumanizing offensive unacceptable outdated cruel reported ban banned
      false educate illegal`), F.DISAPPROVE],
  // Self-reference as the object of a violent verb ("this is killing me").
  [w(`me myself`), F.SELF],
  // Head words of hostile idioms without a hostile word (toxicity-rules.ts IDIOMS: "nobody likes you",
  // "shut up", "a waste of space", "a piece of shit").
  [w(`nobody noone shut waste piece`), F.IDIOM],
  // "<group> belong in a zoo" (toxicity-rules.ts groupFrame): the verb makes the rules read the text.
  [w(`belong belongs`), F.IDIOM],
  // "send them back", "go back to your own country" (toxicity-rules.ts sentBack).
  [w(`back`), F.RETURN],
  // Dialect markers (above).
  [DIALECT_MARKERS, F.NOFEAT],
  // Articles, auxiliaries, prepositions and conjunctions: no evidence of their own. Fitted on statements
  // about groups the head gave "are" 1.7, and a short question was judged by it ("Are you ok?" 67).
  // Pronouns keep their features: "they" and "you" carry the target of a statement.
  [w(`a an the this that these those is are am was were be been being do does did have has had it its
      of to in on at for with from by about as into than and or but so if`), F.NOFEAT]
]

/**
 * Words whose misspellings with letters out of order count as them (FUZZY): insults, profanity, slurs,
 * and the group terms and hostile predicates of identity attacks ("Mulsims are vermin", "disgutsing").
 */
const FUZZY_SOURCE = F.INSULT | F.PROF | F.SLUR | F.IDENT | F.HOSTILE
const tailKey = (word) => `${word[0]}|${word.slice(1).split('').sort().join('')}`

/** AFINN-165 words with valence >= 2 (ODbL-1.0): cue of emphatic, approving profanity. */
export function afinnPositive(path) {
  const afinn = JSON.parse(readFileSync(path, 'utf8'))
  return Object.keys(afinn)
    .filter((k) => afinn[k] >= 2 && !k.includes(' '))
    .sort()
}

/** The lexicon as `word\tflags` lines, sorted, deterministic. */
export function compileLexicon(afinnPath, glovePath = null) {
  const flags = new Map()
  const add = (word, f) => {
    const key = word.toLowerCase()
    flags.set(key, (flags.get(key) ?? 0) | f)
    // Straight and curly apostrophes are different bytes to the hash: list both.
    if (key.includes("'")) flags.set(key.replace(/'/g, '’'), (flags.get(key.replace(/'/g, '’')) ?? 0) | f)
  }
  for (const [words, f] of LISTS) for (const word of words) add(word, f)
  for (const word of afinnPositive(afinnPath)) add(word, F.POS)
  if (glovePath) {
    // A hostile word of 5 to 12 letters is FUZZY unless another common English word (the 20,000 of the
    // GloVe list) or lexicon word has its first letter and the same other letters: "loser" would
    // otherwise read "lores" as an insult.
    const classes = new Map()
    const vocabulary = [...readFileSync(glovePath, 'utf8').split('\n').map((l) => l.slice(0, l.indexOf('\t'))).filter(Boolean), ...flags.keys()]
    for (const word of new Set(vocabulary)) if (/^[a-z]{5,12}$/.test(word)) classes.set(tailKey(word), (classes.get(tailKey(word)) ?? 0) + 1)
    for (const [word, f] of flags) {
      if (f & FUZZY_SOURCE && /^[a-z]{5,12}$/.test(word) && classes.get(tailKey(word)) === 1) flags.set(word, f | F.FUZZY)
    }
    // A FUZZY word of 6 to 12 letters is also EDIT1 (read with one letter after the first dropped or
    // doubled) unless a common word that is not in the lexicon is one of those forms: "blacks" would read
    // "backs", so it is not EDIT1. Lexicon words are never read as misspellings (they have flags).
    const common = new Set(vocabulary.filter((word) => /^[a-z]{5,13}$/.test(word) && !flags.has(word)))
    const forms = (word) => word.split('').flatMap((c, i) => (i === 0 ? [] : [word.slice(0, i) + word.slice(i + 1), word.slice(0, i) + c + word.slice(i)]))
    for (const [word, f] of flags) {
      if (f & F.FUZZY && word.length >= 6 && !forms(word).some((form) => common.has(form))) flags.set(word, f | F.EDIT1)
    }
  }
  return [...flags.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([word, f]) => `${word}\t${f >>> 0}`)
    .join('\n') + '\n'
}
