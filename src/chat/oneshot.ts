// One-shot chat (docs/chat-output.md): send one message, write the answer to stdout as text, NDJSON events or one
// JSON object, and end with an exit code that tells done, cancelled, auth, server and stream failures apart.
// Ctrl-C cancels the answer on the server (by request_id) and keeps what arrived; a second Ctrl-C quits at once.
import type { ChatEvent, ChatSession, SendOptions, TurnResult } from './session.js'
import { glyphsFor, utf8Locale } from '../io/glyphs.js'
import type { Context } from '../context.js'
import { CancelledError, CliError, ExitCode } from '../errors.js'
import type { ChatFormat } from './format.js'
import { holdSteadyHeap } from '../io/steady-heap.js'
import { stringifyJson } from '../text/sanitize.js'
import { FinalNewline } from '../io/output.js'
import { isRecord } from '../api/is-record.js'

/** Sends `text` (with its images and attachments) and writes the answer; throws the turn's error (or CancelledError) after writing what arrived. */
export async function runOneShot(
  session: ChatSession,
  text: string,
  attached: SendOptions,
  format: ChatFormat,
  ctx: Context,
  /** `--no-final-newline`: piped text is the answer's bytes exactly, no newline added at the end */
  exact = false,
): Promise<void> {
  let presses = 0
  const releaseInterrupt = ctx.onInterrupt(() => {
    presses++
    if (presses > 1) {
      ctx.abort.abort()
      return
    }
    ctx.info('cancelling the answer… (Ctrl-C again to quit now)')
    void session.cancel().then((o) => ctx.debug(`cancel ${o.requestId ?? '-'}: ${o.server} ${o.message ?? ''}`))
  })
  // stdout's reader left (`| head`): the answer is still read to its end, unwritten, so that the log (and `chat -c`)
  // has it whole rather than cut short; Ctrl-C still stops it
  const readerGone = new AbortController()
  const releaseOutput = ctx.onOutputClosed(() => readerGone.abort())
  const stop = AbortSignal.any([ctx.abort.signal, readerGone.signal])
  const write = (s: string) => put(ctx, stop, s)
  holdSteadyHeap()
  const turn = session.send(text, attached)
  const sink = await writerFor(format, ctx, session, exact, write)
  try {
    for await (const event of turn) await sink.event(event)
  } finally {
    releaseInterrupt()
    releaseOutput()
  }
  const result = await turn.result
  await sink.end(result)
  // stdout closed (`| head`): main() ends the run quietly with 130
  if (ctx.abort.signal.aborted && presses === 0) return
  if (result.status === 'cancelled' || ctx.abort.signal.aborted)
    throw new CancelledError('cancelled: the answer was stopped; what arrived was kept')
  if (result.error) throw result.error
  if (result.status === 'done' && result.message.tool_calls.length > 0) throw unansweredTools(result.message.tool_calls)
}

/**
 * The answer ends asking for tools that nothing ran (no --tool-handler or --mcp, or the round limit): the run did
 * not finish what was asked, so it says which tools and exits 5 (docs/exit-codes.md), the text so far kept.
 */
function unansweredTools(calls: { function: { name: string } }[]): CliError {
  const names = [...new Set(calls.map((c) => c.function.name))].join(', ')
  return new CliError(`the agent called ${names} and no tool answered it, so the answer is not complete`, {
    exitCode: ExitCode.conflict,
    hint: 'answer tool calls with --tool-handler <command> or --mcp <server command> (or chat interactively)',
  })
}

/**
 * Writes to stdout, waiting while its buffer is full — but not once `signal` says to stop: when stdout is closed
 * (EPIPE, `| head`) or the run is stopped, no 'drain' will ever come.
 */
async function put(ctx: Context, signal: AbortSignal, s: string): Promise<void> {
  const out = ctx.io.stdout
  if (signal.aborted || out.write(s) || !out.once) return
  await new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done)
      resolve()
    }
    out.once?.('drain', done)
    signal.addEventListener('abort', done, { once: true })
  })
}

interface EventSink {
  event(e: ChatEvent): Promise<void>
  end(r: TurnResult): Promise<void>
}

/** Writes a piece of stdout (nothing once its reader left). */
type Put = (s: string) => Promise<void>

async function writerFor(
  format: ChatFormat,
  ctx: Context,
  session: ChatSession,
  exact: boolean,
  put: Put,
): Promise<EventSink> {
  if (format === 'ndjson') return ndjsonSink(put)
  if (format === 'json') return jsonSink(session, put)
  return textSink(ctx, exact, put)
}

/**
 * One JSON object per event, one per line, in the official CLI's names (`brightsy chat --json`, as
 * mattlevine/sideboard packages/core/src/agents/brightsy.ts parseBrightsyCliLine reads them: text, thinking,
 * tool_use with `input` an object, tool_result with `id` and `isError`, usage under `usage`, error, done) with
 * agentry's own members beside them (docs/chat-output.md "ndjson"). A completion's `start` is no line of its own
 * (that consumer would show an unknown line as answer text): its request_id, agent_id, chat_id and round go on the
 * completion's `done` or `error`.
 */
function ndjsonEvent(
  e: Exclude<ChatEvent, { type: 'start' }>,
  round: Record<string, unknown>,
): Record<string, unknown> {
  switch (e.type) {
    case 'reasoning':
      return { type: 'thinking', text: e.text }
    case 'tool_call': {
      const { id, function: f } = e.call
      return { type: 'tool_use', id, name: f.name, input: argumentsObject(f.arguments), arguments: f.arguments }
    }
    case 'tool_result':
      return { type: 'tool_result', id: e.tool_call_id, name: e.name, content: e.content, isError: !e.ok, ms: e.ms }
    case 'usage':
      return { type: 'usage', usage: e.usage }
    case 'error':
    case 'done':
      return { ...e, ...round }
    default:
      return e
  }
}

/** A tool call's arguments as an object: the JSON text parsed when it is one, else `{}` (`arguments` keeps the text). */
function argumentsObject(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text)
    return isRecord(v) ? v : {}
  } catch {
    return {}
  }
}

function ndjsonSink(put: Put): EventSink {
  let round: Record<string, unknown> = {}
  return {
    event: async (e) => {
      if (e.type === 'start') {
        const { type: _, ...members } = e
        round = members
        return
      }
      await put(`${stringifyJson(ndjsonEvent(e, round))}\n`)
    },
    end: async () => {},
  }
}

function jsonSink(session: ChatSession, put: Put): EventSink {
  let lastError: { message: string; kind: string; exit_code: number } | undefined
  return {
    event: async (e) => {
      if (e.type === 'error') lastError = { message: e.message, kind: e.kind, exit_code: e.exit_code }
    },
    end: async (r) => {
      const message: Record<string, unknown> = { role: 'assistant', content: r.message.content }
      // the model's thinking, apart from the answer (a JSON member of its own)
      if (r.message.reasoning) message.reasoning = r.message.reasoning
      if (r.message.tool_calls.length) message.tool_calls = r.message.tool_calls
      const body: Record<string, unknown> = { request_id: r.requestId ?? null, agent_id: session.agentId }
      if (session.chatId !== undefined) body.chat_id = session.chatId
      Object.assign(body, { message, finish_reason: r.finishReason, usage: r.usage ?? null })
      // the messages of the tool loop (assistant and tool), when there was more than one completion
      const rest = r.added.filter((m) => m.role !== 'user')
      if (rest.length > 1) body.messages = rest
      if (lastError) body.error = lastError
      await put(`${stringifyJson(body, 2)}\n`)
    },
  }
}

/**
 * Text: piped, the answer's bytes as sent, then a newline once it is done if it did not end with one (the final-newline
 * rule of every command, src/io/output.ts; none with `exact`: --no-final-newline); an answer cut short stays exactly
 * as it arrived (the exit code says so). On a terminal, rendered as markdown and ended on a fresh line. Tool calls and their results are noted on stderr; reasoning is left out (it is not the answer:
 * `--output ndjson` has it as `thinking` events, `--output json` as `message.reasoning`).
 */
async function textSink(ctx: Context, exact: boolean, put: Put): Promise<EventSink> {
  const { io } = ctx
  const ending = new FinalNewline()
  // the drawing characters of the locale (ASCII under LANG=C), as in the interactive chat
  const glyphs = glyphsFor(ctx.env)
  const [sent, back] = utf8Locale(ctx.env) ? ['→', '←'] : ['->', '<-']
  const md = io.stdoutIsTTY
    ? (await import('../io/markdown/index.js')).createMarkdownStream({
        write: (s) => io.stdout.write(s),
        width: io.columns(),
        color: io.colorStdout(),
        glyphs,
      })
    : undefined
  const dim = io.colorStderr() ? (await import('../io/palette.js')).palette(true).dim : (s: string) => s
  return {
    event: async (e) => {
      if (e.type === 'text') {
        if (md) md.push(e.text)
        else {
          ending.note(e.text)
          await put(e.text)
        }
      } else if (e.type === 'tool_call') {
        ctx.info(`${sent} ${e.call.function.name}(${e.call.function.arguments})`, dim)
      } else if (e.type === 'tool_result') {
        ctx.info(`${back} ${e.name}: ${e.ok ? 'ok' : 'failed'} (${e.ms} ms) ${e.content.slice(0, 200)}`, dim)
      }
    },
    end: async (r) => {
      if (md) {
        // both leave the cursor at the start of a fresh line
        if (r.status === 'done') md.end()
        else md.abort()
      } else if (r.status === 'done' && !exact && ending.end() !== '') await put(ending.end())
      if (r.status === 'done' && r.finishReason === 'length') ctx.info('(the answer reached --max-tokens)', dim)
    },
  }
}
