/** A chunk's exports as a .bin model file, or undefined when some export does not survive JSON. */
export function modelFile(exports: Record<string, unknown>): Buffer | undefined
