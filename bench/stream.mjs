// Streaming through `agentry chat` (issue 4): a 1,000,000-token answer from the emulator (no token delay) written
// to a pipe, against a minimal undici reader of the same stream (target ≥ 0.5×); the CLI's peak RSS for 1M tokens
// against 1k tokens (target ≤ 1.5×); and the per-token time of the terminal markdown renderer (target p99 < 2 ms).
// Run after `npm run build`: npm run bench -- stream   (BENCH_TOKENS=… to change the size, BENCH_RUNS=… the runs)
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEmulator } from '../dist/emulator.js'

const tokens = Number(process.env.BENCH_TOKENS ?? 1_000_000)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const root = new URL('..', import.meta.url).pathname
const bin = join(root, 'bin/agentry.cjs')
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-stream-'))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const expectedBytes = (n) => {
  let b = 0
  for (let i = 1; i <= n; i++) b += String(i).length + (i > 1 ? 1 : 0)
  return b
}

// Reports the process's peak RSS (KiB) on exit, whatever the process is: loaded with --import.
const rssReporter = join(dir, 'rss.mjs')
writeFileSync(
  rssReporter,
  `import { writeFileSync } from 'node:fs'
process.on('exit', () => { if (process.env.RSS_FILE) writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)) })
`,
)

// The floor: what a bare undici client does with the same stream (SSE lines → JSON → content → stdout).
const minimal = join(dir, 'minimal.mjs')
writeFileSync(
  minimal,
  `import { request } from ${JSON.stringify(join(root, 'node_modules/undici/index.js'))}
const res = await request(process.env.URL, {
  method: 'POST',
  headers: { authorization: 'Bearer ' + process.env.KEY, 'content-type': 'application/json', accept: 'text/event-stream' },
  body: process.env.BODY,
})
let rest = ''
for await (const chunk of res.body) {
  const lines = (rest + chunk.toString('utf8')).split('\\n')
  rest = lines.pop()
  let out = ''
  for (const line of lines) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
    const c = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content
    if (c) out += c
  }
  if (out && !process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r))
}
`,
)

const emu = await createEmulator({ port: 0, seed: 'demo', tokenDelayMs: 0, scheduler: false })
const env = {
  ...process.env,
  AGENTRY_CONFIG_DIR: dir,
  // the local log (on unless AGENTRY_LOG=off) in the bench's own directory: never the user's, and fresh each run
  AGENTRY_STATE_DIR: join(dir, 'state'),
  AGENTRY_BASE_URL: emu.baseUrl,
  AGENTRY_ACCOUNT: emu.accountId,
  AGENTRY_API_KEY: emu.demoApiKey,
  NO_COLOR: '1',
}

/** Runs a node script with stdout on a pipe that is drained and counted; resolves to ms, bytes and peak RSS. */
function runPiped(args, extraEnv = {}) {
  const rssFile = join(dir, `rss-${Math.random().toString(36).slice(2)}`)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, ['--import', rssReporter, ...args], {
      env: { ...env, ...extraEnv, RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let bytes = 0
    let stderr = ''
    child.stdout.on('data', (b) => {
      bytes += b.length
    })
    child.stderr.on('data', (b) => {
      stderr += b
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = performance.now() - started
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`))
      resolve({ ms, bytes, rssKiB: Number(readFileSync(rssFile, 'utf8')) })
    })
  })
}

const cliArgs = (n) => [
  bin,
  'chat',
  'demo-assistant',
  '-m',
  `count to ${n}`,
  '--max-tokens',
  String(n),
  '--output',
  'text',
  // the answer's bytes exactly, as the floor writes them (piped text otherwise gets the final newline of every command)
  '--no-final-newline',
]
const minimalEnv = (n) => ({
  URL: `${emu.baseUrl}/agent/demo-assistant/chat/completion`,
  KEY: emu.demoApiKey,
  BODY: JSON.stringify({ messages: [{ role: 'user', content: `count to ${n}` }], max_tokens: n, stream: true }),
})

const want = expectedBytes(tokens)
const cli = []
const floor = []
for (let i = 0; i < runs; i++) {
  const a = await runPiped(cliArgs(tokens))
  const b = await runPiped([minimal], minimalEnv(tokens))
  if (a.bytes !== want || b.bytes !== want)
    throw new Error(`wrong output size: cli ${a.bytes}, minimal ${b.bytes}, want ${want}`)
  cli.push(a)
  floor.push(b)
}
const small = []
const floorSmall = []
for (let i = 0; i < runs; i++) {
  small.push(await runPiped(cliArgs(1000)))
  floorSmall.push(await runPiped([minimal], minimalEnv(1000)))
}
await emu.close()

const tps = (r) => tokens / (r.ms / 1000)
const cliTps = median(cli.map(tps))
const floorTps = median(floor.map(tps))
const bigRss = median(cli.map((r) => r.rssKiB))
const smallRss = median(small.map((r) => r.rssKiB))
const mark = (ok) => (ok ? 'ok' : 'MISSED')
console.log(
  `stream: ${tokens.toLocaleString('en')} tokens (${(want / 1e6).toFixed(1)} MB of text) to a pipe, medians of ${runs} runs, Node ${process.versions.node}`,
)
console.log(
  `  minimal undici reader   ${Math.round(floorTps).toLocaleString('en').padStart(12)} tokens/s  (${median(floor.map((r) => r.ms)).toFixed(0)} ms)`,
)
console.log(
  `  agentry chat -o text    ${Math.round(cliTps).toLocaleString('en').padStart(12)} tokens/s  (${median(cli.map((r) => r.ms)).toFixed(0)} ms)`,
)
console.log(
  `  ratio                   ${(cliTps / floorTps).toFixed(2)}×  target ≥ 0.5×  ${mark(cliTps / floorTps >= 0.5)}`,
)
console.log(`  peak RSS, 1k tokens     ${(smallRss / 1024).toFixed(1)} MiB`)
console.log(`  peak RSS, ${tokens >= 1e6 ? `${tokens / 1e6}M` : tokens} tokens     ${(bigRss / 1024).toFixed(1)} MiB`)
console.log(
  `  RSS ratio               ${(bigRss / smallRss).toFixed(2)}×  target ≤ 1.5×  ${mark(bigRss / smallRss <= 1.5)}`,
)
// the same figures for the bare undici reader, to tell the CLI's own cost from Node's (young generation, socket buffers)
const fBig = median(floor.map((r) => r.rssKiB))
const fSmall = median(floorSmall.map((r) => r.rssKiB))
console.log(
  `  minimal reader peak RSS ${(fSmall / 1024).toFixed(1)} → ${(fBig / 1024).toFixed(1)} MiB  (${(fBig / fSmall).toFixed(2)}×, for comparison)`,
)

const { renderBench } = await import('./stream-render.mjs')
const render = await renderBench(root, dir)
for (const r of render)
  console.log(
    `  render ${r.name.padEnd(22)} p50 ${r.p50.toFixed(3)} ms  p99 ${r.p99.toFixed(3)} ms  max ${r.max.toFixed(2)} ms  all ${r.total.toFixed(0)} ms  (${r.count} tokens)  target p99 < 2 ms  ${mark(r.p99 < 2)}`,
  )
