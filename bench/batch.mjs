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
import { runMeasured, scaledSpeedUp } from './measured-child.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 1000)
const sample = Number(process.env.BENCH_SAMPLE ?? 100)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16)
const latency = Number(process.env.BENCH_LATENCY ?? 20)
const bin = new URL('../bin/agentry.cjs', import.meta.url).pathname
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
console.log(`emulator --latency ${latency}; scenario runs with --batch`)
// the CLI's start-up (and the signature header) is paid once per batch: measured with a 1-run batch and not scaled
await scaledSpeedUp({ noun: 'run', count: runs, sample, concurrency, once: (n, c) => batchOnce(emu, n, c) })
await emu.close()
rmSync(dir, { recursive: true, force: true })
