// Build output in a real Chromium: serve the repository on localhost, load dist/litmus.js in a page,
// run every case of test/browser/cases.json, and require results identical to Node's. Also require that
// the page fetches nothing beyond this server (the WASM is inlined; the library makes no requests).
// Then open a report (litmus-metrics/report) and the demo from file://, as a user would from disk, and
// check each renders: elements present, nothing fetched, a screenshot that is not blank.
import { createServer } from 'node:http'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { load } from '../../dist/litmus.js'
import { runCases } from './cases.mjs'
import { checkDemo, checkReport } from './pages.mjs'
import { check413 } from './service-413.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(executablePath)) {
  console.error(`browser test: no Chromium at ${executablePath}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.map': 'application/json' }
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))
  const file = join(root, path)
  if (!file.startsWith(root) || !existsSync(file)) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${server.address().port}`

const cases = JSON.parse(readFileSync(join(root, 'test/browser/cases.json'), 'utf8'))
const ops = new Set(cases.map((c) => c.op))
let failed = 0
const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'
  ]
})
try {
  const page = await browser.newPage()
  const foreign = []
  page.on('request', (r) => {
    if (!r.url().startsWith(origin)) foreign.push(r.url())
  })
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`))
  await page.goto(`${origin}/test/browser/page.html`)
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 60_000 })
  const inBrowser = await page.evaluate(() => window.results)
  const inNode = runCases(await load(), cases)
  cases.forEach((c, i) => {
    if (inBrowser[i] !== inNode[i]) {
      failed++
      console.error(`DIFFERENT ${c.op} #${i}:\n  node:    ${inNode[i]}\n  browser: ${inBrowser[i]}`)
    }
  })
  if (foreign.length) {
    failed++
    console.error(`the page requested non-local URLs: ${foreign.join(', ')}`)
  }
  const version = browser.version()
  console.log(`browser test: ${cases.length - failed}/${cases.length} cases identical in Node ${process.version} and Chromium ${version} (${[...ops].join(', ')})`)
  const shots = process.env.LITMUS_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'litmus-screens-'))
  for (const check of [checkReport, checkDemo, check413]) {
    const problems = await check(browser, shots)
    failed += problems.length
    for (const p of problems) console.error(p)
  }
} finally {
  await browser.close()
  server.close()
}
if (cases.length === 0) {
  console.error('browser test: no cases')
  failed++
}
process.exit(failed ? 1 : 0)
