// Types of prompt-manipulation-rules.js (plain JavaScript, shared with the training script).
export declare const TYPES: readonly string[]
export declare const TRIGGER: number
export declare const TRIGGER_WORDS: string[]
export declare const META_UNDO: number
export declare const WHOLE: number
export declare const WINDOW: number
export declare const LONG: number
export declare const SPAN: number
export declare const SPAN_MAX: number
export declare function sentenceWindows(text: string): Array<[number, number]>
export declare function windowsOf(length: number, spans: ArrayLike<number>, flagged: ArrayLike<number>, nFlagged: number): Array<[number, number]> | null
export declare const TYPE_BASE: Record<'instruction_override' | 'jailbreak' | 'system_prompt_extraction' | 'encoded_payload' | 'obfuscation' | 'indirect', number>
export declare const TYPE_SLOPE: typeof TYPE_BASE
export declare const TYPE_HEAD: typeof TYPE_BASE
export declare const TYPE_CAP: number
export declare const ENCODED_HEAD: number
export declare const ENCODED_CUE: number
export declare const OBFUSCATION_BASE: number
export declare const OBFUSCATION_EACH: number
export interface RuleEvidence {
  label: string
  type: string
  span?: [number, number]
  string?: string
  weight: number
  where: string
}
export declare function manipulationRules(
  lower: string,
  collect: boolean
): { types: Record<string, number>; offset: number; meta: boolean; evidence: Omit<RuleEvidence, 'where'>[] | null }
export declare function deobfuscate(text: string): { text: string; found: string[] } | null
export declare function analyse(
  text: string,
  head: (s: string) => { raw: number; trigger: boolean; windows: Array<[number, number]> | null; short?: number },
  decode: () => Array<{ label: string; span: [number, number]; text: string }>,
  collect: boolean
): {
  z: number
  offset: number
  types: Record<string, number>
  normalised: string | null
  segments: Array<{ label: string; span: [number, number]; text: string }>
  evidence: RuleEvidence[] | null
  /** The sentence window of a long text whose head score was the highest, when it beat the whole text. */
  window: [number, number] | null
  /** 1 - distinct words / WORDS of the text (0 when it has WORDS or more). */
  short: number
}
