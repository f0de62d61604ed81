// A scoring worker of the server's pool (piscina): one Evaluator per thread, loaded from the same
// built library as everything else, so a large request occupies one core and the others keep answering.
import { workerData } from 'piscina'
import { loadConfigured } from '../config.js'
import { scoreBytes, type Outcome, type Task } from './score.js'

const litmus = await loadConfigured((workerData as { config?: string } | undefined)?.config)

export default function run(task: Task): Outcome | readonly string[] {
  if (task.name === undefined) return litmus.operations
  return scoreBytes(litmus, task.name, task.bytes ?? new Uint8Array(0))
}
