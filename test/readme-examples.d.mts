export function useBlocks(markdown: string): string[]
export function literal(value: unknown): string
export function matches(value: unknown, expected: string): boolean
export function toModule(blocks: string[]): string
export const PRELUDE: string
