export interface FixtureCase {
  block: number
  split: 'tune' | 'held'
  /** The query (completion) or policy (adherence) of the case's block. */
  head: string
  response: string
  label: 0 | 1
}
export function readCases(name: 'completion' | 'adherence'): FixtureCase[]
