// Time of the test suite per tier (test/helpers/tiers.ts: a file's folder), so a round can see which tier grows.
// By default the chosen tiers run together in one vitest run, as `npm test` runs them: it prints the run's wall time,
// (the projects of the tiers chosen), and per tier its file and test counts, the sum of its files' own times (test/helpers/file-times-reporter.ts, a
// reporter of vitest.config.ts:
// import, hooks and tests, beforeAll included) and its slowest files. BENCH_APART=1 runs each tier alone instead, one
// after the other, and prints each tier's wall time too. The machine's load average is printed before and after: the
// figures of a loaded machine are not those of a quiet one. Last, the ten slowest files of all, each with its share
// of the files' summed own time: where cutting pays. The whole suite runs: a measurement, not the edit loop.
// Run: npm run bench -- suite        (BENCH_TIERS=e2e,terminal to measure some tiers; BENCH_APART=1; BENCH_SLOWEST=10)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { vitestEntry, vitestV8Flags } from '../scripts/vitest.mjs'
import { tierArgs, tiers as suiteTiers } from '../test/helpers/tiers.ts'

const root = new URL('..', import.meta.url).pathname
const allTiers = suiteTiers.map((t) => t.name)
const tiers = (process.env.BENCH_TIERS ?? allTiers.join(',')).split(',')
const testDir = join(root, 'test')
for (const t of tiers) tierArgs(t, testDir) // an unknown tier stops here, naming the known ones
const slowestCount = Number(process.env.BENCH_SLOWEST ?? 3)
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-suite-'))
const s = (ms) => `${(ms / 1000).toFixed(1)} s`
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')

/** Runs vitest with `args`; the wall time and each file's own time ({file, tier, ms, tests, failed}[]). */
function measure(args, name) {
  const out = join(dir, `${name}.json`)
  const started = performance.now()
  const r = spawnSync(process.execPath, [...vitestV8Flags, vitestEntry, 'run', ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, AGENTRY_FILE_TIMES: out },
  })
  const wall = performance.now() - started
  try {
    return { wall, status: r.status, files: JSON.parse(readFileSync(out, 'utf8')) }
  } catch {
    return { wall, status: r.status, files: undefined }
  }
}

/** One line per tier: files, tests, failures, summed own time, slowest files (and the wall time when run alone). */
function tierLine(tier, files, wall) {
  const mine = files.filter((f) => f.tier === tier)
  const busy = mine.reduce((n, f) => n + f.ms, 0)
  const tests = mine.reduce((n, f) => n + f.tests, 0)
  const failed = mine.reduce((n, f) => n + f.failed, 0)
  const slowest = [...mine]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, slowestCount)
    .map((f) => `${f.file.replace(/^test\//, '')} ${s(f.ms)}`)
  const walled = wall === undefined ? '' : `${s(wall).padStart(8)} wall  `
  return (
    `${tier.padEnd(11)} ${walled}${String(mine.length).padStart(3)} files ${String(tests).padStart(5)} tests ` +
    `(${failed} failed)  files' own time ${s(busy).padStart(7)}; slowest: ${slowest.join(', ')}`
  )
}

/** The ten slowest files of all the tiers run, each with its own time and its share of all the files' own time. */
function printSlowest(files) {
  const busy = files.reduce((n, f) => n + f.ms, 0)
  console.log(`the ten slowest files (of ${files.length}, own time ${s(busy)}):`)
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    const share = `${((100 * f.ms) / busy).toFixed(1)}%`
    console.log(`  ${s(f.ms).padStart(7)} ${share.padStart(6)}  ${f.file} (${f.tier})`)
  }
}

/** The failed tests of a run, one line each. */
function printFailures(files) {
  for (const f of files) for (const name of f.failures) console.log(`  failed: ${f.file} > ${name}`)
}

let failed = 0
console.log(`load average before: ${load()}`)
try {
  if (process.env.BENCH_APART) {
    let total = 0
    const all = []
    for (const tier of tiers) {
      const r = measure(tierArgs(tier, testDir), tier)
      total += r.wall
      all.push(...(r.files ?? []))
      if (r.status !== 0) failed++
      if (!r.files)
        console.log(`${tier.padEnd(11)} ${s(r.wall).padStart(8)} wall  (no report: vitest exited ${r.status})`)
      else {
        console.log(tierLine(tier, r.files, r.wall))
        printFailures(r.files)
      }
    }
    console.log(`${'all'.padEnd(11)} ${s(total).padStart(8)} wall, tiers one after the other`)
    printSlowest(all)
  } else {
    const projects = new Set(suiteTiers.filter((t) => tiers.includes(t.name)).map((t) => t.project))
    const r = measure(
      [...projects].flatMap((p) => ['--project', p]),
      'together',
    )
    if (r.status !== 0) failed++
    if (!r.files) console.log(`no report: vitest exited ${r.status}`)
    else {
      for (const tier of tiers) console.log(tierLine(tier, r.files))
      printFailures(r.files)
      const busy = r.files.reduce((n, f) => n + f.ms, 0)
      console.log(
        `${'all'.padEnd(11)} ${s(r.wall).padStart(8)} wall (one vitest run, build check included); ` +
          `files' own time ${s(busy)}`,
      )
      printSlowest(r.files)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
console.log(`load average after: ${load()}`)
process.exitCode = failed ? 1 : 0
