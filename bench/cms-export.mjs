// `agentry cms export --concurrency` (issue 11): the built CLI against the emulator with --latency 20 (in its own
// process, bench/cms-bench-server.mjs), exporting 20 000 and 100 000 records with --concurrency 1 and n. Printed:
// seconds, records/s and peak RSS per run, and the speed-up as a ratio (target ≥ 5× at 100 000, RSS ≤ 150 MB and
// flat from 20k to 100k). --concurrency 1 is measured on BENCH_SERIAL_K thousand records (default 20, i.e. ~5 s at
// 20 ms a page) and scaled linearly to 100 000 (one request a page, each costing the latency): set
// BENCH_SERIAL_K=100 to measure it whole.
// RSS: nothing is retained per record (with the CLI's heap capped at 16 MB, 100 000 records still export, at ~100 MB
// RSS); uncapped, V8 lets garbage grow the heap before it collects, which is most of the peak.
// Run: npm run bench -- cms-export   (BENCH_CONCURRENCY=8, BENCH_LATENCY=20)
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli, startServer } from './cms-bench-lib.mjs'

const n = Number(process.env.BENCH_CONCURRENCY ?? 8)
const latency = Number(process.env.BENCH_LATENCY ?? 20)
const serialK = Number(process.env.BENCH_SERIAL_K ?? 20)
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-export-'))
const server = await startServer({ b20k: 20_000, b50k: 50_000, b100k: 100_000, bserial: serialK * 1000 }, latency)
const rows = []
const run = async (collection, records, concurrency) => {
  const out = join(dir, `${collection}-${concurrency}.ndjson`)
  const r = await runCli(server, ['cms', 'export', collection, '--out', out, '--concurrency', String(concurrency)], dir)
  const row = { records, concurrency, ...r, mib: statSync(out).size / 1024 / 1024 }
  rows.push(row)
  rmSync(out)
  return row
}
try {
  const serial = await run('bserial', serialK * 1000, 1)
  const c20 = await run('b20k', 20_000, n)
  await run('b50k', 50_000, n)
  const c100 = await run('b100k', 100_000, n)
  console.log(`cms export against the emulator with --latency ${latency} (Node ${process.versions.node})`)
  console.log('records  concurrency  seconds  records/s  file MiB  peak RSS MB')
  for (const r of rows)
    console.log(
      [
        String(r.records).padStart(7),
        String(r.concurrency).padStart(12),
        (r.ms / 1000).toFixed(2).padStart(8),
        String(Math.round(r.records / (r.ms / 1000))).padStart(10),
        r.mib.toFixed(1).padStart(9),
        r.rssMb.toFixed(0).padStart(12),
      ].join(' '),
    )
  const serialPerRecord = serial.ms / serial.records
  const scaled = serialK === 100 ? 'measured' : `scaled from ${serialK}k`
  console.log(
    `speed-up at 20k: ${((serialPerRecord * 20_000) / c20.ms).toFixed(1)}× ; at 100k: ${((serialPerRecord * 100_000) / c100.ms).toFixed(1)}× (--concurrency 1 ${scaled}; target ≥ 5×)`,
  )
  console.log(`peak RSS 20k → 100k: ${c20.rssMb.toFixed(0)} → ${c100.rssMb.toFixed(0)} MB (target ≤ 150 MB and flat)`)
} finally {
  server.stop()
  rmSync(dir, { recursive: true, force: true })
}
