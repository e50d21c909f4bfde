// Start-up cost of the CLI as whole processes, as ratios to the Node floor measured in the same run
// (these machines are noisy; ratios in one run are what we compare). Run: npm run bench -- startup
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const runs = Number(process.env.BENCH_RUNS ?? 25)
const node = process.execPath
const bin = new URL('../bin/agentry.js', import.meta.url).pathname
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

function runOnce(args, env) {
  const t = process.hrtime.bigint()
  const r = spawnSync(node, args, { env: { ...process.env, ...env }, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`)
  return Number(process.hrtime.bigint() - t) / 1e6
}

/** Medians of each case, run round-robin so that a burst of load on the machine hits every case alike. */
function timeAll(cases) {
  const xs = cases.map(() => [])
  for (let i = 0; i < runs + 2; i++) {
    cases.forEach(([args, env], k) => {
      const ms = runOnce(args, env)
      if (i >= 2) xs[k].push(ms) // the first two rounds warm the compile cache and the page cache
    })
  }
  return xs.map(median)
}

// The emulator runs in its own process: spawnSync below blocks this one.
const server = spawn(
  node,
  [new URL('../bin/agentry.js', import.meta.url).pathname, 'emulator', 'start', '--port', '0'],
  {
    stdio: ['ignore', 'pipe', 'ignore'],
  },
)
let banner = ''
while (!/api-key: .+\n/.test(banner)) {
  const [chunk] = await once(server.stdout, 'data')
  banner += chunk
}
const field = (name) => new RegExp(`^${name}: (.+)$`, 'm').exec(banner)[1]
const emu = { baseUrl: field('base-url'), accountId: field('account'), demoApiKey: field('api-key') }
const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-'))
const minimal = join(dir, 'minimal.mjs')
writeFileSync(
  minimal,
  `import http from 'node:http'
const u = new URL(process.env.URL)
http.get(u, { headers: { authorization: 'Bearer ' + process.env.KEY } }, (res) => {
  let body = ''
  res.on('data', (c) => (body += c))
  res.on('end', () => { for (const a of JSON.parse(body).data) process.stdout.write(a.id + '\\t' + a.name + '\\n') })
})
`,
)
const env = {
  AGENTRY_CONFIG_DIR: dir,
  AGENTRY_BASE_URL: emu.baseUrl,
  AGENTRY_ACCOUNT: emu.accountId,
  AGENTRY_API_KEY: emu.demoApiKey,
  NO_COLOR: '1',
}
const [floor, version, help, list, http] = timeAll([
  [['-e', '0'], {}],
  [[bin, '--version'], env],
  [[bin, '--help'], env],
  [[bin, 'agents', 'list'], env],
  [[minimal], { URL: `${emu.baseUrl}/${emu.accountId}/agents`, KEY: emu.demoApiKey }],
])
server.kill('SIGTERM')

const row = (name, ms, base, target) =>
  console.log(`${name.padEnd(28)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / base).toFixed(2)}× ${target}`)
console.log(`startup: medians of ${runs} runs, Node ${process.versions.node}`)
row('node -e 0 (floor)', floor, floor, '')
row('agentry --version', version, floor, '(target ≤ 1.25× floor)')
row('agentry --help', help, floor, '(target ≤ 1.5× floor)')
row('node:http minimal GET', http, floor, '')
row('agentry agents list', list, http, '(vs minimal node:http; target ≤ 1.5×)')
