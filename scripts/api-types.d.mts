export function renderMethods(): string
