// Types of distinct-words.js (plain JavaScript, shared with the training script).
export declare function distinctWords(bytes: Uint8Array, ptr: number, spans: ArrayLike<number>, nWords: number, cap: number): number
