// Start-up cost of `agentry mcp serve` over stdio, in each era of MCP: a whole process is spawned, given one exchange
// on stdin and its stdin closed; the figure is the time until it has answered and exited (wall-clock median, CPU
// user+sys mean and peak RSS through GNU time), and which of dist/'s files it loaded (its bytes). Run: npm run bench
// -- mcp-serve. BENCH_AGAINST=<another checkout, built> runs its bin in the same round-robin (a before/after: e.g. a
// worktree of main, where `mcp serve` is on the v1 SDK and answers 2025 only).
//   2025: initialize, notifications/initialized, tools/list
//   2026-07-28: server/discover, tools/list, each with its `_meta` envelope (no handshake)
import { benchEnv, startEmulator } from './emulator-process.mjs'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const runs = Number(process.env.BENCH_RUNS ?? 15)
const node = process.execPath
const root = new URL('..', import.meta.url).pathname
const bins = { this: join(root, 'bin/agentry.cjs') }
if (process.env.BENCH_AGAINST) bins.against = join(process.env.BENCH_AGAINST, 'bin/agentry.cjs')
for (const b of Object.values(bins)) if (!existsSync(b)) throw new Error(`${b} is missing: build it first`)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
}
const exchanges = {
  '2025-11-25': [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
  ],
  '2026-07-28': [
    { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } },
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: envelope } },
  ],
}

// the emulator in its own process: spawnSync below blocks this one
const emu = await startEmulator(node, bins.this)
const { server } = emu
const { dir, env } = benchEnv(emu, 'agentry-bench-mcp-', process.env)
const loads = join(dir, 'log-loads.mjs')
writeFileSync(
  loads,
  `import { registerHooks } from 'node:module'
registerHooks({ load(url, c, next) { if (url.includes('/dist/')) process.stderr.write('load ' + url + '\\n'); return next(url, c) } })
`,
)

function runOnce(bin, era, extraEnv = {}) {
  const input = exchanges[era].map((m) => JSON.stringify(m)).join('\n') + '\n'
  const t = process.hrtime.bigint()
  const r = spawnSync('/usr/bin/time', ['-f', 'agentry-bench %U %S %M', node, bin, 'mcp', 'serve'], {
    input,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
  })
  const wall = Number(process.hrtime.bigint() - t) / 1e6
  const answers = r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
  const [, user, sys, rss] = /agentry-bench (\S+) (\S+) (\d+)/.exec(r.stderr) ?? []
  return { wall, cpu: (Number(user) + Number(sys)) * 1000, rss: Number(rss) / 1024, answers, stderr: r.stderr }
}

try {
  const cases = []
  for (const [name, bin] of Object.entries(bins))
    for (const era of Object.keys(exchanges)) {
      const probe = runOnce(bin, era)
      const ok = probe.answers.length === 2 && probe.answers.every((a) => a.result)
      cases.push({ name, bin, era, ok, why: ok ? '' : JSON.stringify(probe.answers[0]?.error ?? probe.stderr) })
    }
  const results = new Map(cases.map((c) => [c, []]))
  for (let i = 0; i < runs; i++) for (const c of cases) if (c.ok) results.get(c).push(runOnce(c.bin, c.era))
  console.log(`mcp serve over stdio, one exchange then stdin closed (${runs} runs each, round-robin)`)
  for (const c of cases) {
    if (!c.ok) {
      console.log(`  ${c.name.padEnd(8)} ${c.era}  not answered: ${c.why.slice(0, 120)}`)
      continue
    }
    const rs = results.get(c)
    const cpu = rs.reduce((s, r) => s + r.cpu, 0) / rs.length
    const traced = runOnce(c.bin, c.era, { NODE_OPTIONS: `--import ${loads}` })
    const files = traced.stderr
      .split('\n')
      .filter((l) => l.startsWith('load '))
      .map((l) => new URL(l.slice(5)).pathname)
    const bytes = files.reduce((s, f) => s + readFileSync(f).length, 0)
    console.log(
      `  ${c.name.padEnd(8)} ${c.era}  wall ${median(rs.map((r) => r.wall)).toFixed(0)} ms  cpu ${cpu.toFixed(0)} ms  rss ${median(rs.map((r) => r.rss)).toFixed(1)} MiB  dist files ${files.length} (${(bytes / 1024).toFixed(0)} KiB)`,
    )
  }
} finally {
  server.kill()
}
