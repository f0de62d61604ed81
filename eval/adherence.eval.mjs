// adherence accuracy on the hand-labelled fixture (test/fixtures/adherence/cases.src.txt, written before
// any rule): rule kinds were written while looking at the odd-numbered policies (tune); the even-numbered
// policies (held) were not looked at until the rules were fixed. Baseline: the response breaks the policy
// when it mentions a policy keyword (any word of four or more letters of the policy, stop words aside).
import { accuracy } from './completion.eval.mjs'
import { readCases } from './judgement-fixtures.mjs'
import { fmt, table } from './util.mjs'

export const title = 'adherence'

const STOP = new Set('never always only answer respond response responses your every keep must should include with such like that this from into than under more less words answer'.split(' '))
const keywords = (s) => (s.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !STOP.has(w))
export const mentionsKeyword = (policy, response) => {
  const r = new Set(response.toLowerCase().match(/[a-z]+/g) ?? [])
  return keywords(policy).some((w) => r.has(w))
}

export async function run({ litmus }) {
  const cases = readCases('adherence')
  const rows = []
  for (const split of ['tune', 'held']) {
    const set = cases.filter((c) => c.split === split)
    for (const at of [30, 50, 70]) {
      const a = accuracy(set, (c) => litmus.adherence({ policy: c.head, response: c.response }).score >= at)
      rows.push([split, set.length, `Litmus adherence >= ${at}`, fmt(a.acc, 3), fmt(a.p, 3), fmt(a.r, 3)])
    }
    const b = accuracy(set, (c) => !mentionsKeyword(c.head, c.response))
    rows.push([split, set.length, 'mentions a policy keyword', fmt(b.acc, 3), fmt(b.p, 3), fmt(b.r, 3)])
  }
  return `Hand-labelled fixture (${cases.length} cases, ${cases.filter((c) => c.label === 1).length} adherent). Precision and
recall are for flagging a breach (score below the threshold). "tune" was used to write the rules; "held" is
the held-out figure.

${table(['split', 'cases', 'method', 'accuracy', 'precision (breach)', 'recall (breach)'], rows)}
`
}
