// Turn `--field value` flags into a request body, using the schema table for each field's type, so
// the command line accepts exactly what the library accepts.
import type { Field } from '../schema/fields.js'

export class UsageError extends Error {
  override name = 'UsageError'
}

function coerce(field: Field, raw: string, flag: string): unknown {
  switch (field.type) {
    case 'number': {
      const n = Number(raw)
      if (raw.trim() === '' || Number.isNaN(n)) throw new UsageError(`${flag} expects a number, got ${JSON.stringify(raw)}`)
      return n
    }
    case 'boolean':
      if (raw === 'true' || raw === '') return true
      if (raw === 'false') return false
      throw new UsageError(`${flag} expects true or false, got ${JSON.stringify(raw)}`)
    case 'string':
      return raw
    default:
      // Arrays and objects are JSON on the command line (`--context '[{"chunk_text":"..."}]'`);
      // a plain string array may also be given by repeating the flag.
      try {
        return JSON.parse(raw)
      } catch {
        throw new UsageError(`${flag} expects JSON, got ${JSON.stringify(raw)}`)
      }
  }
}

/** Build a request body from flags like `--text "..." --severity 0.5 --topics a --topics b`. */
export function requestFromFlags(fields: Record<string, Field>, argv: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`)
    const eq = arg.indexOf('=')
    const name = (eq === -1 ? arg.slice(2) : arg.slice(2, eq)).replace(/-/g, '_')
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined
    if (!field) throw new UsageError(`unknown flag --${name}; this operation takes: ${Object.keys(fields).map((f) => '--' + f).join(', ')}`)
    let raw: string
    if (eq !== -1) raw = arg.slice(eq + 1)
    else if (field.type === 'boolean' && (i + 1 >= argv.length || argv[i + 1].startsWith('--'))) raw = 'true'
    else if (i + 1 < argv.length) raw = argv[++i]
    else throw new UsageError(`--${name} needs a value`)
    if (field.type === 'array' && field.items.type === 'string' && !raw.trimStart().startsWith('[')) {
      body[name] = [...((body[name] as string[] | undefined) ?? []), raw]
    } else {
      body[name] = coerce(field, raw, `--${name}`)
    }
  }
  return body
}
