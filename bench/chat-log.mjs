// What the local conversation log (src/logs/, node:sqlite) costs a one-shot chat, as whole processes against a
// separate emulator: `chat -m` with the log on (a database that grows over the runs) against AGENTRY_LOG=off, run
// round-robin, medians. Run: npm run bench -- chat-log
import { benchEnv, startEmulator } from './emulator-process.mjs'
import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { join } from 'node:path'

const runs = Number(process.env.BENCH_RUNS ?? 15)
const node = process.execPath
const bin = new URL('../bin/agentry.cjs', import.meta.url).pathname
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const emu = await startEmulator(node, bin)
const { server } = emu
const { dir, env } = benchEnv(emu, 'agentry-bench-log-', process.env)
const time = (extra) => {
  const t = process.hrtime.bigint()
  const r = spawnSync(node, [bin, 'chat', 'demo-assistant', '-m', 'hello', '--no-stdin'], {
    env: { ...env, ...extra },
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`chat failed: ${r.stderr}`)
  return Number(process.hrtime.bigint() - t) / 1e6
}
const on = []
const off = []
for (let i = 0; i < runs + 2; i++) {
  const a = time({})
  const b = time({ AGENTRY_LOG: 'off' })
  if (i >= 2) {
    on.push(a)
    off.push(b)
  }
}
const search = []
for (let i = 0; i < 5; i++) {
  const t = process.hrtime.bigint()
  spawnSync(node, [bin, 'logs', 'search', 'hello'], { env, encoding: 'utf8' })
  search.push(Number(process.hrtime.bigint() - t) / 1e6)
}
server.kill('SIGTERM')
const [mOn, mOff] = [median(on), median(off)]
console.log(`chat-log: medians of ${runs} runs, Node ${process.versions.node}`)
console.log(`chat -m, AGENTRY_LOG=off      ${mOff.toFixed(1).padStart(7)} ms`)
console.log(
  `chat -m, logged               ${mOn.toFixed(1).padStart(7)} ms  ${(mOn / mOff).toFixed(2)}× (target ≤ 1.1×)`,
)
console.log(`logs search (whole process)   ${median(search).toFixed(1).padStart(7)} ms`)
console.log(
  `log file after ${runs + 2} chats      ${(statSync(join(dir, 'state', 'logs.db')).size / 1024).toFixed(0)} KiB`,
)
