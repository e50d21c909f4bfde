// How long a write waits after a writer was killed while holding the lock (issue 22 item 29). Each round: a writer
// (`agents list` refreshing an expired OAuth token from an endpoint that never answers) holds credentials.json's
// lock; it is killed with SIGKILL; the next write (`login --with-api-key --no-verify`) is timed, start to exit.
// Before the lock recorded its owner this was up to 11 s (the lock's staleness); now the dead owner is seen at once.
// Run: npm run bench -- lock-takeover   (BENCH_RUNS rounds, default 10)
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const runs = Number(process.env.BENCH_RUNS ?? 10)
const bin = join(new URL('..', import.meta.url).pathname, 'bin/agentry.cjs')
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

let onToken = () => {}
const server = createServer(() => onToken())
server.listen(0, '127.0.0.1')
await once(server, 'listening')
const origin = `http://127.0.0.1:${server.address().port}`

/** Times `login --with-api-key --no-verify` (a write of credentials.json under its lock), start to exit. */
async function login(env) {
  const started = performance.now()
  const next = spawn(process.execPath, [bin, 'login', '--with-api-key', '--no-verify'], { env, stdio: 'pipe' })
  next.stdin.end('agk_bench_0123456789abcdef\n')
  const [code] = await once(next, 'exit')
  return { ms: performance.now() - started, code }
}

const times = []
const baseline = []
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'agentry-bench-lock-'))
  const grant = {
    accessToken: 'at_bench_0123456789',
    refreshToken: 'rt_bench_0123456789',
    expiresAt: Date.now() - 60_000,
    clientId: 'cl_1',
    issuer: origin,
    tokenEndpoint: `${origin}/oauth/token`,
    accountId: 'acc_1',
  }
  writeFileSync(join(dir, 'credentials.json'), JSON.stringify({ profiles: { default: { oauth: grant } } }), {
    mode: 0o600,
  })
  const env = { ...process.env, AGENTRY_CONFIG_DIR: dir, AGENTRY_STATE_DIR: join(dir, 'state'), NO_COLOR: '1' }
  delete env.AGENTRY_API_KEY
  const asked = new Promise((r) => {
    onToken = r
  })
  const writer = spawn(process.execPath, [bin, 'agents', 'list'], {
    env: { ...env, AGENTRY_BASE_URL: `${origin}/api/v1beta`, AGENTRY_ACCOUNT: 'acc_1' },
    stdio: 'ignore',
  })
  await asked
  writer.kill('SIGKILL')
  await once(writer, 'exit')
  const { ms, code } = await login(env)
  times.push(ms)
  // the same write in a directory no writer ever locked: what the process costs anyway
  const fresh = mkdtempSync(join(tmpdir(), 'agentry-bench-lock-'))
  baseline.push((await login({ ...env, AGENTRY_CONFIG_DIR: fresh })).ms)
  rmSync(fresh, { recursive: true, force: true })
  if (code !== 0) console.error(`round ${i}: the next write exited ${code}`)
  if (readdirSync(dir).some((f) => f.endsWith('.lock'))) console.error(`round ${i}: a lock was left behind`)
  rmSync(dir, { recursive: true, force: true })
}
server.closeAllConnections()
server.close()
const fmt = (xs) => `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`
console.log(`${runs} rounds. next write after a killed lock holder: ${fmt(times)}`)
console.log(`the same write with no lock left (the process alone): ${fmt(baseline)}`)
