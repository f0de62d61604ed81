export function verdictTable(): string
export function withTable(markdown: string): string
