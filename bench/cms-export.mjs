// Throughput and memory of `agentry cms export` (the built CLI as a whole process) against the emulator, for
// collections of N thousand records: records a second, and the CLI's peak RSS. Pages are streamed to the file, never
// held, so with the CLI's heap capped (BENCH_HEAP_MB=24) 200 000 records (74 MiB) still export at a flat ~110 MiB
// RSS; uncapped, V8 lets garbage grow the heap a little before it collects.
// Run: npm run bench -- cms-export   (BENCH_SIZES=5,20,50 in thousands; BENCH_HEAP_MB=24)
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEmulator } from '../dist/emulator.js'

const sizes = (process.env.BENCH_SIZES ?? '5,20,50').split(',').map((s) => Number(s) * 1000)
const bin = new URL('../bin/agentry.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-export-'))

/** Peak resident memory of a child, sampled from /proc (Linux); undefined elsewhere. */
function sampleRss(pid, peak) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    if (m) peak.kb = Math.max(peak.kb ?? 0, Number(m[1]))
  } catch {
    // gone, or not Linux
  }
}

function exportOnce(emu, out) {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      AGENTRY_BASE_URL: emu.baseUrl,
      AGENTRY_ACCOUNT: emu.accountId,
      AGENTRY_API_KEY: emu.demoApiKey,
      AGENTRY_CONFIG_DIR: dir,
    }
    const started = process.hrtime.bigint()
    // BENCH_HEAP_MB caps the CLI's heap: an export that held the records would then fail, not just grow.
    const heap = process.env.BENCH_HEAP_MB ? [`--max-old-space-size=${process.env.BENCH_HEAP_MB}`] : []
    const args = [...heap, bin, 'cms', 'export', 'bench', '--out', out]
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'] })
    const peak = {}
    const timer = setInterval(() => sampleRss(child.pid, peak), 10)
    child.on('exit', (code) => {
      clearInterval(timer)
      if (code !== 0) reject(new Error(`export exited ${code}`))
      else resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, rssKb: peak.kb })
    })
  })
}

const emu = await createEmulator({ port: 0, seed: 'demo', scheduler: false, log: () => {} })
const posts = [...emu.state.cms.get('posts').values()]
console.log('records   seconds   records/s   file MiB   peak RSS MiB')
for (const n of sizes) {
  const bench = new Map()
  for (let i = 0; i < n; i++) {
    const p = posts[i % posts.length]
    const id = `b_${String(i).padStart(7, '0')}`
    bench.set(id, { ...p, id })
  }
  emu.state.cms.set('bench', bench)
  const out = join(dir, `bench-${n}.ndjson`)
  const { ms, rssKb } = await exportOnce(emu, out)
  const mib = (b) => (b / 1024 / 1024).toFixed(1)
  const row = [
    String(n).padStart(7),
    (ms / 1000).toFixed(2).padStart(9),
    String(Math.round(n / (ms / 1000))).padStart(11),
    mib(statSync(out).size).padStart(10),
    (rssKb ? (rssKb / 1024).toFixed(0) : 'n/a').padStart(14),
  ]
  console.log(row.join(' '))
}
await emu.close()
rmSync(dir, { recursive: true, force: true })
