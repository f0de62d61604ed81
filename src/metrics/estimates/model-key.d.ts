/** Canonical name of an open-weights model across hosts (see model-key.js). */
export function openWeightsKey(id: string): string
