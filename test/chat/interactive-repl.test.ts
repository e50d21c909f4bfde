// The interactive chat in-process, over a fake raw-mode terminal and a scripted session (interactive-fakes.ts): the
// loop's behaviour — streaming, Ctrl-C cancel, type-ahead, commands, exit codes — without a real terminal (the tmux
// test in test/terminal/ does that end to end).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { quitWindowMs } from '../../src/chat/interactive/repl.js'
import { pollUntil } from '../helpers/poll.js'
import { fakeTerminal, scriptedSession, sentCount } from './interactive-fakes.js'

describe('runInteractive', () => {
  it('streams an answer as markdown, shows usage, and leaves with /exit (0), restoring the terminal', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('chat with demo')
    expect(t.stdin.rawMode).toBe(true)
    t.type('hello\r')
    await sentCount(s, 1)
    expect(t.screen()).toContain('› hello\n')
    expect(s.sent).toEqual(['hello'])
    s.turns[0]!.push({ type: 'start', request_id: 'req_1', agent_id: 'demo', round: 1 })
    s.turns[0]!.push({ type: 'text', text: '# Gre' })
    s.turns[0]!.push({ type: 'text', text: 'eting\n\nSome **bold** text.' })
    s.turns[0]!.push({ type: 'done', finish_reason: 'stop' })
    s.turns[0]!.push({ end: 'done' })
    await t.waitFor(/3 in · 5 out · \d+ ms/)
    expect(t.screen()).toContain('Some bold text.')
    t.type('/exit\r')
    expect(await done).toBe(0)
    expect(t.stdin.rawMode).toBe(false)
    expect(readFileSync(join(t.dir, 'history'), 'utf8')).toBe('"hello"\n"/exit"\n')
  })

  it('Ctrl-C during an answer cancels it on the server and keeps the partial text; at an empty prompt exits 130', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('write a poem\r')
    await sentCount(s, 1)
    s.turns[0]!.push({ type: 'text', text: 'Roses are red,\nviolets' })
    await t.waitFor('violets')
    t.type('\x03')
    await t.waitFor('(cancelled)')
    expect(s.cancels()).toBe(1)
    expect(t.screen()).toMatch(/Roses are red,\s+violets/)
    await t.waitFor(/\(cancelled\)\n\n\r?› /)
    t.type('\x03\x03')
    expect(await done).toBe(130)
  })

  it('a lone Ctrl-C at an empty prompt (just after an answer ended) says how to quit; a second within the window quits', async () => {
    let now = 1_000_000
    const t = fakeTerminal({}, () => now)
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('count to 3\r')
    await sentCount(s, 1)
    s.turns[0]!.push({ type: 'text', text: '1 2 3' })
    s.turns[0]!.push({ end: 'done' })
    await t.waitFor('3 in · 5 out')
    t.type('\x03')
    await t.waitFor('to quit: Ctrl-D or /exit · or Ctrl-C again')
    // later than the window: a second Ctrl-C only says it again
    now += quitWindowMs + 1
    t.type('\x03')
    await pollUntil(() => (t.screen().match(/to quit: Ctrl-D/g) ?? []).length === 2, { timeoutMs: 3000, stepMs: 5 })
    t.type('still here\r')
    await sentCount(s, 2)
    s.turns[1]!.push({ end: 'done' })
    await pollUntil(() => (t.screen().match(/3 in · 5 out/g) ?? []).length === 2, { timeoutMs: 3000, stepMs: 5 })
    // two within the window quit with 130
    t.type('\x03')
    now += quitWindowMs - 1
    await pollUntil(() => (t.screen().match(/to quit: Ctrl-D/g) ?? []).length === 3, { timeoutMs: 3000, stepMs: 5 })
    t.type('\x03')
    expect(await done).toBe(130)
  })

  it('a second Ctrl-C while the cancel is still in flight exits 130 at once', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    s.session.cancel = () => new Promise(() => {}) // the server never answers
    const done = runInteractive(s.session, t.ctx)
    t.type('hi\r')
    await sentCount(s, 1)
    s.turns[0]!.push({ type: 'text', text: 'partial' })
    await t.waitFor('partial')
    t.type('\x03')
    t.type('\x03')
    expect(await done).toBe(130)
    expect(t.screen()).toContain('partial')
  })

  it('ends at the prompt when stdin closes (a hang-up), keeping what was typed ahead', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('last words\r')
    t.stdin.end()
    await sentCount(s, 1)
    s.turns[0]!.push({ end: 'done' })
    expect(await done).toBe(0)
  })

  it('Ctrl-C before the request has started cancels it as soon as it starts', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const calls: string[] = []
    s.session.cancel = async () => {
      const started = calls.includes('start')
      calls.push(started ? 'cancel:sent' : 'cancel:none')
      if (!started) return { requestId: undefined, server: 'none' as const }
      s.turns[0]!.push({ end: 'cancelled' })
      return { requestId: 'req_1', server: 'cancelled' as const }
    }
    const done = runInteractive(s.session, t.ctx)
    t.type('hi\r')
    await sentCount(s, 1)
    t.type('\x03')
    await pollUntil(() => calls.includes('cancel:none'), { what: 'the cancel before the start' })
    calls.push('start')
    s.turns[0]!.push({ type: 'start', request_id: 'req_1', agent_id: 'demo', round: 1 })
    await t.waitFor('(cancelled)')
    expect(calls).toEqual(['cancel:none', 'start', 'cancel:sent'])
    t.type('\x04')
    expect(await done).toBe(0)
  })

  it('keeps keys typed during an answer for the next prompt, without echoing them meanwhile', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('first\r')
    await sentCount(s, 1)
    s.turns[0]!.push({ type: 'text', text: 'answer one' })
    await t.waitFor('answer one')
    t.type('second question\r')
    // the answer goes on after the keys were typed: they were read, and still not echoed
    s.turns[0]!.push({ type: 'text', text: ' and more' })
    await t.waitFor('answer one and more')
    expect(t.screen()).not.toContain('second question')
    s.turns[0]!.push({ end: 'done' })
    await sentCount(s, 2)
    expect(s.sent).toEqual(['first', 'second question'])
    expect(t.screen()).toContain('› second question')
    s.turns[1]!.push({ end: 'done' })
    t.type('\x04')
    expect(await done).toBe(0)
  })

  it('says what happened when the connection drops, keeping the partial answer', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('tell me\r')
    await sentCount(s, 1)
    s.turns[0]!.push({ type: 'text', text: 'The first half' })
    s.turns[0]!.push({ type: 'error', message: 'socket hang up', kind: 'network', exit_code: 8 })
    s.turns[0]!.push({ end: 'failed' })
    await t.waitFor('connection lost: socket hang up (the partial answer above is kept)')
    expect(t.screen()).toContain('The first half')
    t.type('\x04')
    expect(await done).toBe(0)
  })

  it('runs slash commands: /system, unknown with a suggestion, /help, multi-line and history recall', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    t.type('/system Be terse.\r')
    await t.waitFor('system prompt set')
    expect(s.session.system).toBe('Be terse.')
    t.type('/sytem\r')
    await t.waitFor('unknown command /sytem — did you mean /system?')
    t.type('/help\r')
    await t.waitFor('/retry')
    t.type('/retry\r')
    await t.waitFor('✗ nothing to retry yet')
    t.type('one\x1b\rtwo\x1b[200~\nthree\x1b[201~\r')
    await sentCount(s, 1)
    expect(s.sent).toEqual(['one\ntwo\nthree'])
    s.turns[0]!.push({ end: 'done' })
    t.type('\x1b[A')
    await t.waitFor(/› one\s+· two\s+· three\s*$/)
    // Ctrl-C clears the recalled text (marked ^C); a second one at the empty prompt leaves
    t.type('\x03')
    await t.waitFor(/· three \^C\n› /)
    t.type('\x03\x03')
    expect(await done).toBe(130)
  })
})
