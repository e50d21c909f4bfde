// `agentry cms import` (issue 11): the built CLI importing 50 000 lines (BENCH_LINES) from an NDJSON file into the
// emulator with --latency 20 (in its own process, bench/cms-bench-server.mjs), at --concurrency BENCH_CONCURRENCY
// (default 16). Every line is a PUT under its stable id, so a line costs one round trip. Printed: seconds,
// records/s, the CLI's peak RSS, and the ideal records/s of that concurrency and latency for comparison.
// Run: npm run bench -- cms-import   (BENCH_LINES=50000, BENCH_CONCURRENCY=16, BENCH_LATENCY=20)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli, startServer } from './cms-bench-lib.mjs'

const lines = Number(process.env.BENCH_LINES ?? 50_000)
const n = Number(process.env.BENCH_CONCURRENCY ?? 16)
const latency = Number(process.env.BENCH_LATENCY ?? 20)
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-import-'))
const file = join(dir, 'in.ndjson')
// half the lines carry an id (exported records), half do not (a derived imp_ id): both are one PUT
const text = Array.from({ length: lines }, (_, i) =>
  JSON.stringify({
    ...(i % 2 ? { id: `line_${i}` } : {}),
    data: { title: `Record ${i}`, views: i * 7, body: 'x'.repeat(200), author: { name: 'Ada', i } },
    tags: ['bench', i % 3 ? 'odd' : 'even'],
  }),
).join('\n')
writeFileSync(file, `${text}\n`)
const server = await startServer({}, latency)
try {
  const r = await runCli(server, ['cms', 'import', 'imported', file, '--concurrency', String(n)], dir)
  console.log(
    `cms import of ${lines} lines, --concurrency ${n}, emulator --latency ${latency} (Node ${process.versions.node})`,
  )
  console.log(
    `seconds ${(r.ms / 1000).toFixed(2)}  records/s ${Math.round(lines / (r.ms / 1000))}  peak RSS ${r.rssMb.toFixed(0)} MB`,
  )
  console.log(`ideal at this latency and concurrency: ${Math.round((n * 1000) / latency)} records/s`)
} finally {
  server.stop()
  rmSync(dir, { recursive: true, force: true })
}
