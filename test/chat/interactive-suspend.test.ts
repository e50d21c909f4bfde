// Ctrl-Z in the middle of an answer stops the chat; after `fg` the part already streamed is drawn
// again (the shell wrote below it, and what ran meanwhile may have cleared the screen), then the answer goes on.
// The stop itself is Terminal.suspend (a real SIGTSTP, test/terminal/chat-habits.test.ts): here it is held open by
// the test, which ends it as `fg` would.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { Terminal } from '../../src/chat/interactive/terminal.js'
import { pollUntil } from '../helpers/poll.js'
import { fakeTerminal, scriptedSession, sentCount } from './interactive-fakes.js'

const strip = (s: string) =>
  s
    .replace(/\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x1b]*\x1b\\/g, '')
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Ctrl-Z in the middle of an answer', () => {
  it('after fg draws the answer so far again, tool lines included, and goes on with what came meanwhile', async () => {
    let resume: (stopped: boolean) => void = () => {}
    const suspend = vi.spyOn(Terminal.prototype, 'suspend').mockImplementation(
      () =>
        new Promise<boolean>((r) => {
          resume = r
        }),
    )
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('a poem please\r')
    await sentCount(s, 1)
    const turn = s.turns[0]!
    turn.push({ type: 'start', request_id: 'req_1', agent_id: 'demo', round: 1 })
    turn.push({ type: 'tool_call', call: { id: 'c1', type: 'function', function: { name: 'rhyme', arguments: '{}' } } })
    turn.push({ type: 'tool_result', tool_call_id: 'c1', name: 'rhyme', content: 'sea', ok: true, ms: 2 })
    turn.push({ type: 'text', text: '- first verse\n- second ver' })
    await t.waitFor('second ver')
    const before = t.raw().length
    t.type('\x1a')
    await pollUntil(() => suspend.mock.calls.length === 1, { what: 'the suspend' })
    // what arrives while the job is stopped waits for the redraw
    turn.push({ type: 'text', text: 'se\n' })
    // (the chat reads no more of the answer while stopped: every turn of the event loop gets its chance to draw)
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
    expect(strip(t.raw().slice(before))).not.toContain('second verse')
    resume(true)
    await t.waitFor(/second verse\n/)
    const after = strip(t.raw().slice(before))
    // (each line's raw echo, then the rendered line drawn over it)
    expect(after).toMatch(/rhyme \{\}\n.*rhyme: sea.*\n.*• first verse\n.*• second verse\n/)
    expect(after.indexOf('first verse')).toBeLessThan(after.indexOf('second verse'))
    turn.push({ end: 'done' })
    await t.waitFor(/3 in · 5 out/)
    t.type('\x04')
    expect(await done).toBe(0)
  })

  it('draws nothing again when nothing stopped (no job control): the answer is still on screen', async () => {
    vi.spyOn(Terminal.prototype, 'suspend').mockResolvedValue(false)
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('hi\r')
    await sentCount(s, 1)
    s.turns[0]!.push({ type: 'text', text: 'only once\nand on' })
    await t.waitFor('and on')
    t.type('\x1a')
    s.turns[0]!.push({ type: 'text', text: ' it goes\n' })
    s.turns[0]!.push({ end: 'done' })
    await t.waitFor(/3 in · 5 out/)
    expect(t.screen().split('only once').length - 1).toBe(1)
    t.type('\x04')
    expect(await done).toBe(0)
  })
})
