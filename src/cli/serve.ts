// `litmus serve`: the HTTP service on this machine, until SIGTERM or SIGINT, which drain the requests in
// flight before the process exits.
import { ConfigFileError, findConfig, readConfig } from '../config.js'
import { UsageError } from './args.js'

const SERVE_USAGE = `Usage:
  litmus serve [--port 8080] [--host 127.0.0.1] [--key-file keys.txt] [--no-auth]
               [--threads N] [--body-limit BYTES] [--timeout MS] [--cors ORIGIN,...] [--config FILE]

API keys come from --key-file (one per line) or LITMUS_API_KEYS (comma-separated); without any, the
server refuses to start unless given --no-auth, which serves on 127.0.0.1 only. Routes, errors and
limits: docs/service.md; GET /openapi.json describes every operation. A litmus.config.json (or .mjs) in
the working directory, or --config FILE, sets thresholds for /v4/scan and adds custom metrics.`

const FLAGS = new Set(['port', 'host', 'key-file', 'threads', 'body-limit', 'timeout', 'cors', 'config'])

function parse(argv: string[]): Record<string, string | true> {
  const flags: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--no-auth') {
      flags['no-auth'] = true
      continue
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    if (!m || !FLAGS.has(m[1])) throw new UsageError(`serve: unknown argument ${arg}\n\n${SERVE_USAGE}`)
    const value = m[2] ?? argv[++i]
    if (value === undefined) throw new UsageError(`serve: --${m[1]} needs a value`)
    flags[m[1]] = value
  }
  return flags
}

function integer(flags: Record<string, string | true>, name: string): number | undefined {
  const value = flags[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new UsageError(`serve: --${name} expects a whole number, got ${value}`)
  return Number(value)
}

export async function serve(argv: string[]): Promise<number> {
  // Asked-for help is an answer, not an error: stdout, exit 0.
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(SERVE_USAGE)
    return 0
  }
  const flags = parse(argv)
  let config: string | undefined
  try {
    config = findConfig(flags.config as string | undefined)
    // Read once here, so a broken file stops the start with its message instead of failing in each worker.
    if (config !== undefined) await readConfig(config)
  } catch (e) {
    if (e instanceof ConfigFileError) throw new UsageError(`serve: ${e.message}`)
    throw e
  }
  const { createServer } = await import('litmus-metrics/server')
  let server
  try {
    server = createServer({
      keyFile: flags['key-file'] as string | undefined,
      allowNoAuth: flags['no-auth'] === true,
      threads: integer(flags, 'threads'),
      bodyLimit: integer(flags, 'body-limit'),
      timeoutMs: integer(flags, 'timeout'),
      corsOrigins: typeof flags.cors === 'string' ? flags.cors.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
      config
    })
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^litmus server: /, 'serve: '))
  }
  let url: string
  try {
    ;({ url } = await server.listen({ port: integer(flags, 'port') ?? 8080, host: (flags.host as string | undefined) ?? '127.0.0.1' }))
  } catch (e) {
    await server.close()
    throw new UsageError(`serve: ${(e as Error).message.replace(/^litmus server: /, '')}`)
  }
  console.error(`litmus: serving on ${url} (GET ${url}/openapi.json)${config ? `, config ${config}` : ''}`)
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.error(`litmus: ${signal}, finishing the requests in flight`)
      void server.close().then(resolve)
    }
    process.once('SIGTERM', stop)
    process.once('SIGINT', stop)
  })
  return 0
}
