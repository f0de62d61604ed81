// The registry says what load() needs of each metric before importing its code: the entry must agree with
// the record the metric module exports, or an Evaluator would offer a method it cannot run, or refuse one
// it could.
import { describe, expect, it } from 'vitest'
import { METRICS } from '../src/metrics/index.js'

describe('registry', () => {
  it('lists each operation once', () => {
    const names = METRICS.flatMap((m) => ('v3' in m && m.v3 ? [m.name, m.v3] : [m.name]))
    expect(new Set(names).size).toBe(names.length)
  })

  for (const entry of METRICS) {
    it(`${entry.name}: the entry is what its record declares`, async () => {
      const record = (await entry.record()) as { name: string; v3?: { name: string }; models: readonly { name: string }[]; extras?: object; explain?: unknown }
      expect({
        name: record.name,
        v3: record.v3?.name,
        models: record.models.map((m) => m.name),
        extras: Object.keys(record.extras ?? {}),
        explain: record.explain !== undefined
      }).toEqual({ name: entry.name, v3: 'v3' in entry ? entry.v3 : undefined, models: [...entry.models], extras: [...entry.extras], explain: entry.explain })
    })

    it(`${entry.name}: its record is in the ${entry.family} family, and load() reads it early when a model must install there`, async () => {
      // load() finds a record read on first use among its family's exports by name (src/evaluator.ts recordIn).
      const family: Record<string, unknown> = await import(`../src/metrics/${entry.family}/index.ts`)
      const record = (await entry.record()) as { models: readonly { atLoad?: unknown }[] }
      expect(Object.values(family)).toContain(record)
      expect('atLoad' in entry).toBe(record.models.some((m) => m.atLoad !== undefined))
    })
  }
})
