// Fakes for the in-process tests of the interactive chat: a raw-mode terminal (keys written to a stdin stream,
// output captured and stripped of escape sequences) and a ChatSession whose turns the test scripts event by event.
import { rmSync } from 'node:fs'
import { PassThrough } from 'node:stream'
import { onTestFinished } from 'vitest'
import type { CancelOutcome, ChatEvent, ChatSession, ChatTurn, TurnResult } from '../../src/chat/session.js'
import { Context } from '../../src/context.js'
import { NetworkError } from '../../src/errors.js'
import { createIO } from '../../src/io/iostreams.js'
import { pollUntil } from '../helpers/poll.js'
import { tempDir } from '../helpers/temp-dir.js'

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
          error: ev.end === 'failed' ? new NetworkError('socket hang up') : undefined,
        })
        return
      }
      if (ev.type === 'text') this.text += ev.text
      yield ev
    }
  }
}

/** A session whose turns the test scripts; records what it was asked. */
export function scriptedSession() {
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
    cancel: async (): Promise<CancelOutcome> => {
      cancels++
      turns.at(-1)?.push({ end: 'cancelled' })
      return { requestId: 'req_1', server: 'cancelled' as const }
    },
    retry: () => {
      throw Object.assign(new Error('nothing to retry yet'), { hint: undefined })
    },
    reset: async () => {},
    toStateful: () => 'c0ffee00-0000-4000-8000-000000000000',
    setSystem: (t: string | undefined) => {
      system = t
    },
    setMaxTokens: () => {},
    save: async () => {},
    close: async () => {},
  } satisfies ChatSession
  return { session, turns, sent, cancels: () => cancels }
}

/**
 * A fake terminal and a Context on it; `env` is merged over the defaults (e.g. an emulator's base URL); `now` is the
 * Context's clock (a fake one for time windows).
 */
export function fakeTerminal(env: Record<string, string> = {}, now?: () => number) {
  const dir = tempDir('agentry-repl-')
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
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
  const ctx = new Context({
    io,
    env: { AGENTRY_CONFIG_DIR: dir, AGENTRY_STATE_DIR: dir, NO_COLOR: '1', AGENTRY_BASE_URL: '', ...env },
    ...(now ? { now } : {}),
  })
  const screen = () => chunks.join('').replace(ansi, '').replace(/\r\n/g, '\n').replace(/\r/g, '')
  const waitFor = async (what: string | RegExp, timeoutMs = 3000) => {
    const shown = () => (typeof what === 'string' ? screen().includes(what) : what.test(screen()))
    await pollUntil(shown, { timeoutMs, stepMs: 5 }).catch(() => {
      throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`)
    })
  }
  /** everything written, escape sequences included */
  const raw = () => chunks.join('')
  return { dir, stdin, ctx, screen, raw, waitFor, type: (s: string) => stdin.write(s) }
}

/** Waits until the session has been sent `n` messages (the prompt draws the text before Enter submits it). */
export async function sentCount(s: { sent: string[] }, n: number): Promise<void> {
  await pollUntil(() => s.sent.length >= n, { timeoutMs: 3000, stepMs: 5 }).catch(() => {
    throw new Error(`only ${s.sent.length} of ${n} messages were sent`)
  })
}
