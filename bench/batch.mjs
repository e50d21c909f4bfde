// Throughput of `agentry scenario run --batch` (the built CLI as a whole process) against the emulator with
// --latency 20 (every answer 20 ms late, like a remote service): 1,000 runs at --concurrency 16 against one at a
// time. One at a time is measured on a sample (BENCH_SAMPLE, default 100 runs) and scaled to the full count, since
// it grows linearly with the runs (each waits for the one before): the start-up, measured on a 1-run batch, plus
// the sample's per-run time × the runs. The ratio is printed (target ≥ 10×), with the
// CLI's peak RSS.
// Run: npm run bench -- batch   (BENCH_RUNS=1000 BENCH_SAMPLE=100 BENCH_CONCURRENCY=16 BENCH_LATENCY=20)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEmulator, publishedDemoSecrets } from '../dist/emulator.js'
import { runMeasured } from './measured-child.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 1000)
const sample = Number(process.env.BENCH_SAMPLE ?? 100)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16)
const latency = Number(process.env.BENCH_LATENCY ?? 20)
const bin = new URL('../bin/agentry.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-batch-'))

function batchOnce(emu, n, c) {
  const input = join(dir, `in-${n}.ndjson`)
  writeFileSync(input, Array.from({ length: n }, (_, i) => JSON.stringify(`bench ticket ${i}`)).join('\n'))
  const results = join(dir, `out-${n}-${c}.ndjson`)
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      AGENTRY_BASE_URL: emu.baseUrl,
      AGENTRY_ACCOUNT: emu.accountId,
      AGENTRY_API_KEY: emu.demoApiKey,
      AGENTRY_SCENARIO_SECRET: publishedDemoSecrets(emu.state).find((d) => d.id === 'scn_summarize').secret,
      AGENTRY_CONFIG_DIR: dir,
      GITHUB_ACTIONS: '',
    }
    const args = [bin, 'scenario', 'run', 'scn_summarize', '--batch', input, '--results', results]
    args.push('--concurrency', String(c), '--signature-header', 'X-Signature', '--quiet')
    runMeasured(args, { env, stdio: ['ignore', 'inherit', 'inherit'] }).then(({ code, ms, rssKb }) => {
      const done = readFileSync(results, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"completed"')).length
      if (code !== 0 || done !== n) reject(new Error(`batch exited ${code} with ${done}/${n} completed`))
      else resolve({ ms, rssKb })
    })
  })
}

const emu = await createEmulator({ port: 0, seed: 'demo', scheduler: false, log: () => {}, latency: { ms: latency } })
const mib = (kb) => (kb ? (kb / 1024).toFixed(0) : 'n/a')
console.log(`emulator --latency ${latency}; scenario runs with --batch`)
console.log('runs   concurrency   seconds   runs/s   peak RSS MiB')
const row = (n, c, r, note = '') =>
  console.log(
    [
      String(n).padStart(4),
      String(c).padStart(13),
      (r.ms / 1000).toFixed(2).padStart(9),
      String(Math.round(n / (r.ms / 1000))).padStart(8),
      mib(r.rssKb).padStart(14),
    ].join(' ') + note,
  )
// the CLI's start-up (and the signature header) is paid once per batch: measured with a 1-run batch and not scaled
const fixed = await batchOnce(emu, 1, 1)
row(1, 1, fixed, '   (start-up: not scaled)')
const one = await batchOnce(emu, sample, 1)
row(sample, 1, one)
const scaled = fixed.ms + ((one.ms - fixed.ms) * runs) / sample
console.log(
  `${String(runs).padStart(4)} ${'1'.padStart(13)} ${(scaled / 1000).toFixed(2).padStart(9)}   (start-up + the ${sample}-run sample's per-run time × ${runs})`,
)
const par = await batchOnce(emu, runs, concurrency)
row(runs, concurrency, par)
console.log(`speed-up at --concurrency ${concurrency}: ${(scaled / par.ms).toFixed(1)}× (target ≥ 10×)`)
await emu.close()
rmSync(dir, { recursive: true, force: true })
