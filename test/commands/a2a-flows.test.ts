// `agentry a2a …` end to end: the built CLI against the emulator's A2A card and JSON-RPC endpoint.
import { describe, expect, it, onTestFinished } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture } from '../helpers/emulator.js'

// answers unpaced, but for the test that needs a task still working (it paces its agent itself)
const fx = emulatorFixture({ emulator: { tokenDelayMs: 0 } })

const cli = (args: string[]) => runCommand(args, { env: fx.env() })

describe('a2a', () => {
  it('card by agent id and by URL', async () => {
    const byId = await cli(['a2a', 'card', 'demo-assistant', '--json'])
    expect(byId.exitCode).toBe(0)
    const card = JSON.parse(byId.stdout)
    expect(card).toMatchObject({ name: 'Demo Assistant', url: `${fx.emu.baseUrl}/agent/demo-assistant/a2a` })

    const byUrl = await cli(['a2a', 'card', `${fx.emu.baseUrl}/agent/demo-assistant/a2a/card`])
    expect(byUrl.exitCode).toBe(0)
    expect(byUrl.stdout).toContain(`url\t${card.url}\n`)
    expect(byUrl.stdout).toContain('protocol\tA2A 1.0 JSON-RPC\n')
    expect(byUrl.stdout).toContain('streaming\ttrue\n')
  })

  it('send prints the reply; --stream prints the same reply as it arrives; --json the task', async () => {
    const sent = await cli(['a2a', 'send', 'demo-assistant', '-m', 'hello'])
    expect(sent.exitCode).toBe(0)
    expect(sent.stdout.trim().length).toBeGreaterThan(0)
    expect(sent.stderr).toBe('')

    const streamed = await cli(['a2a', 'send', 'demo-assistant', '-m', 'hello', '--stream'])
    expect(streamed.exitCode).toBe(0)
    expect(streamed.stdout).toBe(sent.stdout)

    const json = await cli(['a2a', 'send', `${fx.emu.baseUrl}/agent/demo-assistant/a2a/card`, '-m', 'hello', '--json'])
    expect(json.exitCode).toBe(0)
    const task = JSON.parse(json.stdout)
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' } })
    expect(task.artifacts[0].parts[0].text.trimEnd()).toBe(sent.stdout.trimEnd())

    const events = await cli(['a2a', 'send', 'demo-assistant', '-m', 'hello', '--stream', '-o', 'ndjson'])
    const kinds = events.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).kind)
    expect(kinds[0]).toBe('task')
    expect(kinds.at(-1)).toBe('status-update')
    expect(kinds).toContain('artifact-update')
  })

  it('send --no-wait, then task get sees it working, task cancel cancels it; a completed task is not cancelable (5)', async () => {
    // paced as the emulator's default (15 ms a token): the long answer is still streaming when the task is read
    const agent = fx.emu.state.agents.get('demo-assistant')!
    agent.tokenDelayMs = 15
    onTestFinished(() => {
      agent.tokenDelayMs = undefined
    })
    const started = await cli(['a2a', 'send', 'demo-assistant', '-m', 'count to 100000', '--no-wait'])
    expect(started.exitCode).toBe(0)
    const id = started.stdout.trim()
    const running = await cli(['a2a', 'task', 'get', 'demo-assistant', id, '--json', '--history', '0'])
    expect(running.exitCode).toBe(0)
    expect(JSON.parse(running.stdout)).toMatchObject({ kind: 'task', id, status: { state: 'working' } })
    const canceled = await cli(['a2a', 'task', 'cancel', 'demo-assistant', id])
    expect(canceled.exitCode).toBe(0)
    expect(canceled.stdout).toContain('state\tcanceled\n')
    const after = await cli(['a2a', 'task', 'get', 'demo-assistant', id, '--json'])
    expect(JSON.parse(after.stdout).status.state).toBe('canceled')

    const done = JSON.parse((await cli(['a2a', 'send', 'demo-assistant', '-m', 'count to 3', '--json'])).stdout)
    const late = await cli(['a2a', 'task', 'cancel', 'demo-assistant', done.id])
    expect(late.exitCode).toBe(5)
    expect(late.stderr).toMatch(/A2A error -32002: Task cannot be canceled: it is completed/)
    const unknown = await cli(['a2a', 'task', 'get', 'demo-assistant', 'no-such-task'])
    expect(unknown.exitCode).toBe(3)
  })

  it('an unknown agent exits 3', async () => {
    const r = await cli(['a2a', 'send', 'no-such-agent', '-m', 'hi'])
    expect(r.exitCode).toBe(3)
    expect(r.stdout).toBe('')
  })
})
