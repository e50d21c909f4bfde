// The interactive chat in-process: a fake raw-mode terminal (keys written to a stdin stream, output captured) and a
// scripted ChatSession, so the loop's behaviour — streaming, Ctrl-C cancel, type-ahead, commands, exit codes — is
// checked without a real terminal (the tmux test in test/terminal/ does that end to end).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatEvent, ChatSession, ChatTurn, TurnResult } from '../../src/chat/session.js'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { Context } from '../../src/context.js'
import { createIO } from '../../src/io/iostreams.js'

const ansi = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x1b]*\x1b\\/g

/** A turn fed by the test: events pushed one by one, ended with a status. */
class ScriptedTurn implements ChatTurn {
  readonly result: Promise<TurnResult>
  private settle: (r: TurnResult) => void = () => {}
  private queue: (ChatEvent | { end: TurnResult['status'] })[] = []
  private wake: (() => void) | undefined
  private text = ''

  constructor() {
    this.result = new Promise((r) => {
      this.settle = r
    })
  }

  push(ev: ChatEvent | { end: TurnResult['status'] }): void {
    this.queue.push(ev)
    this.wake?.()
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ChatEvent> {
    for (;;) {
      const ev = this.queue.shift()
      if (!ev) {
        await new Promise<void>((r) => {
          this.wake = r
        })
        continue
      }
      if ('end' in ev) {
        this.settle({
          status: ev.end,
          finishReason: ev.end === 'cancelled' ? 'cancelled' : 'stop',
          requestId: 'req_1',
          message: { role: 'assistant', content: this.text, tool_calls: [] },
          added: [],
          usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 },
          error: ev.end === 'failed' ? Object.assign(new Error('socket hang up'), { exitCode: 8 }) : undefined,
        })
        return
      }
      if (ev.type === 'text') this.text += ev.text
      yield ev
    }
  }
}

/** A session whose turns the test scripts; records what it was asked. */
function scriptedSession() {
  const turns: ScriptedTurn[] = []
  const sent: string[] = []
  let cancels = 0
  let system: string | undefined
  const session = {
    agentId: 'demo',
    chatId: undefined,
    get system() {
      return system
    },
    maxTokens: undefined,
    history: [],
    busy: false,
    send(text: string) {
      sent.push(text)
      const t = new ScriptedTurn()
      turns.push(t)
      return t
    },
    sendToolResults: () => {
      throw new Error('not scripted')
    },
    cancel: async () => {
      cancels++
      turns.at(-1)?.push({ end: 'cancelled' })
      return { requestId: 'req_1', server: 'cancelled' as const }
    },
    retry: () => {
      throw Object.assign(new Error('nothing to retry yet'), { hint: undefined })
    },
    reset: async () => {},
    setSystem: (t: string | undefined) => {
      system = t
    },
    setMaxTokens: () => {},
    save: async () => {},
    close: async () => {},
  } satisfies ChatSession
  return { session, turns, sent, cancels: () => cancels }
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentry-repl-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function fakeTerminal() {
  const chunks: string[] = []
  const stdin = Object.assign(new PassThrough(), { isTTY: true, rawMode: false as boolean })
  const setRawMode = (on: boolean) => {
    stdin.rawMode = on
    return stdin
  }
  const sink = { isTTY: true, columns: 80, write: (c: string | Uint8Array) => chunks.push(String(c)) > 0 }
  const io = createIO({
    stdin: Object.assign(stdin, { setRawMode }),
    stdout: sink,
    stderr: sink,
    env: { NO_COLOR: '1' },
  })
  const ctx = new Context({ io, env: { AGENTRY_CONFIG_DIR: dir, NO_COLOR: '1', AGENTRY_BASE_URL: '' } })
  const screen = () => chunks.join('').replace(ansi, '').replace(/\r\n/g, '\n').replace(/\r/g, '')
  const waitFor = async (what: string | RegExp, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const s = screen()
      if (typeof what === 'string' ? s.includes(what) : what.test(s)) return
      await new Promise((r) => setTimeout(r, 5))
    }
    throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`)
  }
  return { stdin, ctx, screen, waitFor, type: (s: string) => stdin.write(s) }
}

/** Waits until the session has been sent `n` messages (the prompt draws the text before Enter submits it). */
async function sentCount(s: { sent: string[] }, n: number): Promise<void> {
  const deadline = Date.now() + 3000
  while (s.sent.length < n) {
    if (Date.now() > deadline) throw new Error(`only ${s.sent.length} of ${n} messages were sent`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

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
    expect(readFileSync(join(dir, 'history'), 'utf8')).toBe('"hello"\n"/exit"\n')
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
    await new Promise((r) => setTimeout(r, 20))
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
    await new Promise((r) => setTimeout(r, 50))
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
    t.type('\x03')
    expect(await done).toBe(130)
  })
})
