// A scoring worker of the server's pool (piscina): one Evaluator per thread, loaded from the same
// built library as everything else, so a large request occupies one core and the others keep answering.
import { setPriority } from 'node:os'
import { workerData } from 'piscina'
import { loadConfigured } from '../config.js'
import { scoreBytes, type Outcome, type Task } from './score.js'

const given = (workerData ?? {}) as { config?: string; nice?: number }
// Only on Linux is a nice value per thread; elsewhere setPriority would lower the whole server.
if (given.nice !== undefined && process.platform === 'linux') {
  try {
    setPriority(given.nice)
  } catch {
    // A sandbox may forbid it; the pools are still apart.
  }
}
const litmus = await loadConfigured(given.config)

export default function run(task: Task): Outcome | readonly string[] {
  if (task.name === undefined) return litmus.operations
  return scoreBytes(litmus, task.name, task.bytes ?? new Uint8Array(0))
}
