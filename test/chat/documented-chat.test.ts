// Stateful chat and attachments on the service's documented workspace routes (issue 28 items 1 and 2, "Must show"):
// the CLI and the library, against a server that knows only the documented shapes (test/helpers/documented-server.ts
// with documented-chat-routes.ts) and against the emulator, by the same tests. Chat and message ids are UUIDs made
// on the client; there is no create call; files go up as the multipart part `file` before the message they belong to.
import { join } from 'node:path'
import { truncateSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type CompletionEvent } from '../../src/index.js'
import { documentedChatRoutes } from '../helpers/documented-chat-routes.js'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })
let documented: DocumentedServer
beforeAll(async () => {
  documented = await startDocumentedServer(documentedChatRoutes())
})
afterAll(() => documented.close())

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const agent = 'demo-assistant'

/** Where the tests run: the server's env for the CLI, and the library's options. */
interface Target {
  name: string
  env(): Record<string, string>
}
const targets: Target[] = [
  {
    name: 'a server that knows only the documented shapes',
    env: () => ({ AGENTRY_BASE_URL: documented.baseUrl, AGENTRY_ACCOUNT: 'acc_doc', AGENTRY_API_KEY: 'bsy_test' }),
  },
  { name: 'the emulator', env: () => fx.env() },
]

/** A file of `size` bytes named `name` in a fresh directory. */
function file(name: string, content: string | Uint8Array): string {
  const path = join(tempDir(), name)
  writeFileSync(path, content)
  return path
}

async function cli(target: Target, argv: string[]) {
  const t = testContext({ env: target.env() })
  t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
  const code = await t.run(argv)
  return { code, stdout: t.stdout(), stderr: t.stderr() }
}

const textOf = (events: CompletionEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('')

describe.each(targets)('stateful chat and attachments against $name', (target) => {
  it('the CLI: --new-chat with --attach (twice), then --chat, messages with their files, deletes', async () => {
    const notes = file('notes.txt', 'hello, world')
    const table = file('table.csv', 'a,b\n')
    const first = await cli(target, [
      'chat',
      agent,
      '--new-chat',
      '--attach',
      notes,
      '--attach',
      table,
      '-m',
      'what is in notes.txt?',
    ])
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('attached: notes.txt (12 bytes)\nattached: table.csv (4 bytes)')
    const chatId = /^chat (\S+) \(continue it with/m.exec(first.stderr)?.[1] ?? ''
    expect(chatId).toMatch(uuid)

    const second = await cli(target, ['chat', agent, '--chat', chatId, '-m', 'and before?'])
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('Earlier you said: "what is in notes.txt?"')

    const listed = await cli(target, ['chats', 'messages', agent, chatId, '--json'])
    expect(listed.code).toBe(0)
    const messages = JSON.parse(listed.stdout) as { id: string; role: string; attachments?: unknown[] }[]
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(messages[0]?.id).toMatch(uuid)
    expect(messages[0]?.attachments).toEqual([
      expect.objectContaining({ filename: 'notes.txt', size: 12 }),
      expect.objectContaining({ filename: 'table.csv', size: 4 }),
    ])
    const messageId = messages[0]?.id ?? ''

    const gone = await cli(target, ['chats', 'attachments', 'delete', agent, chatId, messageId, 'notes.txt', '--yes'])
    expect(gone).toMatchObject({ code: 0, stdout: '', stderr: 'deleted notes.txt\n' })
    const again = JSON.parse((await cli(target, ['chats', 'messages', agent, chatId, '--json'])).stdout)
    expect(again[0].attachments ?? []).toEqual([expect.objectContaining({ filename: 'table.csv' })])

    const deleted = await cli(target, ['chats', 'delete-message', agent, chatId, messageId, '--yes'])
    expect(deleted.code).toBe(0)
    const left = JSON.parse((await cli(target, ['chats', 'messages', agent, chatId, '--json'])).stdout)
    expect(left).toHaveLength(3)
  })

  it('the library: chats.create (no request), attach, chat.stream under the same message id, messages', async () => {
    const env = target.env()
    const c = createClient({
      baseUrl: env.AGENTRY_BASE_URL ?? '',
      apiKey: env.AGENTRY_API_KEY,
      account: env.AGENTRY_ACCOUNT,
    })
    const chat = c.chats.create(agent)
    expect(chat).toEqual({ id: expect.stringMatching(uuid), agentId: agent })
    const messageId = crypto.randomUUID()
    await c.chats.attach(agent, chat.id, messageId, { name: 'data.csv', data: new TextEncoder().encode('a,b\n1,2\n') })
    await c.chats.attach(agent, chat.id, messageId, { name: 'pic.png', data: new Blob([new Uint8Array(5)]) })
    const events: CompletionEvent[] = []
    for await (const e of c.chat.stream(agent, {
      chatId: chat.id,
      messageId,
      message: { role: 'user', content: 'look at these' },
    }))
      events.push(e)
    expect(textOf(events)).toContain('attached: data.csv (8 bytes)\nattached: pic.png (5 bytes)')
    const kept = await c.chats.messages(agent, chat.id)
    expect(kept[0]).toMatchObject({ id: messageId, role: 'user' })
    expect((kept[0] as { attachments?: { filename: string }[] }).attachments?.map((a) => a.filename)).toEqual([
      'data.csv',
      'pic.png',
    ])
    await c.chats.deleteAttachment(agent, chat.id, messageId, 'pic.png')
    const after = await c.chats.messages(agent, chat.id)
    expect((after[0] as { attachments?: { filename: string }[] }).attachments?.map((a) => a.filename)).toEqual([
      'data.csv',
    ])
    await c.close()
  })

  it('refuses before sending: --attach without a stateful chat, a type or a size outside the limits (exit 2)', async () => {
    const sent = documented.requests.length
    const notes = file('notes.txt', 'x')
    const stateless = await cli(target, ['chat', agent, '--attach', notes, '-m', 'hi'])
    expect(stateless.code).toBe(2)
    expect(stateless.stderr).toMatch(/^error: --attach: attachments go to a stateful chat: add --new-chat/)
    const binary = await cli(target, ['chat', agent, '--new-chat', '--attach', file('tool.exe', 'MZ'), '-m', 'hi'])
    expect(binary.code).toBe(2)
    expect(binary.stderr).toMatch(/^error: --attach tool\.exe: attachments must be \.txt \.md/)
    // 20 MiB + 1 zero bytes, as a sparse file: the same size and bytes, without writing them
    const big = file('big.txt', '')
    truncateSync(big, 20 * 1024 * 1024 + 1)
    const tooBig = await cli(target, ['chat', agent, '--new-chat', '--attach', big, '-m', 'hi'])
    expect(tooBig.code).toBe(2)
    expect(tooBig.stderr).toMatch(/^error: --attach big\.txt: 20\.0 MiB is over the 20 MiB limit of an attachment/)
    const missing = await cli(target, ['chat', agent, '--new-chat', '--attach', join(tempDir(), 'nope.txt'), '-m', 'x'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/no such file/)
    expect(documented.requests.length).toBe(sent)
  })
})

describe('the routes the client used on the documented server', () => {
  it('are the documented workspace paths, the plural deletes included, and never a chat create call', () => {
    const seen = new Set(
      documented.requests.map(
        (r) =>
          `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{uuid}').replace(/\/attachments\/[^/]+$/, '/attachments/{filename}')}`,
      ),
    )
    expect([...seen].sort()).toEqual([
      'DELETE /agents/demo-assistant/chat/completion/workspace/{uuid}/messages/{uuid}',
      'DELETE /agents/demo-assistant/chat/completion/workspace/{uuid}/messages/{uuid}/attachments/{filename}',
      'GET /agent/demo-assistant/chat/completion/workspace/{uuid}/messages',
      'POST /agent/demo-assistant/chat/completion/workspace/{uuid}/message/{uuid}',
      'POST /agent/demo-assistant/chat/completion/workspace/{uuid}/message/{uuid}/attachment',
    ])
  })
})
