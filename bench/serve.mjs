// Child process of bench/server.bench.mjs and bench/server-ab.mjs: one Litmus server on 127.0.0.1, so the
// load generator does not share the server's event loop. BENCH_SERVER names another build's
// dist/server.js (the previous build, for A/B runs). Reports its URL over IPC and closes (draining) on 'close'.
const { createServer } = await import(process.env.BENCH_SERVER ?? '../dist/server.js')

const server = createServer({
  keys: [process.env.BENCH_KEY],
  threads: process.env.BENCH_THREADS === undefined ? undefined : Number(process.env.BENCH_THREADS),
  inlineBelow: process.env.BENCH_INLINE_BELOW === undefined ? undefined : Number(process.env.BENCH_INLINE_BELOW)
})
const { url } = await server.listen({ port: 0, host: '127.0.0.1' })
process.send({ url })
process.on('message', async (message) => {
  if (message !== 'close') return
  await server.close()
  process.exit(0)
})
