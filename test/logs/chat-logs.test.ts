// The local conversation log (issue 12; commands.md "Added in the second round"): the CLI in-process (src/cli.ts run()) against a real
// emulator writes every chat turn to $AGENTRY_STATE_DIR/logs.db (node:sqlite), and `agentry logs` reads it back;
// `chat -c/--cid` continue from it; words after the agent id are the message; piped stdin is appended as context.
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { type Logged, logSetup } from '../helpers/log-setup.js'

const fx = emulatorFixture({ emulator: quietEmulator })

const setup = () => logSetup(fx, runCommand)

type Transcript = Logged & { messages: { role: string; content: unknown; usage?: { total_tokens: number } }[] }

const userText = (m: { content: unknown }) =>
  typeof m.content === 'string' ? m.content : (m.content as { text?: string }[]).map((c) => c.text ?? '').join('')

describe('agentry logs', () => {
  it('logs a one-shot chat whose message is the words after the agent id; list, show and show --json read it', async () => {
    const t = setup()
    const r = await t.run(['chat', 'demo-assistant', 'hello', 'there'])
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toContain('Demo Assistant')
    const [c, ...rest] = (await t.json(['logs', 'list'])) as Logged[]
    expect(rest).toEqual([])
    expect(c).toMatchObject({ agentId: 'demo-assistant', chatId: null, messages: 2, profile: 'default' })
    expect(c?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1beta\/?$/)
    const shown = (await t.json(['logs', 'show', c!.id])) as Transcript
    expect(shown.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(userText(shown.messages[0]!)).toBe('hello there')
    // the answer's text is logged even though one-shot text output does not keep it otherwise
    expect(shown.messages[1]?.content).toBe(r.stdout)
    expect(shown.messages[1]?.usage?.total_tokens).toBeGreaterThan(0)
    const text = await t.run(['logs', 'show', c!.id])
    expect(text.stdout).toMatch(/^conversation c[0-9a-f]{12} with demo-assistant/)
    expect(text.stdout).toContain('\nuser · ')
    expect(text.stdout).toContain('hello there')
    const none = await t.run(['logs', 'show', 'c000000000000'])
    expect([none.exitCode, none.stderr]).toEqual([3, expect.stringContaining('no conversation c000000000000')])
  })

  it('logs list and logs search --json spell their keys in camelCase, as every other command does', async () => {
    const t = setup()
    expect((await t.run(['chat', 'demo-assistant', 'hello', 'zebras'])).exitCode).toBe(0)
    const [c] = (await t.json(['logs', 'list'])) as Record<string, unknown>[]
    expect(Object.keys(c!).sort()).toEqual(
      [
        'agentId',
        'baseUrl',
        'chatId',
        'createdAt',
        'id',
        'messages',
        'profile',
        'system',
        'title',
        'totalTokens',
        'updatedAt',
      ].sort(),
    )
    const [hit] = (await t.json(['logs', 'search', 'zebras'])) as Record<string, unknown>[]
    expect(Object.keys(hit!).sort()).toEqual(['agentId', 'conversationId', 'createdAt', 'role', 'seq', 'snippet'])
    expect(hit).toMatchObject({ conversationId: c!.id, agentId: 'demo-assistant', role: 'user' })
  })

  it('logs path is logs.db in the XDG state dir when no AGENTRY_STATE_DIR is set', async () => {
    const t = setup()
    const xdg = join(t.configDir, 'xdg-state')
    const p = await t.run(['logs', 'path'], { env: { AGENTRY_STATE_DIR: undefined, XDG_STATE_HOME: xdg } })
    expect(p).toEqual({ exitCode: 0, stdout: `${join(xdg, 'agentry', 'logs.db')}\n`, stderr: '' })
  })

  it('logs the tool loop: the call with its arguments, the handler result, the final answer and summed usage', async () => {
    const t = setup()
    const handler = join(t.configDir, 'handler.mjs')
    writeFileSync(handler, "process.stdin.on('data', () => {}).on('end', () => console.log('{\"sky\":\"teal\"}'))")
    const r = await t.run(['chat', 'weather-bot', 'weather in Bergen', '--tool-handler', `node ${handler}`])
    expect(r.exitCode).toBe(0)
    const [c] = (await t.json(['logs', 'list'])) as Logged[]
    const shown = (await t.json(['logs', 'show', c!.id])) as {
      messages: { role: string; content: string; tool_calls?: { function: { name: string; arguments: string } }[] }[]
      total_tokens: number
    }
    expect(shown.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(shown.messages[1]?.tool_calls?.[0]?.function).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Bergen"}',
    })
    expect(shown.messages[2]?.content).toBe('{"sky":"teal"}')
    expect(shown.messages[3]?.content).toContain('teal')
    expect(shown.total_tokens).toBeGreaterThan(0)
    // the call's arguments are searchable too
    expect(((await t.json(['logs', 'search', 'Bergen'])) as { role: string }[]).map((h) => h.role)).toContain(
      'assistant',
    )
  })

  it('keeps the file private (0600 in a 0700 dir) and never stores the API key, even when a message quotes it', async () => {
    const t = setup()
    const key = fx.env().AGENTRY_API_KEY
    expect((await t.run(['chat', 'demo-assistant', '-m', `my key is ${key} ok`])).exitCode).toBe(0)
    expect(statSync(t.dbFile).mode & 0o777).toBe(0o600)
    expect(statSync(join(t.configDir, 'state')).mode & 0o777).toBe(0o700)
    const bytes = t.fileBytes()
    expect(bytes).toContain('my key is [REDACTED] ok')
    expect(bytes).not.toContain(key)
    expect(bytes.toLowerCase()).not.toContain('bearer')
  })

  it('searches every message with FTS5 (words, prefixes, punctuation as text) and shows a snippet', async () => {
    const t = setup()
    await t.run(['chat', 'demo-assistant', '-m', 'tell me about zebras and giraffes'])
    await t.run(['chat', 'demo-assistant', '-m', 'now about lions'])
    const hits = (await t.json(['logs', 'search', 'zebras'])) as { role: string; snippet: string }[]
    expect(hits.some((h) => h.role === 'user' && h.snippet.includes('[zebras]'))).toBe(true)
    expect(hits.every((h) => h.snippet.includes('[zebras]'))).toBe(true)
    expect(((await t.json(['logs', 'search', 'giraf*'])) as unknown[]).length).toBeGreaterThan(0)
    expect(await t.json(['logs', 'search', 'zebras', 'lions'])).toEqual([])
    // FTS5 syntax in the words is plain text, not an error
    expect((await t.run(['logs', 'search', 'NEAR("a" OR -b:'])).exitCode).toBe(0)
    const tsv = await t.run(['logs', 'search', 'lions'])
    expect(tsv.stdout).toMatch(/^c[0-9a-f]{12}\tdemo-assistant\tuser\t\S+\tnow about \[lions\]$/m)
  })

  it('chat -c continues the last conversation (history rebuilt from the log) and --cid a given one', async () => {
    const t = setup()
    await t.run(['chat', 'demo-assistant', '-m', 'first topic'])
    await t.run(['chat', 'demo-assistant', '-m', 'second topic'])
    const [second, first] = (await t.json(['logs', 'list'])) as Logged[]
    const more = await t.run(['chat', '-c', 'tell', 'me', 'more'])
    expect(more.exitCode).toBe(0)
    expect(more.stdout).toContain('this is turn 2')
    expect(more.stdout).toContain('second topic')
    const again = await t.run(['chat', '--cid', first!.id, '-m', 'back to it'])
    expect(again.stdout).toContain('this is turn 2')
    expect(again.stdout).toContain('first topic')
    const list = (await t.json(['logs', 'list'])) as Logged[]
    expect(list.map((c) => [c.id, c.messages])).toEqual([
      [first!.id, 4],
      [second!.id, 4],
    ])
    const missing = await t.run(['chat', '--cid', 'c000000000000', '-m', 'x'])
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr).toContain('no conversation c000000000000 in the local log')
  })

  it('a stateful chat is logged with its chat id and -c goes on with that chat on the service', async () => {
    const t = setup()
    const created = await t.run(['chat', 'demo-assistant', '--new-chat', '-m', 'remember 42'])
    expect(created.exitCode).toBe(0)
    const [c] = (await t.json(['logs', 'list'])) as Logged[]
    expect(c?.chatId).toMatch(/\S/)
    expect((await t.run(['chat', '-c', '-m', 'what number?'])).exitCode).toBe(0)
    const [after, ...none] = (await t.json(['logs', 'list'])) as Logged[]
    expect(none).toEqual([])
    expect(after).toMatchObject({ id: c?.id, chatId: c?.chatId, messages: 4 })
  })

  it('chat --chat <id> goes on in the one log entry of that service chat, not a new row per call', async () => {
    const t = setup()
    await t.run(['chat', 'demo-assistant', '--new-chat', '-m', 'remember 42'])
    const [c] = (await t.json(['logs', 'list'])) as Logged[]
    for (const m of ['what number?', 'and now?'])
      expect((await t.run(['chat', 'demo-assistant', '--chat', c?.chatId ?? '', '-m', m])).exitCode).toBe(0)
    const list = (await t.json(['logs', 'list'])) as Logged[]
    expect(list.map((x) => [x.id, x.chatId, x.messages])).toEqual([[c?.id, c?.chatId, 6]])
  })

  it('a reader that leaves early (`| head`: EPIPE) leaves the answer whole in the log: exit 0, and -c does not call it cut short', async () => {
    const t = setup()
    const r = await runCommand(['chat', 'demo-assistant', '-m', 'count to 30'], {
      configDir: t.configDir,
      env: fx.env(),
      stdoutReaderLeavesAfter: 5,
    })
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toHaveLength(5)
    const [c] = (await t.json(['logs', 'list'])) as Logged[]
    const shown = (await t.json(['logs', 'show', c?.id ?? ''])) as Transcript
    const answer = shown.messages.at(-1) as { content: string; partial?: boolean; finishReason?: string }
    expect(answer.content).toContain('30')
    expect(answer.partial ?? false).toBe(false)
    const more = await t.run(['chat', '-c', '-m', 'go on'])
    expect(more.exitCode).toBe(0)
    expect(more.stderr).not.toContain('cut short')
  })

  it('appends piped stdin to the message as context; --no-stdin ignores it; -m and words together is a usage error', async () => {
    const t = setup()
    expect(
      (await t.run(['chat', 'demo-assistant', 'summarize', 'this'], { input: 'LINE ONE\nLINE TWO\n' })).exitCode,
    ).toBe(0)
    expect(
      (await t.run(['chat', 'demo-assistant', '-m', 'just this', '--no-stdin'], { input: 'IGNORED' })).exitCode,
    ).toBe(0)
    const [ignored, context] = (await t.json(['logs', 'list'])) as Logged[]
    const first = (await t.json(['logs', 'show', context!.id])) as Transcript
    expect(userText(first.messages[0]!)).toBe('summarize this\n\nLINE ONE\nLINE TWO')
    const second = (await t.json(['logs', 'show', ignored!.id])) as Transcript
    expect(userText(second.messages[0]!)).toBe('just this')
    const both = await t.run(['chat', 'demo-assistant', 'hi', '-m', 'hello'])
    expect(both.exitCode).toBe(2)
    expect(both.stderr).toContain('the message is given twice')
  })

  it('AGENTRY_LOG=off and `config set log off` write nothing; reading still works', async () => {
    const t = setup()
    expect((await t.run(['chat', 'demo-assistant', '-m', 'hi'], { env: { AGENTRY_LOG: 'off' } })).exitCode).toBe(0)
    expect(existsSync(join(t.configDir, 'state'))).toBe(false)
    expect((await t.run(['config', 'set', 'log', 'off'])).exitCode).toBe(0)
    expect((await t.run(['chat', 'demo-assistant', '-m', 'hi'])).exitCode).toBe(0)
    expect(existsSync(join(t.configDir, 'state'))).toBe(false)
    const bad = await t.run(['chat', 'demo-assistant', '-m', 'hi'], { env: { AGENTRY_LOG: 'maybe' } })
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toContain('AGENTRY_LOG: not on or off')
    expect(await t.json(['logs', 'list'])).toEqual([])
    const limit = await t.run(['logs', 'search', 'hi', '--limit', '10001'])
    expect(limit.exitCode).toBe(2)
    expect(limit.stderr).toContain('--limit: 10001 must be a whole number from 1 to 10000')
  })

  it('an unusable log does not stop a chat: one warning, the answer, exit 0; -c then fails clearly', async () => {
    const t = setup()
    const notADir = join(t.configDir, 'file')
    writeFileSync(notADir, 'x')
    const r = await t.run(['chat', 'demo-assistant', '-m', 'hi'], { env: { AGENTRY_STATE_DIR: notADir } })
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toContain('Demo Assistant')
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/this chat is not logged: /)
    const c = await t.run(['chat', '-c', '-m', 'hi'], { env: { AGENTRY_STATE_DIR: notADir } })
    expect(c.exitCode).not.toBe(0)
  })

  it('clear asks for --yes without a terminal, then deletes every conversation and scrubs the file', async () => {
    const t = setup()
    await t.run(['chat', 'demo-assistant', '-m', 'uniquewordxyzzy'])
    const refused = await t.run(['logs', 'clear'])
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr).toContain('--yes')
    expect(t.fileBytes()).toContain('uniquewordxyzzy')
    const cleared = await t.run(['logs', 'clear', '--yes'])
    expect(cleared.exitCode).toBe(0)
    expect(cleared.stderr).toContain('deleted 1 conversation')
    expect(await t.json(['logs', 'list'])).toEqual([])
    expect(t.fileBytes()).not.toContain('uniquewordxyzzy')
  })
})
