// Types of deobfuscate.js (plain JavaScript, shared with the training scripts).
export declare function deobfuscate(text: string): { text: string; found: string[] } | null
