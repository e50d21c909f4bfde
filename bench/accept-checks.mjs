// What the generated accept checks (scripts/gen/accept.ts) save at start-up, against zod alone: this build's
// `agents list --json` beside the same sources built with every reader going to zod's safeParse (the config files,
// the settings, the profile name, each list item and query, the answer's shape), interleaved, same Node.
// Run: npm run bench -- accept-checks   (BENCH_RUNS=40 by default; each round runs A B then B A)
//
// The zod-alone build is made here: the tracked and new files of this checkout copied to a temp directory
// (node_modules linked), the readers rewritten so that no generated check loads or runs (each rewrite must match,
// or the bench stops), and built with scripts/build.mjs; BENCH_KEEP=1 leaves it there to look at. Both builds answer
// the same call against one emulator and must print the same answer (members in any order: see `sorted`). Wall time
// is the median; CPU (user + sys, GNU time, in 10 ms steps) the mean. Decided: the checks stay while they save 10 ms
// or more of `agents list` (docs/architecture.md "Start-up budget").
import { benchEnv, startEmulator } from './emulator-process.mjs'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const runs = Number(process.env.BENCH_RUNS ?? 40)
const node = process.execPath
const root = new URL('..', import.meta.url).pathname
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
// zod's output has the schema's members first, in its order: the same answer may print its members in another order
const sorted = (v) =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted(v[k])]),
        )
      : v
const canonical = (text) => JSON.stringify(sorted(JSON.parse(text)))
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length

/** The readers as they would be with zod alone: [file, what is replaced, by what]. */
const zodAlone = [
  [
    'src/config/store.ts',
    "import { acceptConfigFile, acceptCredentialsFile } from './accept.gen.js'",
    'const acceptConfigFile = (_v: unknown) => false\nconst acceptCredentialsFile = acceptConfigFile',
  ],
  [
    'src/config/resolve.ts',
    "import { acceptProfileName, acceptSetting } from './accept.gen.js'",
    'const acceptProfileName = (_v: unknown) => false\nconst acceptSetting = new Proxy({}, { get: () => acceptProfileName }) as Record<string, (v: unknown) => boolean>',
  ],
  [
    'src/sdk/transport.ts',
    "import { acceptLoaders, type FamilyAccepts, type RouteAccepts } from '../api/accept.gen.js'\n",
    '',
  ],
  [
    'src/sdk/transport.ts',
    /\nconst familyAccepts[\s\S]*?\n}\n/,
    `
type RouteAccepts = { [K in 'query' | 'body' | 'response' | 'item']?: (v: unknown) => boolean } & { idempotent?: boolean }
/** zod alone: every declared part goes to its schema (the answer's shape is tried with safeParse). */
async function acceptsOf(name: ContractRoute): Promise<RouteAccepts> {
  const e = await endpointOf(name)
  const no = () => false
  const r = e.response
  return {
    ...(e.query && { query: no }),
    ...(e.body && { body: no }),
    ...(r && { response: (v: unknown) => r.safeParse(v).success }),
    ...(e.item && { item: no }),
    ...(e.idempotent !== undefined && { idempotent: e.idempotent }),
  }
}
`,
  ],
]

function zodAloneBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'agentry-zod-alone-'))
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`)
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (file === 'node_modules') continue
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    try {
      cpSync(join(root, file), join(dir, file))
    } catch (err) {
      if (err.code !== 'ENOENT') throw err // a file deleted in the work tree but not yet in the index
    }
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'))
  for (const [file, from, to] of zodAlone) {
    const text = readFileSync(join(dir, file), 'utf8')
    const changed = text.replace(from, to)
    if (changed === text) throw new Error(`zod alone: ${file} no longer has ${from}: update bench/accept-checks.mjs`)
    writeFileSync(join(dir, file), changed)
  }
  const built = spawnSync(node, ['scripts/build.mjs'], { cwd: dir, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`zod alone: the build failed\n${built.stderr}`)
  return dir
}

/** One run under GNU time: wall ms, CPU ms (user + sys) and stdout. */
function runOnce(bin, args, env) {
  const t = process.hrtime.bigint()
  const r = spawnSync('/usr/bin/time', ['-f', 'agentry-bench %U %S', node, bin, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  const wall = Number(process.hrtime.bigint() - t) / 1e6
  const m = /agentry-bench ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr)
  if (r.status !== 0 || !m) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr}`)
  return { wall, cpu: (Number(m[1]) + Number(m[2])) * 1000, stdout: r.stdout }
}

const started = Date.now()
const other = zodAloneBuild()
console.log(`zod-alone build in ${other} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
const builds = { accept: join(root, 'bin/agentry.cjs'), zod: join(other, 'bin/agentry.cjs') }

const emu = await startEmulator(node, builds.accept)
const { server } = emu
const { dir, env } = benchEnv(emu, 'agentry-bench-')
// most users' way: the settings from a profile in config.json, the key in credentials.json
const filesDir = join(dir, 'files')
mkdirSync(filesDir)
const profile = { baseUrl: env.AGENTRY_BASE_URL, account: env.AGENTRY_ACCOUNT, output: 'json' }
writeFileSync(join(filesDir, 'config.json'), JSON.stringify({ currentProfile: 'work', profiles: { work: profile } }))
writeFileSync(
  join(filesDir, 'credentials.json'),
  JSON.stringify({ profiles: { work: { apiKey: env.AGENTRY_API_KEY } } }),
  {
    mode: 0o600,
  },
)
const filesEnv = { AGENTRY_CONFIG_DIR: filesDir, AGENTRY_STATE_DIR: join(dir, 'state'), NO_COLOR: '1' }
const cases = {
  'agents list --json (settings from the environment)': [['agents', 'list', '--json'], env],
  'agents list --json (config.json, credentials.json)': [['agents', 'list', '--json'], filesEnv],
  'agents get demo-assistant --json (an answer read whole)': [['agents', 'get', 'demo-assistant', '--json'], env],
}
try {
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  console.log(
    `accept-checks: ${runs} interleaved rounds (A B, then B A), Node ${process.versions.node}, load ${load()}`,
  )
  // saved: the difference of the two figures; paired: the median of each round's difference (zod − accept), which
  // load that changes from one round to the next moves less
  const head = ['accept', 'zod', 'saved', 'paired'].map((h) => h.padStart(8)).join(' ')
  console.log(`${''.padEnd(60)} ${head}`)
  for (const [name, [args, caseEnv]] of Object.entries(cases)) {
    const xs = { accept: [], zod: [] }
    for (let i = 0; i < runs + 2; i++) {
      const order = i % 2 ? ['zod', 'accept'] : ['accept', 'zod']
      const round = Object.fromEntries(order.map((b) => [b, runOnce(builds[b], args, caseEnv)]))
      if (canonical(round.accept.stdout) !== canonical(round.zod.stdout))
        throw new Error(`${name}: the two builds printed different answers`)
      // the first two rounds warm the compile cache and the page cache
      if (i >= 2) for (const b of order) xs[b].push(round[b])
    }
    const line = (what, key, f) => {
      const [a, z] = [f(xs.accept.map((r) => r[key])), f(xs.zod.map((r) => r[key]))]
      const paired = median(xs.zod.map((r, i) => r[key] - xs.accept[i][key]))
      const figures = [a, z, z - a, paired].map((x) => x.toFixed(1).padStart(8)).join(' ')
      console.log(`${`${name} ${what}`.padEnd(60)} ${figures}`)
    }
    line('wall ms (median)', 'wall', median)
    line('CPU ms (mean)', 'cpu', mean)
  }
  console.log(`load at the end: ${load()}`)
} finally {
  server.kill()
  rmSync(dir, { recursive: true, force: true })
  if (!process.env.BENCH_KEEP) rmSync(other, { recursive: true, force: true })
}
