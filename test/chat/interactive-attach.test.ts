// `/attach <file>` in the interactive chat (issue 28 item 2): over a fake terminal (interactive-fakes.ts) with a real
// chat session against the emulator, the file goes up with the next message of a stateful chat, the scripted model
// says "attached: name (size)" and the service keeps it with the message; in a stateless chat /attach offers to make
// it stateful (the conversation so far goes along); for a type outside the limits it says why and nothing is sent.
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createChatSession } from '../../src/chat/engine.js'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'
import { pollUntil } from '../helpers/poll.js'
import { fakeTerminal } from './interactive-fakes.js'

const fx = emulatorFixture({ emulator: quietEmulator })

describe('/attach in the interactive chat', () => {
  it('uploads the file with the next message of a stateful chat, kept with that message', async () => {
    const notes = join(tempDir(), 'notes.txt')
    writeFileSync(notes, 'hello, world')
    const t = fakeTerminal(fx.env())
    const session = await createChatSession({ ctx: t.ctx, agentId: 'demo-assistant', newChat: true })
    const done = runInteractive(session, t.ctx)
    await t.waitFor('› ')
    t.type(`/attach ${notes}\r`)
    await t.waitFor(`attached ${notes} (1 file goes up with your next message)`)
    t.type('what is in it?\r')
    await t.waitFor('attached: notes.txt (12 bytes)')
    t.type('\x04')
    expect(await done).toBe(0)

    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const kept = await c.chats.messages('demo-assistant', session.chatId ?? '')
    await c.close()
    expect(kept.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect((kept[0] as { attachments?: { filename: string; size: number }[] }).attachments).toEqual([
      expect.objectContaining({ filename: 'notes.txt', size: 12 }),
    ])
  })

  it('in a stateless chat, offers to turn it stateful: yes takes the conversation so far along; no attaches nothing and says how', async () => {
    const dir = tempDir()
    const notes = join(dir, 'notes.txt')
    writeFileSync(notes, 'x')
    const t = fakeTerminal(fx.env())
    const plain = await createChatSession({ ctx: t.ctx, agentId: 'demo-assistant' })
    const first = runInteractive(plain, t.ctx)
    await t.waitFor('› ')
    t.type('remember the word pelican\r')
    await t.waitFor(' out · ')
    t.type(`/attach ${notes}\r`)
    await t.waitFor('Turn this chat into one (the 2 messages so far go along with your next message)? [y/N]')
    t.type('n')
    await t.waitFor('not attached: this chat stays stateless')
    expect(plain.chatId).toBeUndefined()
    t.type(`/attach ${notes}\r`)
    await pollUntil(() => (t.screen().match(/\[y\/N\]/g) ?? []).length === 2, { timeoutMs: 3000, stepMs: 5 })
    t.type('y')
    await t.waitFor(`attached ${notes} (1 file goes up with your next message)`)
    expect(t.screen()).toMatch(/now a stateful chat: [0-9a-f-]{36}/)
    t.type('what is in it?\r')
    await pollUntil(() => (t.screen().match(/ out · /g) ?? []).length === 2, { timeoutMs: 3000, stepMs: 5 })
    t.type('\x04')
    expect(await first).toBe(0)
    // the history keeps the turns as typed; the service's chat got the earlier conversation with the first message
    expect(plain.history.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const kept = await c.chats.messages('demo-assistant', plain.chatId ?? '')
    await c.close()
    expect(kept.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(JSON.stringify(kept[0]?.content)).toContain('[user] remember the word pelican')
    expect(JSON.stringify(kept[0]?.content)).toContain('what is in it?')
    expect((kept[0] as { attachments?: { filename: string }[] }).attachments).toEqual([
      expect.objectContaining({ filename: 'notes.txt' }),
    ])
  })

  it('for a refused type, says why and sends nothing', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'tool.exe'), 'MZ')
    const stateful = fakeTerminal(fx.env())
    const chat = await createChatSession({ ctx: stateful.ctx, agentId: 'demo-assistant', newChat: true })
    const second = runInteractive(chat, stateful.ctx)
    await stateful.waitFor('› ')
    stateful.type(`/attach ${join(dir, 'tool.exe')}\r`)
    await stateful.waitFor(/\/attach tool\.exe: attachments must be \.txt \.md/)
    stateful.type('\x04')
    expect(await second).toBe(0)
    expect(chat.history).toEqual([])
  })
})
