// Wall time of the test suite per tier (the vitest projects of vitest.config.ts), so a round can see which tier grows:
// each tier runs alone, one after the other, and prints its wall time, its file and test counts, the sum of its
// files' own durations and its slowest files. The whole suite runs: this is a measurement, not the edit loop.
// Run: npm run bench -- suite            (BENCH_TIERS=unit,e2e to measure some tiers only)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const vitest = join(root, 'node_modules/vitest/vitest.mjs')
const tiers = (process.env.BENCH_TIERS ?? 'unit,emulator,in-process,e2e,terminal,browser').split(',')
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-suite-'))
const s = (ms) => `${(ms / 1000).toFixed(1)} s`

let failed = 0
let total = 0
try {
  for (const tier of tiers) {
    const out = join(dir, `${tier}.json`)
    const started = performance.now()
    const r = spawnSync(
      process.execPath,
      [vitest, 'run', '--project', tier, '--reporter=json', `--outputFile.json=${out}`],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const wall = performance.now() - started
    total += wall
    let report
    try {
      report = JSON.parse(readFileSync(out, 'utf8'))
    } catch {
      console.log(`${tier.padEnd(11)} ${s(wall).padStart(8)}  (no report: vitest exited ${r.status})`)
      failed++
      continue
    }
    if (r.status !== 0) failed++
    const files = report.testResults.map((f) => ({ name: relative(root, f.name), ms: f.endTime - f.startTime }))
    const busy = files.reduce((n, f) => n + f.ms, 0)
    const slowest = files
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((f) => `${f.name} ${s(f.ms)}`)
    console.log(
      `${tier.padEnd(11)} ${s(wall).padStart(8)} wall  ${String(files.length).padStart(3)} files ` +
        `${String(report.numTotalTests).padStart(5)} tests (${report.numFailedTests} failed)  ` +
        `files' own time ${s(busy)}; slowest: ${slowest.join(', ')}`,
    )
  }
  console.log(`${'all'.padEnd(11)} ${s(total).padStart(8)} wall, tiers one after the other`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
process.exitCode = failed ? 1 : 0
