import { EXPORTS, type CoreExports } from './abi.js'
import { LimitError, invalidArgument } from '../errors.js'
import { MAX_EMBED_WORDS } from '../schema/limits.js'
import { decodeBase64, weightBytes } from './base64.js'

export { decodeBase64, weightBytes }

/** UTF-8 text written into core memory for one call. */
export interface TextRef {
  ptr: number
  /** Length in bytes. */
  len: number
  /** True when every character is ASCII, so byte offsets already are string indices. */
  ascii: boolean
}

const encoder = new TextEncoder()

let compiled: Promise<WebAssembly.Module> | undefined

/**
 * One instance of the core, with helpers to move text in and results out. Views over memory are
 * re-created after every call that may grow it, so callers never hold a detached buffer.
 */
export class Core {
  readonly exports: CoreExports

  constructor(instance: WebAssembly.Instance) {
    // The export list is checked against CoreExports by test/abi.test.ts.
    this.exports = instance.exports as unknown as CoreExports
  }

  /**
   * The compiled module, compiling it on first use. `file`: the module's bytes where they can be read from
   * a file (in Node, core/files.ts's wasmFile).
   */
  static compiled(file: () => Uint8Array | undefined = () => undefined): Promise<WebAssembly.Module> {
    // The module's base64 is a chunk of its own (dist/core-wasm.js), imported beside the model chunks:
    // all-ASCII, it compiles as a one-byte source, where inside litmus.js (which has non-ASCII text in
    // its rules) it made the whole bundle two-byte and slower to read and parse (issue 25).
    const bytes = compiled === undefined ? file() : undefined
    return (compiled ??=
      bytes !== undefined
        ? WebAssembly.compile(bytes as BufferSource)
        : import('./wasm-binary.generated.js').then(({ WASM_BASE64 }) => WebAssembly.compile(decodeBase64(WASM_BASE64) as BufferSource)))
  }

  /**
   * Use a module compiled in another thread (its `compiled()`, posted here) instead of compiling one: a
   * worker then shares the compiled code, its optimised functions included. Refused unless its exports
   * are this build's ABI (EXPORTS), so a core of another version is refused too; ignored once this
   * thread has a module of its own.
   */
  static use(module: unknown): void {
    const names = module instanceof WebAssembly.Module ? WebAssembly.Module.exports(module).map((e) => e.name) : undefined
    if (!names || names.length !== EXPORTS.length || !EXPORTS.every((name) => names.includes(name))) {
      throw invalidArgument('useCompiledCore', 'module', 'WebAssembly.Module of the Litmus core', "the module from compiledCore() in another thread of the same Litmus version", module)
    }
    compiled ??= Promise.resolve(module as WebAssembly.Module)
  }

  /** `file`: as for `compiled`. */
  static async load(file: () => Uint8Array | undefined = () => undefined): Promise<Core> {
    const instance = await WebAssembly.instantiate(await Core.compiled(file), {
      env: {
        abort() {
          throw new Error('litmus core: internal error (abort)')
        }
      }
    })
    return new Core(instance)
  }

  // Views over the whole memory, made again only when it grew (growing replaces the buffer): a call
  // that made two views per string it wrote spent more on them than on a short text's tokens.
  private view8: Uint8Array = new Uint8Array(0)
  private view32: Uint32Array = new Uint32Array(0)
  /** The view `write` last wrote through, from `tailPtr` to the end of memory. */
  private tail: Uint8Array = new Uint8Array(0)
  private tailPtr = -1

  get bytes(): Uint8Array {
    const buffer = this.exports.memory.buffer
    if (this.view8.buffer !== buffer) this.view8 = new Uint8Array(buffer)
    return this.view8
  }

  /** The memory as u32 words (index = byte offset >> 2), for reading a few results without a view each. */
  get words(): Uint32Array {
    const buffer = this.exports.memory.buffer
    if (this.view32.buffer !== buffer) this.view32 = new Uint32Array(buffer)
    return this.view32
  }

  /** Start a call: forget the previous call's memory and write `text` as UTF-8. */
  begin(text: string): TextRef {
    this.exports.reset()
    return this.write(text)
  }

  /** Write another string into the current call's memory. */
  write(text: string): TextRef {
    // UTF-16 -> UTF-8 needs at most 3 bytes per code unit.
    const n = text.length
    const ptr = this.exports.alloc(n * 3)
    // encodeInto writes only the bytes the text needs, so the view may run to the end of memory; a call
    // writes its text at the same place each time (memory is reset per call), so the view is kept.
    const bytes = this.bytes
    if (ptr !== this.tailPtr || this.tail.buffer !== bytes.buffer) {
      this.tail = bytes.subarray(ptr)
      this.tailPtr = ptr
    }
    const { written } = encoder.encodeInto(text, this.tail)
    return { ptr, len: written, ascii: written === n }
  }

  /**
   * Start a call with the join of `pieces` lower-cased, written piece by piece and lower-cased in memory
   * (no joined or lower-cased string is made). Every piece must be Latin-1 (no character past U+00FF).
   */
  beginLowerPieces(pieces: string[]): TextRef {
    this.exports.reset()
    let n = 0
    for (const p of pieces) n += p.length
    // Latin-1 needs at most 2 bytes per character.
    const ptr = this.exports.alloc(n * 2)
    const bytes = this.bytes
    let at = ptr
    for (const p of pieces) at += encoder.encodeInto(p, bytes.subarray(at, at + 2 * p.length)).written
    this.exports.lowerLatin1(ptr, at - ptr)
    return { ptr, len: at - ptr, ascii: at - ptr === n }
  }

  /** Copy bytes (e.g. a table built at load time) into the current call's memory. */
  writeBytes(data: Uint8Array): number {
    const ptr = this.exports.alloc(data.length)
    this.bytes.set(data, ptr)
    return ptr
  }

  u32(ptr: number, count: number): Uint32Array {
    return new Uint32Array(this.exports.memory.buffer, ptr, count)
  }

  f32(ptr: number, count: number): Float32Array {
    return new Float32Array(this.exports.memory.buffer, ptr, count)
  }

  f64(ptr: number, count: number): Float64Array {
    return new Float64Array(this.exports.memory.buffer, ptr, count)
  }

  /** Rewrite ascending byte offsets (u32 at `ptr`) into string indices, in place. */
  /**
   * `vectorsWords` over [ptr, ptr + len): count, spans, vectors and weights pointers. Throws a LimitError
   * when the text has more words than one call embeds (MAX_EMBED_WORDS).
   */
  embedWords(ptr: number, len: number): [number, number, number, number] {
    const [count, spans, vectors, weights] = this.u32(this.exports.vectorsWords(ptr, len), 4)
    if (count === 0xffffffff) throw new LimitError(`texts of at most ${MAX_EMBED_WORDS} words each (docs/limits.md)`)
    return [count, spans, vectors, weights]
  }

  toStringIndices(text: TextRef, ptr: number, count: number): void {
    if (!text.ascii && count > 0) this.exports.utf16Offsets(text.ptr, text.len, ptr, count)
  }
}
