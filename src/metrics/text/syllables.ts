// English syllable counts, used by the readability formulas. The rules and the table lookup run in
// the core (assembly/text/syllables.ts); this module loads the CMUdict exception list into the core
// once per `load()` and exposes a per-word method.
import { invalidArgument } from '../../errors.js'
import type { Context } from '../shared/context.js'
import { defineModel } from '../shared/metric.js'

const exportsOf = (ctx: Context) => ctx.core.exports

/** CMUdict corrections to the spelling rules, copied into memory kept for the instance's life and indexed. */
export const syllablesModel = defineModel(
  'syllables',
  () => import('../../models/syllables.generated.js'),
  (ctx, { SYLLABLE_EXCEPTIONS }) => {
    const x = exportsOf(ctx)
    // The list is ASCII, so its string length is its byte length.
    const len = SYLLABLE_EXCEPTIONS.length
    const ptr = x.syllablesReserve(len)
    const { written } = new TextEncoder().encodeInto(SYLLABLE_EXCEPTIONS, ctx.core.bytes.subarray(ptr, ptr + len))
    x.syllablesLoad(ptr, written)
  }
)

/**
 * `syllables(word)`: syllables in one word (any case; apostrophes and hyphens allowed, e.g.
 * "don't", "co-operate"). 0 for a string with no letters.
 */
export function syllablesMethod(ctx: Context): (word: string) => number {
  return (word: string): number => {
    if (typeof word !== 'string') throw invalidArgument('syllables', 'word', 'string', 'one word to count syllables in', word)
    if (word.length === 0) return 0
    // The core is read per call: release() puts a fresh one in ctx, and the word is written into that one.
    const ref = ctx.core.begin(word)
    return exportsOf(ctx).syllables(ref.ptr, ref.len)
  }
}
