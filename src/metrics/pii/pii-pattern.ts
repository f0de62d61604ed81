// Linear-time matching for user-supplied allowlist and blocklist patterns. A pattern is compiled to
// a Thompson NFA and run as a Pike-style simulation: every step touches each NFA state at most once,
// so matching costs O(text length x pattern size) whatever the pattern ((a+)+$ included). JS RegExp
// is never used on user patterns: its backtracking can take exponential time.
//
// Semantics: we need the text regions a pattern matches, not capture groups, so the simulation
// reports the union of all non-empty matches. Per NFA state only the thread with the earliest start
// is kept; its future matches cover those of any later-starting thread in the same state, so the
// union is exact.
//
// Syntax: the JavaScript regular-expression syntax minus the parts that need backtracking:
// literals, escapes (\d \w \s \D \W \S \b \B \t \n \r \f \v \0 \xHH \uHHHH \/ and escaped
// punctuation), classes [a-z] [^...], '.', ^ $, groups (...) (?:...) (?<name>...), alternation,
// quantifiers * + ? {n} {n,} {n,m} (greedy or lazy: the same regions). Flags: i (case-insensitive),
// m (^ $ at line breaks), s ('.' matches line breaks); g, u, y, d are accepted and change nothing.
// Back-references and lookaround are rejected. Matching is per UTF-16 code unit.
//
// Cost: each pattern carries `cost`, its work per character of text (the weighted size of its
// program; a plain literal, matched with indexOf, is far cheaper). The caller multiplies by the text
// length and sums over the entries of a call before running any (src/schema/limits.ts).
import { MAX_PATTERN_CHARS, MAX_PATTERN_DEPTH } from '../../schema/limits.js'

export class PatternError extends Error {}

type CharTest = ((c: number) => boolean) & { code?: number; weight?: number }

type Node =
  | { t: 'set'; test: CharTest; weight: number; code?: number }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'assert'; kind: 'bol' | 'eol' | 'wb' | 'nwb' }

const enum Op {
  Set,
  Split,
  Jmp,
  Assert,
  Match
}

interface Inst {
  op: Op
  test?: CharTest
  weight?: number
  x?: number
  y?: number
  kind?: 'bol' | 'eol' | 'wb' | 'nwb'
}

/** Largest compiled program accepted (it bounds the memory of a match, and its cost per character). */
const MAX_PROGRAM = 2_000
const MAX_REPEAT = 1000
/** Cost per character of a literal entry: indexOf runs tens of times faster than one NFA state. */
const LITERAL_COST = 1 / 32
/** Per character and pattern, the engine's own step (start a thread, swap the lists). */
const STEP_COST = 4
/** Zero-width assertions look at two characters and are re-tested per thread. */
const ASSERT_COST = 4

const isDigit: CharTest = (c) => c >= 48 && c <= 57
const isWord: CharTest = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
const isSpace: CharTest = (c) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
const not = (f: CharTest): CharTest => (c) => !f(c)

class Parser {
  i = 0
  constructor(
    readonly src: string,
    readonly flags: { i: boolean; s: boolean; m: boolean }
  ) {}

  fail(why: string): never {
    throw new PatternError(`${why} at position ${this.i}`)
  }

  parse(): Node {
    const node = this.alt()
    if (this.i < this.src.length) this.fail(`unexpected '${this.src[this.i]}'`)
    return node
  }

  alt(): Node {
    const items = [this.cat()]
    while (this.src[this.i] === '|') {
      this.i++
      items.push(this.cat())
    }
    return items.length === 1 ? items[0] : { t: 'alt', items }
  }

  cat(): Node {
    const items: Node[] = []
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') items.push(this.repeat())
    return { t: 'cat', items }
  }

  /** The quantifier at the current position, as [min, max, length], or undefined. */
  quantifier(): [number, number, number] | undefined {
    const c = this.src[this.i]
    if (c === '*') return [0, Infinity, 1]
    if (c === '+') return [1, Infinity, 1]
    if (c === '?') return [0, 1, 1]
    if (c !== '{') return undefined
    // Read only digits and one comma: a slice of the rest would make a pattern of many '{' quadratic.
    let j = this.i + 1
    while (j < this.src.length && j - this.i < 24 && /[\d,]/.test(this.src[j])) j++
    const m = /^\{(\d+)(,(\d*))?\}$/.exec(this.src.slice(this.i, j + 1))
    if (!m) return undefined // a literal '{', as JavaScript allows without the u flag
    const min = Number(m[1])
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])
    if (max < min) this.fail('numbers out of order in {} quantifier')
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) this.fail(`repeat count above ${MAX_REPEAT}`)
    return [min, max, m[0].length]
  }

  repeat(): Node {
    const node = this.atom()
    const q = this.quantifier()
    if (!q) return node
    if (node.t === 'assert') this.fail('nothing to repeat')
    this.i += q[2]
    if (this.src[this.i] === '?') this.i++ // lazy: same regions
    // A quantifier on a quantifier ("a**", "a{2}{3}") is a syntax error in JavaScript too.
    if (this.quantifier()) this.fail('nothing to repeat')
    return { t: 'rep', node, min: q[0], max: q[1] }
  }

  atom(): Node {
    const c = this.src[this.i]
    if (c === '(') {
      this.i++
      if (this.src[this.i] === '?') {
        const rest = this.src.slice(this.i, this.i + 3)
        if (rest.startsWith('?:')) this.i += 2
        else if (rest.startsWith('?=') || rest.startsWith('?!') || rest === '?<=' || rest === '?<!') {
          this.fail('lookaround is not supported (patterns run in linear time)')
        } else if (rest.startsWith('?<')) {
          const close = this.src.indexOf('>', this.i)
          if (close < 0) this.fail('unterminated group name')
          this.i = close + 1
        } else this.fail('invalid group')
      }
      const node = this.alt()
      if (this.src[this.i] !== ')') this.fail('missing )')
      this.i++
      return node
    }
    if (c === ')') this.fail('unmatched )')
    if (c === '*' || c === '+' || c === '?') this.fail('nothing to repeat')
    this.i++
    if (c === '[') {
      const test = this.charClass() // folded inside, before any negation
      return { t: 'set', test, weight: test.weight! }
    }
    if (c === '.') return this.set(this.flags.s ? () => true : (x) => x !== 10 && x !== 13 && x !== 0x2028 && x !== 0x2029)
    if (c === '^') return { t: 'assert', kind: 'bol' }
    if (c === '$') return { t: 'assert', kind: 'eol' }
    if (c === '\\') {
      const e = this.src[this.i]
      if (e === 'b') return this.i++, { t: 'assert', kind: 'wb' }
      if (e === 'B') return this.i++, { t: 'assert', kind: 'nwb' }
      return this.set(this.escape(false))
    }
    return this.set(this.literal(c.charCodeAt(0)))
  }

  set(test: CharTest): Node {
    if (this.flags.i) return { t: 'set', test: caseless(test), weight: 3 }
    return { t: 'set', test, weight: 1, code: test.code }
  }

  literal(code: number): CharTest {
    const test: CharTest = (x) => x === code
    test.code = code
    return test
  }

  escape(inClass: boolean): CharTest {
    const e = this.src[this.i++]
    if (e === undefined) this.fail('\\ at end of pattern')
    switch (e) {
      case 'd': return isDigit
      case 'D': return not(isDigit)
      case 'w': return isWord
      case 'W': return not(isWord)
      case 's': return isSpace
      case 'S': return not(isSpace)
      case 't': return this.literal(9)
      case 'n': return this.literal(10)
      case 'r': return this.literal(13)
      case 'f': return this.literal(12)
      case 'v': return this.literal(11)
      case '0': return this.literal(0)
      case 'b': if (inClass) return this.literal(8); break
      case 'x': {
        const h = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i))
        if (!h) this.fail('invalid \\x escape')
        this.i += 2
        return this.literal(parseInt(h[0], 16))
      }
      case 'u': {
        const h = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.i))
        if (!h) this.fail('invalid \\u escape')
        this.i += 4
        return this.literal(parseInt(h[0], 16))
      }
      case 'k': this.fail('back-references are not supported (patterns run in linear time)')
    }
    if (e >= '1' && e <= '9') this.fail('back-references are not supported (patterns run in linear time)')
    return this.literal(e.charCodeAt(0))
  }

  /** One class member: a single code (returned as a number) or a predefined class (a test). */
  classAtom(): number | CharTest {
    const c = this.src[this.i++]
    if (c === '\\') {
      const save = this.i
      const e = this.src[this.i]
      if ('dDwWsS'.includes(e)) return this.escape(true)
      this.i = save
      const test = this.escape(true)
      // Every other escape is a single code; recover it by probing.
      for (const probe of [this.src.charCodeAt(this.i - 1), 8, 9, 10, 11, 12, 13, 0]) if (test(probe)) return probe
      const hex = this.src.slice(save + 1, this.i)
      return parseInt(hex, 16)
    }
    return c.charCodeAt(0)
  }

  charClass(): CharTest {
    let negate = false
    if (this.src[this.i] === '^') {
      negate = true
      this.i++
    }
    const ranges: [number, number][] = []
    const tests: CharTest[] = []
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      const a = this.classAtom()
      if (typeof a !== 'number') {
        tests.push(a)
        continue
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++
        const b = this.classAtom()
        if (typeof b !== 'number') this.fail('invalid class range')
        if (b < a) this.fail('range out of order in character class')
        ranges.push([a, b])
      } else ranges.push([a, a])
    }
    if (this.src[this.i] !== ']') this.fail('missing ]')
    this.i++
    const inSet: CharTest = (c) => {
      for (const [lo, hi] of ranges) if (c >= lo && c <= hi) return true
      for (const t of tests) if (t(c)) return true
      return false
    }
    // Case folding applies to the members before negation, as in JavaScript: /[^a]/i rejects 'A'.
    const members = this.flags.i ? caseless(inSet) : inSet
    const test: CharTest = negate ? not(members) : members
    test.weight = 1 + Math.ceil((ranges.length + tests.length) / 8) + (this.flags.i ? 2 : 0)
    return test
  }
}

function caseless(test: CharTest): CharTest {
  const slow = (c: number) => {
    if (test(c)) return true
    const s = String.fromCharCode(c)
    const lo = s.toLowerCase()
    const up = s.toUpperCase()
    return (lo.length === 1 && test(lo.charCodeAt(0))) || (up.length === 1 && test(up.charCodeAt(0)))
  }
  // ASCII answers decided once: most text is ASCII, and case mapping builds strings.
  const ascii = new Uint8Array(128)
  for (let c = 0; c < 128; c++) ascii[c] = slow(c) ? 1 : 0
  return (c) => (c < 128 ? ascii[c] === 1 : slow(c))
}

function compile(node: Node, prog: Inst[]): void {
  if (prog.length > MAX_PROGRAM) throw new PatternError(`pattern too large (over ${MAX_PROGRAM} states)`)
  switch (node.t) {
    case 'set':
      prog.push({ op: Op.Set, test: node.test, weight: node.weight })
      return
    case 'assert':
      prog.push({ op: Op.Assert, kind: node.kind })
      return
    case 'cat':
      for (const item of node.items) compile(item, prog)
      return
    case 'alt': {
      // split L1, L2; L1: a; jmp end; L2: split ... ; last: z
      const jumps: Inst[] = []
      for (let k = 0; k < node.items.length; k++) {
        if (k < node.items.length - 1) {
          const split: Inst = { op: Op.Split, x: prog.length + 1 }
          prog.push(split)
          compile(node.items[k], prog)
          const jmp: Inst = { op: Op.Jmp }
          prog.push(jmp)
          jumps.push(jmp)
          split.y = prog.length
        } else compile(node.items[k], prog)
      }
      for (const j of jumps) j.x = prog.length
      return
    }
    case 'rep': {
      for (let k = 0; k < node.min; k++) compile(node.node, prog)
      if (node.max === Infinity) {
        const split: Inst = { op: Op.Split, x: prog.length + 1 }
        const at = prog.length
        prog.push(split)
        compile(node.node, prog)
        prog.push({ op: Op.Jmp, x: at })
        split.y = prog.length
      } else {
        const splits: Inst[] = []
        for (let k = node.min; k < node.max; k++) {
          const split: Inst = { op: Op.Split, x: prog.length + 1 }
          prog.push(split)
          splits.push(split)
          compile(node.node, prog)
        }
        for (const s of splits) s.y = prog.length
      }
      return
    }
  }
}

/** A compiled pattern: `regions(text)` returns the merged [start, end) regions it matches. */
export interface Pattern {
  regions(text: string): [number, number][]
  /** Work per character of text, in NFA state visits; see PATTERN_BUDGET. */
  cost: number
  /** The string matched, when the pattern is a plain string. */
  literal?: string
}

/** Reject, before any parsing, a pattern too long or nested too deep for a bounded parse. */
function checkShape(source: string): void {
  if (source.length > MAX_PATTERN_CHARS) throw new PatternError(`pattern longer than ${MAX_PATTERN_CHARS} characters`)
  let depth = 0
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '(') {
      if (++depth > MAX_PATTERN_DEPTH) throw new PatternError(`groups nested deeper than ${MAX_PATTERN_DEPTH} at position ${i}`)
    } else if (c === ')') depth--
  }
}

/** The string a pattern matches when it is a plain sequence of characters, else undefined. */
function literalOf(tree: Node): string | undefined {
  const items = tree.t === 'cat' ? tree.items : [tree]
  let out = ''
  for (const item of items) {
    if (item.t !== 'set' || item.code === undefined) return undefined
    out += String.fromCharCode(item.code)
  }
  return out
}

const wordAt = (text: string, i: number) => i >= 0 && i < text.length && isWord(text.charCodeAt(i))

/** Compile `source` with `flags` (a subset of "gimsuyd"); throws PatternError when invalid. */
export function compilePattern(source: string, flags: string): Pattern {
  for (const f of flags) if (!'gimsuyd'.includes(f)) throw new PatternError(`unknown flag '${f}'`)
  const opts = { i: flags.includes('i'), s: flags.includes('s'), m: flags.includes('m') }
  checkShape(source)
  const tree = new Parser(source, opts).parse()
  const lit = literalOf(tree)
  if (lit !== undefined) return literalPattern(lit)
  const prog: Inst[] = []
  compile(tree, prog)
  prog.push({ op: Op.Match })
  if (prog.length > MAX_PROGRAM) throw new PatternError(`pattern too large (over ${MAX_PROGRAM} states)`)
  let cost = STEP_COST
  for (const inst of prog) cost += inst.op === Op.Set ? inst.weight! : inst.op === Op.Assert ? ASSERT_COST : 1
  const program = flatten(prog, opts.m)
  return { cost, regions: (text: string) => new PikeRun(program, text).run() }
}

/** A compiled program as flat arrays: one shape for the engine to read, whatever the instruction. */
interface Program {
  size: number
  ops: Uint8Array
  xs: Int32Array
  ys: Int32Array
  /** Assertion kinds: 0 ^, 1 $, 2 \b, 3 \B. */
  kinds: Uint8Array
  tests: CharTest[]
  /** ASCII answers of every character test, decided once: a table read instead of a call per thread. */
  ascii: Uint8Array
  /** ^ and $ also at line breaks. */
  multiline: boolean
  /** The character tests that can begin a match, and whether the start reaches a match with no character. */
  firstSets: number[]
  firstAscii: Uint8Array
  startMatches: boolean
}

function flatten(prog: Inst[], multiline: boolean): Program {
  const size = prog.length
  const ops = new Uint8Array(size)
  const xs = new Int32Array(size)
  const ys = new Int32Array(size)
  const kinds = new Uint8Array(size)
  const tests: CharTest[] = prog.map((inst) => inst.test ?? (() => false))
  // A repeated atom ("[a-z]{1,999}") shares one test: ask each distinct test once.
  const ascii = new Uint8Array(size * 128)
  const decided = new Map<CharTest, number>()
  prog.forEach((inst, pc) => {
    if (inst.op !== Op.Set) return
    const first = decided.get(inst.test!)
    if (first !== undefined) return void ascii.copyWithin(pc * 128, first * 128, first * 128 + 128)
    decided.set(inst.test!, pc)
    for (let c = 0; c < 128; c++) ascii[pc * 128 + c] = inst.test!(c) ? 1 : 0
  })
  prog.forEach((inst, pc) => {
    ops[pc] = inst.op
    xs[pc] = inst.x ?? 0
    ys[pc] = inst.y ?? 0
    kinds[pc] = inst.kind === 'bol' ? 0 : inst.kind === 'eol' ? 1 : inst.kind === 'wb' ? 2 : 3
  })
  const program: Program = { size, ops, xs, ys, kinds, tests, ascii, multiline, firstSets: [], firstAscii: new Uint8Array(128), startMatches: false }
  startSets(program)
  return program
}

// Characters that can begin a match: the character tests reachable from the start by empty steps
// (assertions taken as passing, so the set is a superset). While no thread is alive, a position
// whose character is outside it starts nothing, and is skipped without running the simulation:
// prose mostly is such positions for a pattern that begins with a digit or a rare letter.
function startSets(p: Program): void {
  const seen = new Uint8Array(p.size)
  const todo = [0]
  while (todo.length > 0) {
    const pc = todo.pop()!
    if (seen[pc]) continue
    seen[pc] = 1
    const op = p.ops[pc]
    if (op === Op.Jmp) todo.push(p.xs[pc])
    else if (op === Op.Split) todo.push(p.xs[pc], p.ys[pc])
    else if (op === Op.Assert) todo.push(pc + 1)
    else if (op === Op.Match) p.startMatches = true
    else p.firstSets.push(pc)
  }
  for (const pc of p.firstSets) for (let c = 0; c < 128; c++) p.firstAscii[c] |= p.ascii[pc * 128 + c]
}

/** Threads of the simulation at one position: their states and where each match began. */
interface Threads {
  pcs: Int32Array
  starts: Int32Array
  len: number
}

/**
 * One run of a program over a text (a Pike simulation over UTF-16 code units): the regions it matches,
 * merged where they overlap. Each step visits each state at most once, so the work is at most
 * cost x (n + 1): the caller checked that against the budget before calling.
 */
class PikeRun {
  private cur: Threads
  private nxt: Threads
  /** The step a state was last added in, so no state is added twice in one step. */
  private readonly mark: Int32Array
  private readonly stack: Int32Array
  private stamp = 0
  private readonly out: [number, number][] = []

  constructor(
    private readonly p: Program,
    private readonly text: string
  ) {
    this.cur = { pcs: new Int32Array(p.size), starts: new Int32Array(p.size), len: 0 }
    this.nxt = { pcs: new Int32Array(p.size), starts: new Int32Array(p.size), len: 0 }
    this.mark = new Int32Array(p.size).fill(-1)
    this.stack = new Int32Array(p.size * 2 + 2)
  }

  run(): [number, number][] {
    const { p, text } = this
    const { firstAscii } = p
    const n = text.length
    this.stamp++
    for (let pos = 0; pos <= n; pos++) {
      if (this.cur.len === 0 && !p.startMatches) {
        // Skip what starts nothing: one table read per ASCII character.
        for (; pos < n; pos++) {
          const c = text.charCodeAt(pos)
          if (c < 128 ? firstAscii[c] === 1 : this.startsAbove127(c)) break
        }
        if (pos === n) break
      }
      // Threads carried over were added with stamp of this step; the new start comes last.
      this.add(this.cur, 0, pos, pos)
      this.stamp++
      this.step(pos, pos < n ? text.charCodeAt(pos) : -1)
      const t = this.cur
      this.cur = this.nxt
      this.nxt = t
    }
    return this.out
  }

  /** Advance every thread over the character `c` at `pos` (-1 at the end), into `nxt`. */
  private step(pos: number, c: number): void {
    const { cur, nxt, mark, stamp } = this
    const { ops, ascii, tests } = this.p
    nxt.len = 0
    for (let k = 0; k < cur.len; k++) {
      const pc = cur.pcs[k]
      if (ops[pc] === Op.Match) this.record(cur.starts[k], pos)
      else if (c >= 0 && (c < 128 ? ascii[pc * 128 + c] === 1 : tests[pc](c))) {
        const to = pc + 1
        // The next state reads a character (or matches): no empty transitions to follow.
        if (ops[to] === Op.Set || ops[to] === Op.Match) {
          if (mark[to] !== stamp) {
            mark[to] = stamp
            nxt.pcs[nxt.len] = to
            nxt.starts[nxt.len] = cur.starts[k]
            nxt.len++
          }
        } else this.add(nxt, to, cur.starts[k], pos + 1)
      }
    }
  }

  /** Whether a character past ASCII can begin a match. */
  private startsAbove127(c: number): boolean {
    for (const pc of this.p.firstSets) if (this.p.tests[pc](c)) return true
    return false
  }

  private assertOk(kind: number, pos: number): boolean {
    const { text } = this
    switch (kind) {
      case 0:
        return pos === 0 || (this.p.multiline && (text.charCodeAt(pos - 1) === 10 || text.charCodeAt(pos - 1) === 13))
      case 1:
        return pos === text.length || (this.p.multiline && (text.charCodeAt(pos) === 10 || text.charCodeAt(pos) === 13))
      case 2:
        return wordAt(text, pos - 1) !== wordAt(text, pos)
      default:
        return wordAt(text, pos - 1) === wordAt(text, pos)
    }
  }

  /** Follow empty transitions from pc0, adding the Set/Match states reached to `list`. */
  private add(list: Threads, pc0: number, start: number, pos: number): void {
    const { stack, mark, stamp } = this
    const { ops, xs, ys, kinds } = this.p
    let sp = 0
    stack[sp++] = pc0
    while (sp > 0) {
      const pc = stack[--sp]
      if (mark[pc] === stamp) continue
      mark[pc] = stamp
      switch (ops[pc]) {
        case Op.Jmp:
          stack[sp++] = xs[pc]
          break
        case Op.Split:
          // Push y first so x is explored first (order only affects which equal threads survive).
          stack[sp++] = ys[pc]
          stack[sp++] = xs[pc]
          break
        case Op.Assert:
          if (this.assertOk(kinds[pc], pos)) stack[sp++] = pc + 1
          break
        default:
          list.pcs[list.len] = pc
          list.starts[list.len] = start
          list.len++
      }
    }
  }

  /** A match of [start, end), merged with those it overlaps. */
  private record(start: number, end: number): void {
    if (end <= start) return
    const { out } = this
    while (out.length > 0 && out[out.length - 1][1] > start) {
      const last = out.pop()!
      start = Math.min(start, last[0])
      end = Math.max(end, last[1])
    }
    out.push([start, end])
  }
}

/**
 * Literal entries: every occurrence, case-sensitive, merged where they overlap. indexOf finds the
 * next occurrence; overlapping ones ("aaa" in "aaaaaa") are followed with the literal's KMP border
 * table, so a periodic text costs one pass instead of one comparison of the literal per position.
 */
export function literalPattern(literal: string): Pattern {
  const m = literal.length
  let border: Int32Array | undefined
  return {
    literal,
    cost: LITERAL_COST,
    regions(text: string): [number, number][] {
      const out: [number, number][] = []
      if (m === 0) return out
      if (!border) {
        // border[k]: length of the longest proper border of the literal's first k characters.
        border = new Int32Array(m + 1)
        border[0] = -1
        for (let k = 0, q = -1; k < m; k++) {
          while (q >= 0 && literal.charCodeAt(q) !== literal.charCodeAt(k)) q = border[q]
          border[k + 1] = ++q
        }
      }
      const f = border
      const record = (start: number, end: number) => {
        const last = out[out.length - 1]
        if (last && last[1] > start) last[1] = end
        else out.push([start, end])
      }
      const n = text.length
      for (let i = text.indexOf(literal); i >= 0; ) {
        record(i, i + m)
        // Follow overlapping occurrences while a border of the literal is still matched.
        let q = m
        let pos = i + m
        while (q > 0 && pos < n) {
          const c = text.charCodeAt(pos++)
          while (q >= 0 && (q === m || literal.charCodeAt(q) !== c)) q = f[q]
          q++
          if (q === m) record(pos - m, pos)
        }
        // Left only with no partial match (q = 0), or at the end of the text.
        i = pos < n ? text.indexOf(literal, pos) : -1
      }
      return out
    }
  }
}

/**
 * A recognizer's pattern: `/source/flags` (a slash, the pattern, a closing slash, then only flag
 * letters) is a pattern; anything else is a literal string.
 */
export function parseEntry(entry: string): Pattern {
  const m = /^\/([\s\S]+)\/([a-z]*)$/.exec(entry)
  if (!m) return literalPattern(entry)
  return compilePattern(m[1], m[2])
}

/** The regions of two patterns, merged (both are sorted and merged already). */
function union(a: Pattern, b: Pattern): Pattern {
  return {
    cost: a.cost + b.cost,
    regions(text) {
      const all = [...a.regions(text), ...b.regions(text)].sort((x, y) => x[0] - y[0])
      const out: [number, number][] = []
      for (const r of all) {
        const last = out[out.length - 1]
        if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1])
        else out.push([r[0], r[1]])
      }
      return out
    }
  }
}

/**
 * An allowlist or blocklist entry, as the spec has them ("strings or regular-expression patterns"):
 * `/source/flags` is a pattern with flags (an invalid one is an error); anything else is a regular
 * expression without flags and, as well, the string as written, so `maria@example\.com` and
 * `Project \w+` work as patterns while `(415) 555-0132` or `C++` (not a pattern, or one that would not
 * match itself) still match themselves. Both run by the linear-time engine within the call's budget.
 */
export function parseListEntry(entry: string): Pattern {
  if (/^\/([\s\S]+)\/([a-z]*)$/.test(entry)) return parseEntry(entry)
  const literal = literalPattern(entry)
  let pattern: Pattern
  try {
    pattern = compilePattern(entry, '')
  } catch (e) {
    if (e instanceof PatternError) return literal
    throw e
  }
  // A plain word compiles to itself: one literal is enough.
  return pattern.literal === entry ? literal : union(pattern, literal)
}
