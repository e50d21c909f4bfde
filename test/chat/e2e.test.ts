// `agentry chat` and `agentry chats` end to end: the CLI in-process (src/cli.ts run()) against a real emulator, as a script would run it
// (docs/chat-output.md). Output bytes, NDJSON events, JSON, exit codes, Ctrl-C, drops, tools, images, transcripts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { patternPng } from '../../src/emulator/png.js'
import { pollUntil } from '../helpers/poll.js'
import { runCommand, startCommand } from '../helpers/run-command.js'
import { tempFile } from './helpers.js'
import { tempDir } from '../helpers/temp-dir.js'
import { hook, emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const emu = () => fx.emu
const env = () => ({
  AGENTRY_BASE_URL: emu().baseUrl,
  AGENTRY_ACCOUNT: emu().accountId,
  AGENTRY_API_KEY: emu().demoApiKey,
})
const chat = (args: string[], input?: string, extra: Record<string, string> = {}) =>
  runCommand(['chat', ...args], { env: { ...env(), ...extra }, ...(input !== undefined ? { input } : {}) })

/** The emulator's non-streamed answer to one user message, as the CLI sends it. */
async function wholeAnswer(agentId: string, text: string): Promise<{ content: string; finish_reason: string }> {
  const res = await fetch(`${emu().baseUrl}/agent/${agentId}/chat/completion`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu().demoApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'text', text }] }], stream: false }),
  })
  const body = (await res.json()) as { choices: [{ message: { content: string }; finish_reason: string }] }
  return { content: body.choices[0].message.content, finish_reason: body.choices[0].finish_reason }
}

async function emulatorHook(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await hook(emu(), method, path, body)
  return res.status === 204 ? undefined : res.json()
}

const lines = (s: string) =>
  s
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

describe('one-shot output', () => {
  it('text piped is the answer byte for byte, nothing on stderr, ending with a newline as every command does', async () => {
    const expected = await wholeAnswer('demo-assistant', 'show me markdown')
    expect(expected.content.endsWith('\n')).toBe(true)
    const r = await chat(['demo-assistant', '-m', 'show me markdown'])
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe(expected.content)
    expect(r.stderr).toBe('')
    // an answer without a final newline gets one (issue 33 item 9: piped chat ended without one, `scenario run` with)
    const noNewline = await chat(['demo-assistant', '-m', 'count to 12'])
    expect(noNewline.stdout).toBe('1 2 3 4 5 6 7 8 9 10 11 12\n')
    // --no-final-newline: the answer's bytes exactly
    const exact = await chat(['demo-assistant', '-m', 'count to 12', '--no-final-newline'])
    expect(exact.stdout).toBe('1 2 3 4 5 6 7 8 9 10 11 12')
  })

  it('--no-stream and piped stdin give the same bytes', async () => {
    const expected = await wholeAnswer('demo-assistant', 'write a poem about harbours\n')
    const r = await chat(['demo-assistant', '--no-stream'], 'write a poem about harbours\n')
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe(expected.content)
  })

  it('ndjson: text, usage and done events, one per line; done carries the completion ids', async () => {
    const r = await chat(['demo-assistant', '-m', 'count to 30', '-o', 'ndjson'])
    expect(r.exitCode).toBe(0)
    const events = lines(r.stdout)
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop', agent_id: 'demo-assistant', round: 1 })
    expect(events.at(-1)?.request_id).toMatch(/^[0-9a-f-]{36}$/)
    const text = events.filter((e) => e.type === 'text').map((e) => e.text)
    expect(text.join('')).toBe(Array.from({ length: 30 }, (_, i) => i + 1).join(' '))
    expect(events.find((e) => e.type === 'usage')?.usage).toMatchObject({ completion_tokens: 30 })
  })

  it('json: one object with the message, finish_reason and usage; --max-tokens gives length', async () => {
    const r = await chat(['demo-assistant', '-m', 'count to 100', '--max-tokens', '4', '--json'])
    expect(r.exitCode).toBe(0)
    const body = JSON.parse(r.stdout)
    expect(body).toMatchObject({
      agent_id: 'demo-assistant',
      message: { role: 'assistant', content: '1 2 3 4' },
      finish_reason: 'length',
      usage: { completion_tokens: 4 },
    })
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('exit codes', () => {
  it('3 for an unknown agent, 4 for a bad key, 2 for usage errors', async () => {
    const unknown = await chat(['no-such-agent', '-m', 'hi'])
    expect(unknown.exitCode).toBe(3)
    expect(unknown.stderr).toMatch(/404/)
    const badKey = await chat(['demo-assistant', '-m', 'hi'], undefined, { AGENTRY_API_KEY: 'agk_wrong' })
    expect(badKey.exitCode).toBe(4)
    const badTools = tempFile('tools.json', JSON.stringify([{ type: 'function', function: {} }]))
    const tools = await chat(['demo-assistant', '-m', 'hi', '--tools', badTools])
    expect(tools.exitCode).toBe(2)
    expect(tools.stderr).toMatch(/item 0: function.name/)
    const image = await chat(['demo-assistant', '-m', 'hi', '--image', tempFile('x.png', 'not an image')])
    expect(image.exitCode).toBe(2)
    expect(image.stderr).toMatch(/not a PNG/)
    expect((await chat(['demo-assistant'])).exitCode).toBe(2)
  })

  it('8 when the connection drops mid-answer: the partial text stays on stdout, the reason on stderr', async () => {
    await emulatorHook('POST', 'faults', {
      match: { path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      resetAfterBytes: 1500,
    })
    const r = await chat(['demo-assistant', '-m', 'count to 1000'])
    expect(r.exitCode).toBe(8)
    expect(r.stdout.length).toBeGreaterThan(0)
    expect(
      Array.from({ length: 1000 }, (_, i) => i + 1)
        .join(' ')
        .startsWith(r.stdout),
    ).toBe(true)
    expect(r.stderr).toMatch(/connection dropped/)
  })

  // Ctrl-C as src/cli.ts delivers SIGINT to a run (ctx.interrupt()); that a signal reaches it in the real bin is the
  // process tier's (test/e2e/jq, batch-runs, emulator-start, connect: the same handler for every command)
  it('130 on Ctrl-C: the answer is cancelled on the server and what arrived stays on stdout', async () => {
    await emulatorHook('DELETE', 'requests')
    const run = startCommand(['chat', 'slow-poet', '-m', 'a poem about lighthouses'], { env: env() })
    await pollUntil(() => run.stdout().length > 0, { what: "the poem's first words" })
    run.interrupt()
    const r = await run.done
    expect(r.exitCode).toBe(130)
    expect(r.stdout.length).toBeGreaterThan(0)
    expect(r.stderr).toMatch(/cancel/)
    const log = (await emulatorHook('GET', 'requests')) as { data: { method: string; path: string; status: number }[] }
    expect(log.data.map((e) => `${e.method} ${e.path} ${e.status}`)).toContain(
      'POST /api/v1beta/agent/slow-poet/chat/completion/cancel 200',
    )
  })
})

describe('tools, images, stateful chats and transcripts', () => {
  it('runs --tool-handler for each call and sends its stdout back', async () => {
    const handler = tempFile(
      'h.mjs',
      "process.stdin.on('data', () => {}).on('end', () => console.log('{\"sky\":\"teal\"}'))",
    )
    const r = await chat([
      'weather-bot',
      '-m',
      'weather in Bergen',
      '--tool-handler',
      `node ${handler}`,
      '-o',
      'ndjson',
    ])
    expect(r.exitCode).toBe(0)
    const events = lines(r.stdout)
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['tool_use', 'tool_result', 'text', 'done']))
    expect(events.find((e) => e.type === 'tool_use')).toMatchObject({
      name: 'get_weather',
      input: { city: 'Bergen' },
      arguments: '{"city":"Bergen"}',
    })
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ content: '{"sky":"teal"}', isError: false })
    expect(events.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop', round: 2 })
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => e.text)
        .join(''),
    ).toContain('teal')
  })

  it('sends a local PNG as a data URL the agent can see', async () => {
    const r = await chat([
      'demo-assistant',
      '-m',
      'what is this?',
      '--image',
      tempFile('p.png', patternPng('x', 12, 7)),
    ])
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toMatch(/PNG/)
    expect(r.stdout).toMatch(/12\s*[x×]\s*7/)
  })

  it('--new-chat prints the chat id on stderr; --chat continues it on the service', async () => {
    const first = await chat(['demo-assistant', '--new-chat', '-m', 'remember the word tangerine'])
    expect(first.exitCode).toBe(0)
    const id = /chat ([0-9a-f-]{36}) /.exec(first.stderr)?.[1] ?? ''
    expect(id).not.toBe('')
    const second = await chat(['demo-assistant', '--chat', id, '-m', 'which word?', '--json'])
    expect(JSON.parse(second.stdout)).toMatchObject({ chat_id: id })
    expect(JSON.parse(second.stdout).message.content).toContain('tangerine')
    const msgs = await runCommand(['chats', 'messages', 'demo-assistant', id, '--json'], { env: env() })
    expect(JSON.parse(msgs.stdout).map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ])
  })

  it('--save writes the conversation as JSONL; --resume replays it', async () => {
    const file = join(tempDir(), 'talk.jsonl')
    expect((await chat(['demo-assistant', '-m', 'my code word is walrus', '--save', file])).exitCode).toBe(0)
    const saved = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant'])
    const r = await chat(['demo-assistant', '--resume', file, '--save', file, '-m', 'and what now?'])
    expect(r.stdout).toContain('walrus')
    expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(4)
  })
})

describe('agentry chats', () => {
  it('creates, lists, shows and deletes (with --yes only when not on a terminal)', async () => {
    const created = JSON.parse(
      (await runCommand(['chats', 'create', 'demo-assistant', '--json'], { env: env() })).stdout,
    )
    expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), agentId: 'demo-assistant' })
    // made on the client: the service knows the chat once its first message is sent
    expect(emu().state.chats.has(created.id)).toBe(false)
    await chat(['demo-assistant', '--chat', created.id, '-m', 'hello'])
    const list = await runCommand(['chats', 'list', 'demo-assistant'], { env: env() })
    expect(list.stdout).toContain(`${created.id}\thello`)
    const msgs = JSON.parse(
      (await runCommand(['chats', 'messages', 'demo-assistant', created.id, '--json'], { env: env() })).stdout,
    )
    const refused = await runCommand(['chats', 'delete-message', 'demo-assistant', created.id, msgs[0].id], {
      env: env(),
    })
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr).toMatch(/--yes/)
    const deleted = await runCommand(['chats', 'delete-message', 'demo-assistant', created.id, msgs[0].id, '--yes'], {
      env: env(),
    })
    expect(deleted.exitCode).toBe(0)
    expect(emu().state.chats.get(created.id)?.messages).toHaveLength(1)
  })
})
