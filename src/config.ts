// The config file the CLI and the server read: `litmus.config.json` (thresholds, operations, recognizers
// and prices as data; JSON Schema in config.schema.json) or `litmus.config.mjs` / `.js` (the same as a
// default export, plus custom metrics from defineMetric). Node only: the browser library takes the same
// options in `load()`.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { load, type Evaluator, type LoadOptions } from 'litmus-metrics'

/** Names looked for in the working directory, in this order, when no path is given. */
export const CONFIG_NAMES = ['litmus.config.json', 'litmus.config.mjs', 'litmus.config.js'] as const

/** Keys a config file may have: the options of `load()`, and `$schema` for editors. */
const KEYS = ['$schema', 'operations', 'thresholds', 'recognizers', 'prices', 'metrics']

/** A config file that cannot be read or is not a config: its path and what is wrong, in one line. */
export class ConfigFileError extends Error {
  override name = 'ConfigFileError'
}

/** The config file to use: `path` when given (it must exist), else the first of CONFIG_NAMES in `cwd`. */
export function findConfig(path: string | undefined, cwd = process.cwd()): string | undefined {
  if (path !== undefined) {
    const full = resolve(cwd, path)
    if (!existsSync(full)) throw new ConfigFileError(`config file ${path}: no such file`)
    return full
  }
  for (const name of CONFIG_NAMES) if (existsSync(resolve(cwd, name))) return resolve(cwd, name)
  return undefined
}

/**
 * Read a config file into load() options. load() checks the values and names the bad one
 * (`thresholds.toxicity`); this checks the file's form and keys, naming the file.
 */
export async function readConfig(path: string): Promise<LoadOptions> {
  let value: unknown
  if (path.endsWith('.json')) {
    try {
      value = JSON.parse(readFileSync(path, 'utf8'))
    } catch (e) {
      throw new ConfigFileError(`config file ${path}: ${e instanceof SyntaxError ? `not valid JSON (${e.message})` : (e as Error).message}`)
    }
  } else {
    const module = (await import(/* @vite-ignore */ pathToFileURL(path).href)) as { default?: unknown }
    value = typeof module.default === 'function' ? await (module.default as () => unknown)() : module.default
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigFileError(`config file ${path}: expected an object${path.endsWith('.json') ? '' : ' as the default export'}`)
  }
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key)) throw new ConfigFileError(`config file ${path}: unknown key '${key}' (known: ${KEYS.join(', ')})`)
  }
  const { $schema: _schema, ...options } = value as LoadOptions & { $schema?: string }
  if (path.endsWith('.json') && options.metrics !== undefined) {
    throw new ConfigFileError(`config file ${path}: custom metrics are functions; define them in litmus.config.mjs with defineMetric`)
  }
  return options
}

/** The load() options of the config file `path` (or the one found in the working directory), or none. */
export async function configOptions(path?: string): Promise<{ path?: string; options: LoadOptions }> {
  const found = findConfig(path)
  return found === undefined ? { options: {} } : { path: found, options: await readConfig(found) }
}

/** An Evaluator loaded with the config file at `config`, or with the defaults (the server's threads). */
export async function loadConfigured(config?: string): Promise<Evaluator> {
  return load(config === undefined ? {} : await readConfig(config))
}
