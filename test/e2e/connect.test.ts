// `agentry connect` as a user runs it, process by process: an emulator started once, a worker with the issue's
// handler (`tr a-z A-Z --approve all`) and a chat with the desktop-relay agent in another process (the round trip,
// then --max-tasks ends the worker with 0); then a worker whose handler never ends, stopped by SIGINT while it runs:
// it ends within its --grace with 130, and the waiting chat gets the "stopped" answer. (`--emulator` starts an
// emulator per process, so two processes share one only through `emulator start`: docs/connect.md.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnCli, tempConfigDir } from '../helpers/cli.js'
import { pollUntil } from '../helpers/poll.js'

let emulator: ReturnType<typeof spawnCli> | undefined
let env: Record<string, string> = {}

beforeAll(async () => {
  emulator = spawnCli(['emulator', 'start', '--port', '0'], { timeoutMs: 120_000 })
  let out = ''
  emulator.stdout.on('data', (d: Buffer) => {
    out += d.toString()
  })
  await pollUntil(() => out.includes('api-key: ') && out.endsWith('\n'), { timeoutMs: 20_000, what: 'emulator start' })
  const line = (label: string) => new RegExp(`^${label}: (.*)$`, 'm').exec(out)![1]!
  env = { AGENTRY_BASE_URL: line('base-url'), AGENTRY_ACCOUNT: line('account'), AGENTRY_API_KEY: line('api-key') }
})

afterAll(async () => {
  emulator?.kill('SIGINT')
  await emulator
})

describe('agentry connect, two processes and an emulator', () => {
  it('round trip through the desktop-relay agent; SIGINT while a handler runs ends within --grace with 130, the task answered', async () => {
    const configDir = tempConfigDir()
    const worker = spawnCli(
      ['connect', '--handler', 'tr a-z A-Z', '--approve', 'all', '--interval', '0.2', '--max-tasks', '1'],
      { env, configDir },
    )
    const chat = await spawnCli(['chat', 'desktop-relay', '-m', 'hello'], { env, configDir })
    expect(chat.exitCode).toBe(0)
    // the handler's stdin is the task as JSON; `tr` gives it back in capitals: that is the answer the agent relays
    expect(String(chat.stdout)).toContain('"TEXT":"HELLO"')
    const w = await worker
    expect(w.exitCode).toBe(0)
    expect(String(w.stderr)).toMatch(/answered dtask_\S+: ok, exit 0/)

    const slow = spawnCli(
      ['connect', '--handler', 'sleep 600', '--approve', 'all', '--interval', '0.2', '--grace', '0.5'],
      { env, configDir },
    )
    let stderr = ''
    slow.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
    })
    const waiting = spawnCli(['chat', 'desktop-relay', '-m', 'take your time'], { env, configDir })
    await pollUntil(() => stderr.includes('started dtask_'), { timeoutMs: 20_000, what: 'the handler started' })
    const stoppedAt = Date.now()
    slow.kill('SIGINT')
    const s = await slow
    expect(s.exitCode).toBe(130)
    // the grace (0.5 s) plus the answer and the exit, on a loaded machine
    expect(Date.now() - stoppedAt).toBeLessThan(8_000)
    expect(stderr).toMatch(/answered dtask_\S+: stopped/)
    expect(String((await waiting).stdout)).toContain('stopped: the worker on this machine was shut down')
  })
})
