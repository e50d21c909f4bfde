// Throughput of `agentry test` (the built CLI as a whole process) against the emulator with --latency 20 (every
// answer 20 ms late, like a remote service; tokens unpaced): 1,000 cases at --concurrency 16 against one at a time,
// and the HTML report of those 1,000 cases: its size and the time chromium takes to open and render it, measured in
// the same run as a 10-case report. One at a time is measured on a sample (BENCH_SAMPLE, default 100 cases) and
// scaled to the full count, as bench/batch.mjs does: the start-up (a 1-case run) plus the sample's per-case time ×
// the cases. Targets: ≥ 10× faster, peak RSS ≤ 150 MiB, report < 5 MB and open in < 2 s.
// Run: npm run bench -- agent-tests   (BENCH_CASES=1000 BENCH_SAMPLE=100 BENCH_CONCURRENCY=16 BENCH_LATENCY=20)
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createEmulator } from '../dist/emulator.js'
import { mib, runMeasured, scaledSpeedUp } from './measured-child.mjs'
import { launchBrowser, newPage } from '../test/helpers/browser.ts'

const cases = Number(process.env.BENCH_CASES ?? 1000)
const sample = Number(process.env.BENCH_SAMPLE ?? 100)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16)
const latency = Number(process.env.BENCH_LATENCY ?? 20)
const bin = new URL('../bin/agentry.cjs', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-tests-'))

/** A test file of n cases against demo-assistant, three assertions each. */
function testFile(n) {
  const file = join(dir, `tests-${n}.json`)
  const assert = [
    { type: 'contains', value: 'You said' },
    { type: 'not-icontains', value: 'error' },
    { type: 'latency', max: 60000 },
  ]
  const list = Array.from({ length: n }, (_, i) => ({ description: `bench case ${i}`, message: `bench case ${i}` }))
  writeFileSync(file, JSON.stringify({ targets: [{ agent: 'demo-assistant' }], defaults: { assert }, cases: list }))
  return file
}

function testOnce(emu, n, c) {
  const report = join(dir, `report-${n}-${c}.html`)
  const results = join(dir, `results-${n}-${c}.ndjson`)
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      AGENTRY_BASE_URL: emu.baseUrl,
      AGENTRY_ACCOUNT: emu.accountId,
      AGENTRY_API_KEY: emu.demoApiKey,
      AGENTRY_CONFIG_DIR: dir,
      GITHUB_ACTIONS: '',
    }
    const args = [bin, 'test', testFile(n), '--concurrency', String(c), '--report', report, '--results', results]
    runMeasured([...args, '--quiet', '-o', 'json'], { env, stdio: ['ignore', 'ignore', 'inherit'] }).then((r) => {
      const passed = readFileSync(results, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"pass":true')).length
      if (r.code !== 0 || passed !== n) reject(new Error(`agentry test exited ${r.code} with ${passed}/${n} passed`))
      else resolve({ ms: r.ms, rssKb: r.rssKb, cpuMs: r.cpuMs, report })
    })
  })
}

const emu = await createEmulator({
  port: 0,
  seed: 'demo',
  scheduler: false,
  log: () => {},
  latency: { ms: latency },
  tokenDelayMs: 0,
})
console.log(`emulator --latency ${latency}; agentry test, 3 assertions a case`)
const { par } = await scaledSpeedUp({
  noun: 'case',
  count: cases,
  sample,
  concurrency,
  once: (n, c) => testOnce(emu, n, c),
})
const small = await testOnce(emu, 10, concurrency)
console.log(`peak RSS of the ${cases}-case run: ${mib(par.rssKb)} MiB (target ≤ 150 MiB)`)
console.log(
  `CPU of the CLI (user + system, last sample): ${(par.cpuMs / 1000).toFixed(2)} s for ${cases} cases at --concurrency ${concurrency}; load average ${(await import('node:os')).loadavg()[0].toFixed(1)} (the speed-up needs idle cores: on a loaded machine the concurrent run waits for CPU)`,
)
await emu.close()

// the reports: size, and the time from navigation to the page ready (the cases counted, the first 500 rows rendered),
// best of 3 (the first warms chromium)
const browser = await launchBrowser()
async function openTime(report, rows) {
  const times = []
  for (let i = 0; i < 3; i++) {
    const page = await newPage(browser)
    const t0 = performance.now()
    await page.goto(pathToFileURL(report).href)
    // ready: the data read, every case counted and the first page of rows (500) rendered
    await page.waitForFunction(
      (n) => document.body.dataset.ready && document.getElementById('count').textContent.startsWith(`showing ${n} of`),
      rows,
    )
    times.push(performance.now() - t0)
    await page.context().close()
  }
  return Math.min(...times)
}
for (const [n, r] of [
  [10, small],
  [cases, par],
]) {
  const bytes = statSync(r.report).size
  const ms = await openTime(r.report, n)
  console.log(
    `report of ${String(n).padStart(5)} cases: ${(bytes / 1024 / 1024).toFixed(2)} MB (target < 5 MB), opened and rendered in ${ms.toFixed(0)} ms (target < 2000 ms)`,
  )
}
await browser.close()
rmSync(dir, { recursive: true, force: true })
