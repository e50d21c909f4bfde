// The CLI in-process (src/cli.ts run()) against A2A servers built with @a2a-js/sdk (issue 9 items 1 and 6): the current SDK's defaults
// (a 1.0 card with only `supportedInterfaces`, JSON-RPC 1.0 only: a request without `A2A-Version: 1.0` is refused)
// and the 0.3 SDK's (a card with `url`). card, send, --stream, task get and task cancel must work against both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pollUntil } from '../helpers/poll.js'
import { runCommand, startCommand } from '../helpers/run-command.js'
import { type SdkServer, sdkServers } from './a2a-sdk-servers.js'

// no service configured: a card URL works on its own, and no credential is sent anywhere
const cli = (args: string[]) => runCommand(args, { env: { AGENTRY_BASE_URL: undefined } })

describe.each(Object.entries(sdkServers))('the CLI against an @a2a-js/sdk %s server', (version, start) => {
  let server: SdkServer
  beforeAll(async () => {
    server = await start()
  })
  afterAll(() => server.close())
  const generation = version === '0.3' ? '0.3' : '1.0'

  it('a2a card reads the card at the bare origin and names the endpoint it will use', async () => {
    const r = await cli(['a2a', 'card', server.origin])
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toContain(`url\t${server.origin}/\n`)
    expect(r.stdout).toContain(`protocol\tA2A ${generation} JSON-RPC\n`)
    const json = JSON.parse((await cli(['a2a', 'card', server.origin, '--json'])).stdout)
    expect(json.name).toBe(`Echo ${generation}`)
  })

  it('a2a send prints the echo; --json gives the completed task in the one shape', async () => {
    const r = await cli(['a2a', 'send', server.origin, '-m', 'hello there'])
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe('echo: hello there\n')
    const json = await cli(['a2a', 'send', server.origin, '-m', 'hi', '--json'])
    expect(json.exitCode).toBe(0)
    const task = JSON.parse(json.stdout)
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' } })
    expect(task.artifacts[0].parts.map((p: { text: string }) => p.text).join('')).toBe('echo: hi')
  })

  it('a2a send --stream prints the pieces as they come, the state changes on stderr; -o ndjson the events', async () => {
    const r = await cli(['a2a', 'send', server.origin, '-m', 'streamed', '--stream'])
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe('echo: streamed\n')
    expect(r.stderr).toContain('(working)')
    expect(r.stderr).toContain('(completed)')
    const events = await cli(['a2a', 'send', server.origin, '-m', 'x', '--stream', '-o', 'ndjson'])
    expect(events.exitCode).toBe(0)
    const kinds = events.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).kind)
    expect(kinds[0]).toBe('task')
    expect(kinds).toContain('artifact-update')
    expect(kinds.at(-1)).toBe('status-update')
  })

  it('a2a task get finds the task send returned; an unknown task exits 3', async () => {
    const task = JSON.parse((await cli(['a2a', 'send', server.origin, '-m', 'keep me', '--json'])).stdout)
    const got = await cli(['a2a', 'task', 'get', server.origin, task.id, '--json'])
    expect(got.exitCode).toBe(0)
    expect(JSON.parse(got.stdout)).toMatchObject({ id: task.id, status: { state: 'completed' } })
    const table = await cli(['a2a', 'task', 'get', server.origin, task.id])
    expect(table.stdout).toContain('reply\techo: keep me\n')
    const missing = await cli(['a2a', 'task', 'get', server.origin, 'no-such-task'])
    expect(missing.exitCode).toBe(3)
    expect(missing.stderr).toMatch(/A2A error -32001/)
  })

  it('a2a task cancel cancels a running task (the stream that watches it ends canceled); a finished one exits 5', async () => {
    const watching = startCommand(['a2a', 'send', server.origin, '-m', 'wait for me', '--stream', '-o', 'ndjson'], {
      env: { AGENTRY_BASE_URL: undefined },
    })
    // the first event of the stream is the task
    await pollUntil(() => watching.stdout().includes('\n'), { what: 'the first event on stdout' })
    const first = watching.stdout().slice(0, watching.stdout().indexOf('\n'))
    const taskId: string = JSON.parse(first).id
    expect(taskId).toBeTruthy()
    const cancel = await cli(['a2a', 'task', 'cancel', server.origin, taskId!, '--json'])
    expect(cancel.stderr).toBe('')
    expect(cancel.exitCode).toBe(0)
    expect(JSON.parse(cancel.stdout).status.state).toBe('canceled')
    const ended = await watching.done
    expect(ended.exitCode).toBe(1)
    expect(ended.stderr).toMatch(/the agent's task ended canceled/)

    const done = JSON.parse((await cli(['a2a', 'send', server.origin, '-m', 'quick', '--json'])).stdout)
    const late = await cli(['a2a', 'task', 'cancel', server.origin, done.id])
    expect(late.exitCode).toBe(5)
    expect(late.stderr).toMatch(/A2A error -32002/)
  })
})
