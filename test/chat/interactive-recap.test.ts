// A resumed chat shows its last turns before the first prompt, rendered through the 2.8 conversion
// (src/chat/interactive/recap.ts): tool call and result as one entry, one role's messages as one turn.
import { describe, expect, it } from 'vitest'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { messageCount, recap, userTurns } from '../../src/chat/interactive/recap.js'
import { createUiStyle } from '../../src/chat/interactive/style.js'
import { createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { fakeTerminal, scriptedSession } from './interactive-fakes.js'

const fx = emulatorFixture({ emulator: quietEmulator })

const history = [
  { role: 'user', content: 'weather in Oslo?' },
  {
    role: 'assistant',
    content: '',
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
  },
  { role: 'tool', tool_call_id: 'c1', content: '{"temp":3}' },
  { role: 'assistant', content: 'It is 3°C.\x1b]0;pwned\x07' },
]

describe('recap', () => {
  const plain = createUiStyle(false)

  it('one line a turn, tool call joined with its result, controls dropped', () => {
    expect(recap(history, plain, 80)).toBe('  you: weather in Oslo?\n  agent: [get_weather() ✓] It is 3°C.]0;pwned\n\n')
    expect(userTurns(history)).toBe(1)
    expect(messageCount([{ role: 'system', content: 's' }, ...history])).toBe(4)
  })

  it('shows the last turns only, says how many came before, and cuts long lines to the width', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `m${i} ${'x'.repeat(50)}`,
    }))
    const text = recap(many, plain, 30)
    expect(text.split('\n')[0]).toBe('  … 6 earlier')
    expect(text.split('\n')[1]).toMatch(/^ {2}you: m6 x+…$/)
    expect(text.split('\n')[1]).toHaveLength(29)
    expect(recap([], plain, 80)).toBe('')
  })

  it('the interactive chat prints it under the banner of a resumed conversation', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    Object.assign(s.session, { history })
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('agent: [get_weather() ✓] It is 3°C.')
    // the four messages of the transcript (a user turn, a tool call, its result, the answer), not one per turn
    expect(t.screen()).toContain('resumed: 4 messages')
    expect(t.screen()).toContain('you: weather in Oslo?')
    // /save says the same count of the same conversation
    t.type('/save out.jsonl\r')
    await t.waitFor('saved 4 messages to out.jsonl')
    t.type('\x04')
    expect(await done).toBe(0)
  })

  it('a stateful chat (--chat) reads its messages from the service for the recap', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const chat = c.chats.create('demo-assistant')
    await c.chat.complete('demo-assistant', {
      chatId: chat.id,
      message: { role: 'user', content: 'remember the lighthouse' },
    })
    await c.close()
    const t = fakeTerminal(fx.env())
    const s = scriptedSession()
    Object.assign(s.session, { agentId: 'demo-assistant', chatId: chat.id })
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('you: remember the lighthouse')
    expect(t.screen()).toMatch(/resumed: 2 messages[\s\S]*you: remember the lighthouse\n {2}agent: \S/)
    t.type('\x04')
    expect(await done).toBe(0)
  })
})
