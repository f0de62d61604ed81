// The README's Use section as a runnable module: every ```js block, with each `// => value` turned into
// a check that the expression before it gives that value. `…` in a value stands for digits left out.
// Used by test/pack.test.ts against the package installed from `npm pack`.

/** The ```js blocks of the README between `## Use` and the next `## ` heading. */
export function useBlocks(markdown) {
  const start = markdown.indexOf('\n## Use')
  const end = markdown.indexOf('\n## ', start + 1)
  return [...markdown.slice(start, end).matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1])
}

/** Render a value as the README writes one: JS literal notation, single quotes, no spaces. */
export function literal(value) {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(literal).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : literal(k)}:${literal(v)}`).join(',')}}`
  }
  return String(value)
}

/** Whether `value` is what the README wrote (`expected`, whitespace ignored, `…` matching left-out digits). */
export function matches(value, expected) {
  const want = expected.replace(/\s+/g, '')
  const got = literal(value).replace(/\s+/g, '')
  const pattern = want.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[0-9]*')
  return new RegExp(`^${pattern}$`).test(got)
}

/**
 * The blocks as one module's source: `check(expression, expected)` for every `// => value`, and
 * `throws(() => statement, name, message)` for every `// SomeError: message` after a statement. A
 * statement with a `/* … *\/` in it is a sketch, not run.
 */
export function toModule(blocks) {
  const out = []
  for (const block of blocks) {
    const lines = block.split('\n')
    let statement = []
    const flush = () => {
      out.push(...statement)
      statement = []
    }
    /** The comment continued on the lines after `i` (`//   more`), joined to `text`. */
    const continued = (text, i) => {
      while (i + 1 < lines.length && /^\/\/\s{2,}/.test(lines[i + 1])) text += ' ' + lines[++i].replace(/^\/\//, '').trim()
      return [text, i]
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]
      const arrow = /^(.*?)\s*\/\/ => (.*)$/.exec(line)
      const error = /^\/\/ (\w+Error): (.*)$/.exec(line)
      if (arrow) {
        let expected
        ;[expected, i] = continued(arrow[2], i)
        // `expr // => value` on one line, or a statement and then `// => value` under it.
        if (arrow[1].trim() !== '') flush()
        const code = arrow[1].trim() === '' ? statement.join('\n') : arrow[1]
        statement = []
        out.push(`check((${code}), ${JSON.stringify(expected)}, ${JSON.stringify(code)})`)
      } else if (error) {
        let message
        ;[message, i] = continued(error[2], i)
        const code = statement.join('\n')
        statement = []
        if (!code.includes('/* … */')) out.push(`throws(() => (${code}), ${JSON.stringify(error[1])}, ${JSON.stringify(message)}, ${JSON.stringify(code)})`)
      } else if (line.trim() === '') flush()
      else if (!line.trimStart().startsWith('//')) statement.push(line)
    }
    flush()
  }
  return out.join('\n')
}

/** The helpers the module calls, as source to put before it. */
export const PRELUDE = `import { matches } from ${JSON.stringify(import.meta.url)}
let failures = 0
function check(value, expected, code) {
  if (!matches(value, expected)) {
    failures++
    console.error('README example differs:', code, '\\n  README:', expected, '\\n  actual:', JSON.stringify(value))
  }
}
function throws(run, name, message, code) {
  const flat = (text) => text.replace(/\\s+/g, ' ').trim()
  try {
    run()
  } catch (e) {
    // The README may wrap the message and cut it short with '…': the error must start with what it shows.
    if (e.name === name && flat(e.message).startsWith(flat(message.split('…')[0]))) return
    failures++
    console.error('README example throws something else:', code, '\\n  README:', name, message, '\\n  actual:', e.name, e.message)
    return
  }
  failures++
  console.error('README example does not throw', name, ':', code)
}
process.on('exit', () => { if (failures) process.exitCode = 1 })
`
