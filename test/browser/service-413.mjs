// A page in Chromium posts bodies over the service's limit (just over, and 100 times over: answered before
// the body is read) and must read the 413 and its JSON error, not a network error. Run by run.mjs; alone:
// `node test/browser/service-413.mjs`.
import { createServer } from '../../dist/server.js'

const KEY = 'browser-413-key-0123456789abcdef'
const LIMIT = 1_000_000

/** Problems found (empty when every size got its 413). */
export async function check413(browser) {
  const server = createServer({ keys: [KEY], threads: 0, bodyLimit: LIMIT })
  const { url } = await server.listen({ port: 0, host: '127.0.0.1' })
  const problems = []
  const page = await browser.newPage()
  try {
    await page.goto(url + '/versions')
    for (const size of [LIMIT + 1, 20 * LIMIT, 100 * LIMIT]) {
      const seen = await page.evaluate(
        async ({ size, key }) => {
          try {
            const res = await fetch('/v4/metrics/clarity', { method: 'POST', headers: { 'content-type': 'application/json', API_KEY: key }, body: new Blob([new Uint8Array(size).fill(97)]) })
            return `${res.status} ${(await res.json()).error?.code}`
          } catch (e) {
            return `network error: ${e.message}`
          }
        },
        { size, key: KEY }
      )
      if (seen !== '413 payload_too_large') problems.push(`a ${size}-byte body over a ${LIMIT}-byte limit: Chromium saw ${seen}, not a 413`)
    }
  } finally {
    await page.close()
    await server.close()
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] })
  const problems = await check413(browser).finally(() => browser.close())
  for (const p of problems) console.error(p)
  console.log(`browser 413 check: ${problems.length ? 'FAILED' : 'Chromium read every 413'}`)
  process.exit(problems.length ? 1 : 0)
}
