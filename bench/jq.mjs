// `--jq` against the system's jq (issue 32 item 2): the same programs, output to a pipe (counted here), each run
// through GNU time for wall time, CPU (user + sys) and peak RSS. Targets: `range(1e5)` within a small factor of jq
// (the CLI's start-up included: `version --jq 1` is printed as that floor), output linear in its size (1e5 → 1e6 →
// 1e7 ≈ ×10 each), and `range(1e7)` in bounded memory (the ring between jq's worker and stdout is 1 MiB: peak RSS
// about that of `range(1e5)`, not growing with the 79 MB printed). jq itself is `apt-get install jq` (Debian's
// 1.6/1.7, native); without it only agentry's figures are printed. Run: npm run bench -- jq
import { spawn, spawnSync } from 'node:child_process'
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
