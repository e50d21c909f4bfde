// Start-up cost of the CLI as whole processes, as ratios measured in the same run (these machines are noisy: cases
// run round-robin, we compare medians, and only ratios taken within one run). Run: npm run bench -- startup
//
// The floor is Node itself, the one the project runs on (node_modules/node, Node 24; `npm run` puts it first on
// PATH, and every case below runs on process.execPath):
// - `node -e 0` for what needs no network: --version, --help, `__complete` (every TAB of shell completion);
// - for an API command, the smallest script a user could write for the same GET, as CommonJS:
//   `node -e "require('node:http').get(URL, {headers}, (res) => res.pipe(process.stdout))"`. The same GET as an
//   ES module (`import http from 'node:http'`) is printed too, for the record only: building the ESM facade of
//   node:http loads Node's own undici (~30 ms more), so that baseline flatters us.
// Targets: agents list --json ≤ 1.25× the CommonJS GET (npm-installed command) and ≤ 1.10× with the single
// executable (exe/agentry, `npm run build:exe`; measured when it exists, or AGENTRY_EXE=path); --help, --version and
// __complete ≤ 1.1× node -e 0; peak RSS of agents list --json ≤ 1.25× node -e 0.
// BENCH_AGAINST=<another checkout, built> adds its bin's --version, --help, __complete and agents list --json to the
// same round-robin, with this build's ratio to it: a before/after of a change in one run (e.g. a worktree of main).
// Each run goes through GNU time (/usr/bin/time), which gives the child's CPU time (user + sys) and peak RSS: on a
// loaded machine the CPU ratio is the steadier one (wall-clock then measures the scheduler as much as the program).
//
// Cost of each module on that path, measured two robust ways that need no source changes:
// - which files load: a tiny `--import` hook (module.registerHooks, sync, Node ≥ 22.15) logs each file URL the
//   ESM loader loads; their bytes and the packages/sources inside each chunk come from dist/meta.json (esbuild's
//   metafile, the chunk graph);
// - what each costs: the CLI runs under `--cpu-prof` (100 µs sampling) several times; the samples' self time is
//   summed per file URL (a chunk = its own top-level code and functions run at start-up) and the median over runs
//   is printed. Node's own ESM loader work (resolve, URL handling, module linking) shows as `node:internal/*`:
//   that part grows with the NUMBER of files loaded, not their size. Profiling slows everything a little; the
//   figures are for ranking, the ratios above are the budget.
import { benchEnv, startEmulator } from './emulator-process.mjs'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const runs = Number(process.env.BENCH_RUNS ?? 25)
const profRuns = Number(process.env.BENCH_PROFILE_RUNS ?? 7)
const node = process.execPath
const root = new URL('..', import.meta.url).pathname
const bin = join(root, 'bin/agentry.cjs')
const exe = process.env.AGENTRY_EXE ?? join(root, 'exe/agentry')
const haveExe = existsSync(exe)
// its bin by either name: bin/agentry.cjs, or bin/agentry.js before the bin became CommonJS
const againstBins = process.env.BENCH_AGAINST
  ? ['bin/agentry.cjs', 'bin/agentry.js'].map((b) => join(process.env.BENCH_AGAINST, b))
  : []
const against = againstBins.find((b) => existsSync(b))
if (process.env.BENCH_AGAINST && !against)
  throw new Error(`BENCH_AGAINST: no ${againstBins.join(' nor ')} (build that checkout first)`)
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}

/** One case: the program (node or the executable), its arguments, its extra environment. */
const nodeCase = (args, env = {}) => ({ cmd: node, args, env })
const exeCase = (args, env = {}) => ({ cmd: exe, args, env })

/**
 * One run under GNU time: wall-clock ms (measured here), CPU ms (user + sys of the child), peak RSS (MiB) and minor
 * page faults (each page of memory touched for the first time: on a VM ~10-20 µs each, and the same count however
 * loaded the machine is).
 */
function runOnce({ cmd, args, env }) {
  const t = process.hrtime.bigint()
  const r = spawnSync('/usr/bin/time', ['-f', 'agentry-bench %U %S %M %R', cmd, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  const wall = Number(process.hrtime.bigint() - t) / 1e6
  const m = /agentry-bench ([\d.]+) ([\d.]+) (\d+) (\d+)\s*$/.exec(r.stderr)
  if (r.status !== 0 || !m) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`)
  return { wall, cpu: (Number(m[1]) + Number(m[2])) * 1000, rss: Number(m[3]) / 1024, faults: Number(m[4]) }
}

/** Medians of each case, run round-robin so that a burst of load on the machine hits every case alike. */
function timeAll(cases) {
  const xs = cases.map(() => [])
  for (let i = 0; i < runs + 2; i++) {
    cases.forEach((c, k) => {
      const one = runOnce(c)
      if (i >= 2) xs[k].push(one) // the first two rounds warm the compile cache and the page cache
    })
  }
  return xs.map((runs) => ({
    wall: median(runs.map((r) => r.wall)),
    // GNU time gives CPU in 10 ms steps: the mean of many runs resolves finer than any one
    cpu: runs.reduce((sum, r) => sum + r.cpu, 0) / runs.length,
    rss: median(runs.map((r) => r.rss)),
    faults: median(runs.map((r) => r.faults)),
  }))
}

// The emulator runs in its own process: spawnSync below blocks this one.
const emu = await startEmulator(node, bin)
const { server } = emu
const { dir, env } = benchEnv(emu, 'agentry-bench-')
const minimalGet =
  "require('node:http').get(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.KEY } }, (res) => res.pipe(process.stdout))"
const minimalEsm = join(dir, 'minimal.mjs')
writeFileSync(
  minimalEsm,
  `import http from 'node:http'
http.get(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.KEY } }, (res) => res.pipe(process.stdout))
`,
)
const list = ['agents', 'list', '--json']
// the same call as most users make it: the settings from a profile in config.json, the key in credentials.json (each
// read and checked on every run), none from the environment
const filesDir = join(dir, 'files')
mkdirSync(filesDir)
writeFileSync(
  join(filesDir, 'config.json'),
  `${JSON.stringify({ currentProfile: 'work', profiles: { work: { baseUrl: emu.baseUrl, account: emu.account, output: 'json', log: 'on' } } }, null, 2)}\n`,
)
writeFileSync(
  join(filesDir, 'credentials.json'),
  `${JSON.stringify({ profiles: { work: { apiKey: emu.apiKey } } }, null, 2)}\n`,
  {
    mode: 0o600,
  },
)
const filesEnv = { AGENTRY_CONFIG_DIR: filesDir, AGENTRY_STATE_DIR: join(dir, 'state'), NO_COLOR: '1' }
const complete = ['__complete', '--', 'agents', 'l']
const minimalEnv = { URL: `${emu.baseUrl}/${emu.account}/agents`, KEY: emu.apiKey }
try {
  const named = {
    floor: nodeCase(['-e', '0']),
    get: nodeCase(['-e', minimalGet], minimalEnv),
    getEsm: nodeCase([minimalEsm], minimalEnv),
    version: nodeCase([bin, '--version'], env),
    help: nodeCase([bin, '--help'], env),
    complete: nodeCase([bin, ...complete], env),
    list: nodeCase([bin, ...list], env),
    listFiles: nodeCase([bin, ...list], filesEnv),
    ...(haveExe && {
      exeVersion: exeCase(['--version'], env),
      exeHelp: exeCase(['--help'], env),
      exeComplete: exeCase(complete, env),
      exeList: exeCase(list, env),
    }),
    ...(against && {
      beforeVersion: nodeCase([against, '--version'], env),
      beforeHelp: nodeCase([against, '--help'], env),
      beforeComplete: nodeCase([against, ...complete], env),
      beforeList: nodeCase([against, ...list], env),
      beforeListFiles: nodeCase([against, ...list], filesEnv),
    }),
  }
  const keys = Object.keys(named)
  const m = Object.fromEntries(timeAll(Object.values(named)).map((x, i) => [keys[i], x]))
  const verdict = (ratio, target) =>
    target === undefined ? '' : ratio <= target ? `≤ ${target}× met` : `≤ ${target}× NOT met`
  const row = (name, key, base, target) => {
    const [wall, cpu] = [m[key].wall / m[base].wall, m[key].cpu / m[base].cpu]
    console.log(
      `${name.padEnd(38)} ${m[key].wall.toFixed(1).padStart(7)} ${wall.toFixed(2)}× ${verdict(wall, target).padEnd(16)} ${m[key].cpu.toFixed(0).padStart(5)} ${cpu.toFixed(2)}× ${verdict(cpu, target).padEnd(16)} ${base}`,
    )
  }
  // the executable's build time is printed by `npm run build:exe` itself
  const exeNote = haveExe
    ? `, executable ${exe} (${(statSync(exe).size / 1024 / 1024).toFixed(1)} MiB)`
    : ' (no executable: npm run build:exe)'
  console.log(
    `startup: ${runs} interleaved runs (wall and RSS: medians; CPU: means), Node ${process.versions.node}${exeNote}`,
  )
  console.log(
    `${''.padEnd(38)} ${'wall ms'.padStart(7)} ${'ratio, target'.padEnd(23)} ${'CPU ms'.padStart(5)} ${'ratio, target'.padEnd(22)} against`,
  )
  row('node -e 0 (floor)', 'floor', 'floor')
  row('node -e "require(node:http).get(…)"', 'get', 'floor')
  row('agentry --version', 'version', 'floor', 1.1)
  row('agentry --help', 'help', 'floor', 1.1)
  row('agentry __complete -- agents l', 'complete', 'floor', 1.1)
  row('agentry agents list --json', 'list', 'get', 1.25)
  console.log(`  difference to the CommonJS GET: ${(m.list.wall - m.get.wall).toFixed(1)} ms wall`)
  row('  the same, settings from config files', 'listFiles', 'get', 1.25)
  if (haveExe) {
    row('exe --version', 'exeVersion', 'floor', 1.1)
    row('exe --help', 'exeHelp', 'floor', 1.1)
    row('exe __complete -- agents l', 'exeComplete', 'floor', 1.1)
    row('exe agents list --json', 'exeList', 'get', 1.1)
    console.log(`  difference to the CommonJS GET: ${(m.exeList.wall - m.get.wall).toFixed(1)} ms wall`)
  }
  if (against) {
    console.log(`this build against ${process.env.BENCH_AGAINST} (BENCH_AGAINST), same runs:`)
    const compared = [
      ['--version', 'version', 'beforeVersion', 'floor'],
      ['--help', 'help', 'beforeHelp', 'floor'],
      ['__complete', 'complete', 'beforeComplete', 'floor'],
      ['agents list', 'list', 'beforeList', 'get'],
      ['agents list (config files)', 'listFiles', 'beforeListFiles', 'get'],
    ]
    for (const [name, key, before, base] of compared) {
      row(`  before: ${name}`, before, base)
      row(`  this build / before: ${name}`, key, before)
    }
  }
  console.log("for the record (an ES-module GET builds the facade of node:http, which loads Node's undici):")
  row('node minimal.mjs (import http …)', 'getEsm', 'floor')
  row('agentry agents list --json', 'list', 'getEsm')

  console.log('\npeak RSS (GNU time %M) and minor page faults (%R), medians of the same runs:')
  const rssRow = (name, key, target) => {
    const ratio = m[key].rss / m.floor.rss
    console.log(
      `${name.padEnd(38)} ${m[key].rss.toFixed(1).padStart(7)} MiB ${ratio.toFixed(2)}× floor  ${String(m[key].faults).padStart(5)} faults  ${verdict(ratio, target)}`,
    )
  }
  rssRow('node -e 0 (floor)', 'floor')
  rssRow('node -e "require(node:http).get(…)"', 'get')
  rssRow('agentry --version', 'version')
  rssRow('agentry --help', 'help')
  rssRow('agentry __complete -- agents l', 'complete')
  rssRow('agentry agents list --json', 'list', 1.25)
  rssRow('  the same, settings from config files', 'listFiles', 1.25)
  if (against) {
    rssRow('before: --version', 'beforeVersion')
    rssRow('before: --help', 'beforeHelp')
    rssRow('before: __complete', 'beforeComplete')
    rssRow('before: agents list --json', 'beforeList')
    rssRow('before: the same, from config files', 'beforeListFiles')
  }
  if (haveExe) {
    rssRow('exe --version', 'exeVersion')
    rssRow('exe agents list --json', 'exeList', 1.25)
  }
  youngGeneration(env)
  moduleCosts(env)
} finally {
  server.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
}

/**
 * Prints what each run allocates in V8's young generation and how many young-generation collections (scavenges) it
 * makes: counts that do not move with the machine's load, where time does. A run whose young objects outgrow the
 * first semi-space (1 MiB) is stopped for a scavenge, then often for a second one that V8 schedules as a task, and
 * each touches fresh pages (the page faults above). Allocation is read with semi-spaces large enough that nothing is
 * collected (`--min-semi-space-size`, which leaves the compile cache valid), from a `--require`d hook that reads the
 * new space at exit (CommonJS: it adds no ES-module loader to the run it measures); scavenges from `--trace-gc`.
 */
function youngGeneration(env) {
  const hook = join(dir, 'young-at-exit.cjs')
  writeFileSync(
    hook,
    `process.on('exit', () => process.stderr.write('young ' + require('node:v8').getHeapSpaceStatistics().filter((s) => s.space_name.startsWith('new')).reduce((n, s) => n + s.space_used_size, 0) + '\\n'))\n`,
  )
  const cases = [
    ['node -e 0 (floor)', ['-e', '0'], {}],
    ['node -e "require(node:http).get(…)"', ['-e', minimalGet], minimalEnv],
    ['agentry agents list --json', [bin, ...list], env],
  ]
  const spawnCase = (flags, args, extra) =>
    spawnSync(node, [...flags, ...args], { env: { ...process.env, ...extra }, encoding: 'utf8', maxBuffer: 1 << 26 })
  console.log('\nyoung generation (medians of 5 runs; the same on a loaded machine):')
  for (const [name, args, extra] of cases) {
    const young = [],
      scavenges = []
    for (let i = 0; i < 5; i++) {
      young.push(
        Number(/young (\d+)/.exec(spawnCase(['--min-semi-space-size=64', '-r', hook], args, extra).stderr)?.[1]),
      )
      scavenges.push((spawnCase(['--trace-gc'], args, extra).stdout.match(/: Scavenge /g) ?? []).length)
    }
    console.log(
      `${name.padEnd(38)} ${(median(young) / 1024).toFixed(0).padStart(6)} KiB allocated  ${median(scavenges)} scavenges`,
    )
  }
}

/** Prints the files `agents list --json` loads (bytes, what is inside) and the CPU self time of each. */
function moduleCosts(env) {
  const hook = join(dir, 'log-loads.mjs')
  writeFileSync(
    hook,
    `import { registerHooks } from 'node:module'
registerHooks({ load(url, context, next) { if (url.startsWith('file:')) process.stderr.write('load ' + url + '\\n'); return next(url, context) } })
`,
  )
  const r = spawnSync(node, ['--import', hook, bin, ...list], { env: { ...process.env, ...env }, encoding: 'utf8' })
  const loaded = [...r.stderr.matchAll(/^load file:\/\/(.+)$/gm)].map((m) => m[1]).filter((f) => f !== hook)
  const self = new Map() // file → [ms per run]
  for (let i = 0; i < profRuns; i++) {
    const profDir = join(dir, `prof-${i}`)
    mkdirSync(profDir)
    spawnSync(node, ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '100', bin, ...list], {
      env: { ...process.env, ...env },
    })
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))
    const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8'))
    const nodes = new Map(prof.nodes.map((n) => [n.id, n.callFrame]))
    const sums = new Map()
    prof.samples.forEach((id, k) => {
      const { url, functionName } = nodes.get(id)
      const key = url ? url.replace(/^file:\/\//, '') : `(${functionName})`
      sums.set(key, (sums.get(key) ?? 0) + prof.timeDeltas[k] / 1000)
    })
    for (const [key, ms] of sums) self.set(key, [...(self.get(key) ?? []), ms])
  }
  const cost = (key) => median([...(self.get(key) ?? []), ...Array(profRuns - (self.get(key)?.length ?? 0)).fill(0)])
  const meta = JSON.parse(readFileSync(join(root, 'dist/meta.json'), 'utf8'))
  const rel = (f) => f.replace(root, '')
  console.log(
    `\nfiles loaded by agents list --json: ${loaded.length}; CPU self ms = median of ${profRuns} --cpu-prof runs`,
  )
  console.log(`${'file'.padEnd(40)} ${'bytes'.padStart(8)} ${'self ms'.padStart(8)}  inside (bytes in output)`)
  let totalBytes = 0
  const rows = loaded.map((f) => {
    const out = meta.outputs[rel(f)]
    const inside = {}
    for (const [input, v] of Object.entries(out?.inputs ?? {})) {
      const name = input.includes('node_modules/') ? input.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : input
      inside[name] = (inside[name] ?? 0) + v.bytesInOutput
    }
    const bytes = out?.bytes ?? readFileSync(f).length
    totalBytes += bytes
    const top = Object.entries(inside)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
    return { file: rel(f), bytes, ms: cost(f), inside: top.map(([k, v]) => `${k} ${v}`).join(', ') }
  })
  for (const x of rows.sort((a, b) => b.ms - a.ms || b.bytes - a.bytes))
    console.log(`${x.file.padEnd(40)} ${String(x.bytes).padStart(8)} ${x.ms.toFixed(1).padStart(8)}  ${x.inside}`)
  console.log(`${'total'.padEnd(40)} ${String(totalBytes).padStart(8)}`)
  const internal = [...self.keys()].filter((k) => !k.startsWith('/'))
  const groups = new Map()
  for (const k of internal) {
    const g = k.startsWith('node:internal/modules') || k === 'node:internal/url' ? 'node ESM loader + URL' : k
    groups.set(g, (groups.get(g) ?? 0) + cost(k))
  }
  // Node built-ins (process.moduleLoadList) loaded by each process: a count that does not depend on the machine's
  // load. Each costs a little; an ESM facade of one (`import … from 'node:fs'`) runs its lazy getters too.
  const builtinsHook = join(dir, 'count-builtins.mjs')
  writeFileSync(
    builtinsHook,
    `process.on('exit', () => process.stderr.write('builtins ' + process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).length + '\\n'))\n`,
  )
  const builtins = (args, extra) =>
    /builtins (\d+)/.exec(
      spawnSync(node, ['--import', builtinsHook, ...args], { env: { ...process.env, ...extra }, encoding: 'utf8' })
        .stderr,
    )?.[1]
  console.log(
    `\nNode built-in modules loaded: agents list --json ${builtins([bin, ...list], env)}, CommonJS GET ${builtins(['-e', minimalGet], minimalEnv)}`,
  )
  console.log('\nnot in our files (top 8):')
  for (const [k, ms] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`  ${k.padEnd(38)} ${ms.toFixed(1).padStart(8)} ms`)
}
