// Helpers of the service benches: a server in a child process (bench/serve.mjs, configured by BENCH_*
// variables), Brown corpus texts of a given size, and quantiles.
import { fork } from 'node:child_process'
import autocannon from 'autocannon'

/** Start bench/serve.mjs with these environment variables; resolves to its URL and a close(). */
export async function startChild(env) {
  const child = fork(new URL('./serve.mjs', import.meta.url), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  })
  const { url } = await new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit')
        child.once('exit', resolve)
        child.send('close')
      })
  }
}

/** 1 KB texts cut from the Brown corpus at word boundaries. */
export function texts(brown, count, bytes) {
  const out = []
  let at = 0
  while (out.length < count) {
    let end = at + bytes
    while (end < brown.length && brown[end] !== ' ') end++
    out.push(brown.slice(at, end))
    at = end + 1
  }
  return out
}

export const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN)

/** One autocannon run; latencies of every response kept (floats, ms), as autocannon's histogram rounds to ms. */
export function autocannonRun(url, { path, bodies, connections, seconds, key }) {
  const latencies = []
  let statuses = {}
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: url + path,
        connections,
        duration: seconds,
        timeout: 30,
        requests: bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json', API_KEY: key }, body }))
      },
      (err, result) => {
        if (err) return reject(err)
        latencies.sort((a, b) => a - b)
        resolve({
          rps: latencies.length / result.duration,
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
          responses: latencies.length,
          errors: result.errors + result.timeouts + result.non2xx,
          statuses
        })
      }
    )
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms)
      statuses[status] = (statuses[status] ?? 0) + 1
    })
  })
}

/** The benches' request bodies: 256 of ~1 KB and one of just under `bigBytes`, from Brown corpus text. */
export function bodies(brown, bigBytes) {
  const small = texts(brown, 256, 1000).map((text) => JSON.stringify({ text }))
  // JSON escapes (quotes, newlines) grow the text: cut it until the body is just under bigBytes.
  let cut = bigBytes
  let big
  do big = JSON.stringify({ text: brown.slice(0, (cut -= 1000)) })
  while (Buffer.byteLength(big) > bigBytes)
  return { small, big }
}
