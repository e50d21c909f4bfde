// `--jq` against the system's jq (issue 32 item 2): the same programs, output to a pipe (counted here), each run
// through GNU time for wall time, CPU (user + sys) and peak RSS. Targets: `range(1e5)` within a small factor of jq
// (the CLI's start-up included: `version --jq 1` is printed as that floor), output linear in its size (1e5 → 1e6 →
// 1e7 ≈ ×10 each), and `range(1e7)` in bounded memory (the ring between jq's worker and stdout is 1 MiB: peak RSS
// about that of `range(1e5)`, not growing with the 79 MB printed). jq itself is `apt-get install jq` (Debian's
// 1.6/1.7, native); without it only agentry's figures are printed. Run: npm run bench -- jq
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../bin/agentry.cjs', import.meta.url))
const hasJq = spawnSync('jq', ['--version'], { encoding: 'utf8' })
const jqVersion = hasJq.status === 0 ? hasJq.stdout.trim() : undefined
if (spawnSync('/usr/bin/time', ['-f', '', 'true']).status !== 0) {
  console.error('bench jq: needs GNU time (/usr/bin/time: apt-get install time)')
  process.exit(1)
}

/** Runs argv under GNU time, stdout into a pipe read here: {bytes, wall s, cpu s, rss MiB}. */
function measure(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %U %S %M', ...argv], { stdio: ['ignore', 'pipe', 'pipe'] })
    let bytes = 0
    let err = ''
    child.stdout.on('data', (c) => (bytes += c.length))
    child.stderr.on('data', (c) => (err += c))
    child.on('exit', (code) => {
      const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(err)
      if (code !== 0 || !m) return reject(new Error(`${argv.join(' ')} exited ${code}: ${err}`))
      resolve({ bytes, wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rss: Number(m[4]) / 1024 })
    })
  })
}

const programs = ['1', 'range(1e5)', 'range(1e6)', 'range(1e7)', '[range(1e6)] | length']
const row = (who, p, r) =>
  console.log(
    `${who.padEnd(8)} ${p.padEnd(22)} ${String(r.bytes).padStart(9)} ${r.wall.toFixed(2).padStart(7)} ${r.cpu.toFixed(2).padStart(7)} ${r.rss.toFixed(0).padStart(8)}`,
  )
console.log(`system jq: ${jqVersion ?? 'not installed'}; agentry on Node ${process.versions.node}`)
console.log(
  `${'who'.padEnd(8)} ${'program'.padEnd(22)} ${'bytes'.padStart(9)} ${'wall s'.padStart(7)} ${'cpu s'.padStart(7)} ${'RSS MiB'.padStart(8)}`,
)
for (const p of programs) {
  const ours = await measure([process.execPath, bin, 'version', '--jq', p])
  row('agentry', p, ours)
  if (jqVersion) {
    const theirs = await measure(['jq', '-n', '-c', p])
    row('jq', p, theirs)
    if (theirs.bytes !== ours.bytes) console.log(`  (output differs: ${ours.bytes} bytes against jq's ${theirs.bytes})`)
    console.log(
      `  ratio: wall ${(ours.wall / Math.max(theirs.wall, 0.01)).toFixed(1)}×, cpu ${(ours.cpu / Math.max(theirs.cpu, 0.01)).toFixed(1)}×`,
    )
  }
}

// Stopping (issue 32 item 2: "any program, endless ones included, stops on Ctrl-C with exit 130 within a second and on
// SIGTERM, in the npm command and the executable"): each endless program runs for a second, output to a pipe read
// here, then gets the signal; printed is the time from the signal to the process's end and how it ended. Target:
// 130 within 1000 ms. The executable is $AGENTRY_EXE, else exe/agentry (`npm run build:exe`), else the one the
// tests built under .tmp/exe/; without one only the npm command is measured.
const root = fileURLToPath(new URL('..', import.meta.url))
function findExecutable() {
  if (process.env.AGENTRY_EXE) return process.env.AGENTRY_EXE
  if (existsSync(join(root, 'exe/agentry'))) return join(root, 'exe/agentry')
  const cache = join(root, '.tmp/exe')
  const built = existsSync(cache)
    ? readdirSync(cache)
        .filter((d) => !d.includes('.building-') && existsSync(join(cache, d, 'agentry')))
        .map((d) => join(cache, d, 'agentry'))
    : []
  return built.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
}

/** Runs argv with an endless --jq program for `runMs`, sends `signal`: {ms from signal to exit, code, signal}. */
function stopAfter(argv, signal, runMs = 1000) {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.resume()
    child.stderr.resume()
    let sentAt = 0
    const timer = setTimeout(() => {
      sentAt = performance.now()
      child.kill(signal)
    }, runMs)
    // a run that does not end within 10 s of the signal is killed, and says so
    const stuck = setTimeout(() => child.kill('SIGKILL'), runMs + 10_000)
    child.on('exit', (code, sig) => {
      clearTimeout(timer)
      clearTimeout(stuck)
      resolve({ ms: sentAt ? performance.now() - sentAt : Number.NaN, code, signal: sig })
    })
  })
}

const endless = ['def f: f; f', '[limit(1e9; repeat(1))]', 'repeat(1)']
const exe = findExecutable()
const commands = [['npm cmd', [process.execPath, bin]], ...(exe ? [['exe', [exe]]] : [])]
console.log(`\nstopping an endless --jq program after 1 s (executable: ${exe ?? 'not built: npm run build:exe'})`)
console.log(`${'who'.padEnd(8)} ${'program'.padEnd(24)} ${'signal'.padEnd(8)} ${'ms'.padStart(7)}  ended`)
for (const [who, cmd] of commands)
  for (const p of endless)
    for (const signal of ['SIGINT', 'SIGTERM']) {
      const r = await stopAfter([...cmd, 'version', '--jq', p], signal)
      const ended = r.signal ? `by ${r.signal}` : `exit ${r.code}`
      const verdict = r.code === 130 && r.ms <= 1000 ? '' : '  (target: exit 130 within 1000 ms)'
      console.log(
        `${who.padEnd(8)} ${p.padEnd(24)} ${signal.padEnd(8)} ${r.ms.toFixed(0).padStart(7)}  ${ended}${verdict}`,
      )
    }
