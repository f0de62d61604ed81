// An internal error's stack with the shipped bundles' positions mapped to the source (dist/*.js.map):
// function, file and line. Done only when such an error is printed, so a command that succeeds never
// reads a map (Node's --enable-source-maps would parse them all at start-up, about 0.1 s for the CLI).
import { existsSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// `    at name (file:///…/dist/x.js:12:34)` or `    at file:///…/dist/x.js:12:34`
const FRAME = /^(\s+at )(?:(.+?) \()?((?:file:\/\/|\/)[^()]+?\.js):(\d+):(\d+)\)?$/

interface Mapped {
  at: string
  name?: string
  source?: string
  line?: number
  column?: number
  symbol?: string
}

export function mapStack(stack: string): string {
  const maps = new Map<string, SourceMap | null>()
  const mapOf = (path: string): SourceMap | null => {
    if (!maps.has(path)) {
      let map: SourceMap | null = null
      try {
        if (existsSync(`${path}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')))
      } catch {
        // An unreadable map leaves the frame as it is.
      }
      maps.set(path, map)
    }
    return maps.get(path)!
  }
  const lines = stack.split('\n')
  const frames = lines.map((text): Mapped | undefined => {
    const m = FRAME.exec(text)
    if (!m) return undefined
    const path = m[3].startsWith('file://') ? fileURLToPath(m[3]) : m[3]
    const entry = mapOf(path)?.findEntry(Number(m[4]) - 1, Number(m[5]) - 1) as
      | { originalSource?: string; originalLine?: number; originalColumn?: number; name?: string }
      | undefined
    if (!entry?.originalSource) return { at: m[1], name: m[2] }
    return {
      at: m[1],
      name: m[2],
      source: resolve(dirname(path), entry.originalSource),
      line: entry.originalLine! + 1,
      column: entry.originalColumn! + 1,
      symbol: entry.name
    }
  })
  return lines
    .map((text, i) => {
      const frame = frames[i]
      if (!frame?.source) return text
      // A function's own name is the name its caller wrote at the call: the next frame's mapped symbol.
      const name = frames[i + 1]?.symbol ?? frame.name
      const where = `${frame.source}:${frame.line}:${frame.column}`
      return name ? `${frame.at}${name} (${where})` : `${frame.at}${where}`
    })
    .join('\n')
}
