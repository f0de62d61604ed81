// Types of distinct-words.js (plain JavaScript, shared with the training script).
export declare function distinctWords(bytes: Uint8Array, ptr: number, spans: ArrayLike<number>, nWords: number, cap: number): number
export declare const SHARE_CAP: number
export declare function distinctShare(bytes: Uint8Array, ptr: number, spans: ArrayLike<number>, nWords: number): number
