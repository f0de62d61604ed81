// compiledCore / useCompiledCore: a worker pool hands the compiled core to its workers, which then score
// exactly as the thread that compiled it.
import { Worker } from 'node:worker_threads'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { compiledCore, InvalidArgumentError, load, useCompiledCore } from '../dist/litmus.js'

const dist = new URL('../dist/litmus.js', import.meta.url).href

// A valid module that is not the core: the 8-byte header of an empty WebAssembly module.
const empty = new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]))

describe('compiledCore', () => {
  it('is the core module', async () => {
    const module = await compiledCore()
    expect(module).toBeInstanceOf(WebAssembly.Module)
    expect(WebAssembly.Module.exports(module).map((e) => e.name)).toContain('reset')
  })

  it('is compiled once per thread', async () => {
    expect(await compiledCore()).toBe(await compiledCore())
  })
})

describe('useCompiledCore', () => {
  // [what is handed over, why it is refused]
  const refused: [string, unknown][] = [
    ['a number', 42],
    ['bytes, not a module', new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])],
    ['a module that is not the core', empty],
    ['nothing', undefined]
  ]
  it.each(refused)('refuses %s, naming the argument and what it expects', (_, value) => {
    expect(() => useCompiledCore(value as WebAssembly.Module)).toThrow(InvalidArgumentError)
    expect(() => useCompiledCore(value as WebAssembly.Module)).toThrow(/'module'.*WebAssembly\.Module of the Litmus core/)
  })

  it('lets a worker score with the module posted to it, as this thread does', async () => {
    const texts = ['You are a kind person.', 'You are a complete idiot.', 'The cat sat on the mat.']
    const here = await load({ operations: ['toxicity'] })
    const source = `
      import { parentPort, workerData } from 'node:worker_threads'
      const { load, useCompiledCore } = await import(${JSON.stringify(dist)})
      useCompiledCore(workerData.core)
      const litmus = await load({ operations: ['toxicity'] })
      parentPort.postMessage(workerData.texts.map((text) => litmus.toxicity({ text })))`
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), { workerData: { core: await compiledCore(), texts } })
    const [scored] = await once(worker, 'message')
    await worker.terminate()
    expect(scored).toEqual(texts.map((text) => here.toxicity({ text })))
  })
})
