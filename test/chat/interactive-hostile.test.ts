// The interactive chat never obeys escape sequences from the model, a tool or the server (docs/terminal-safety.md):
// the streamed answer, tool-call and tool-result lines and a failure message reach the terminal as visible escapes,
// while the chat's own styling and redraws still work.
import { describe, expect, it } from 'vitest'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { expectNoRawAttack, hostile, hostileText } from '../helpers/hostile.js'
import { fakeTerminal, scriptedSession, sentCount } from './interactive-fakes.js'

describe('interactive chat with hostile text', () => {
  it('shows the answer, tool lines and errors with escapes visible', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('chat with demo')
    t.type('hello\r')
    await sentCount(s, 1)
    const turn = s.turns[0]!
    turn.push({ type: 'start', request_id: 'req_1', agent_id: 'demo', round: 1 })
    turn.push({ type: 'text', text: `# Title ${hostile.title.raw}\n\nbody ${hostileText}` })
    turn.push({ type: 'text', text: ` and split \x1b]52;c;` })
    turn.push({ type: 'text', text: `aGk=\x07 end\n` })
    const call = {
      id: 'c1',
      type: 'function' as const,
      function: { name: `get${hostile.title.raw}`, arguments: `{"a":"${hostile.csi8.raw}"}` },
    }
    turn.push({ type: 'tool_call', call })
    turn.push({
      type: 'tool_result',
      tool_call_id: 'c1',
      name: call.function.name,
      content: hostileText,
      ok: true,
      ms: 5,
    })
    turn.push({ type: 'error', message: `boom ${hostile.clipboard.raw}`, kind: 'server', exit_code: 7 })
    turn.push({ end: 'failed' })
    await t.waitFor(/boom/)
    t.type('/exit\r')
    await done
    const raw = t.raw()
    expectNoRawAttack(raw)
    expect(raw).toContain(hostile.title.shown)
    expect(raw).toContain(hostile.erase.shown)
    expect(raw).toContain('\\u001b]52;c;aGk=\\u0007 end')
    expect(raw).toContain(`⚙ get${hostile.title.shown}`)
    expect(raw).toContain(`boom ${hostile.clipboard.shown}`)
  })
})
