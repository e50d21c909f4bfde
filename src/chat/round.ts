// One completion ("round") of a turn: started and read through the library's chat resource (client.chat.stream,
// src/sdk/chat.ts, which decodes SSE, NDJSON or one JSON completion with the shared stream decoder) and turned into
// ChatEvents, keeping what arrived whatever happens. The decoder joins the text pieces of one network read into one
// event: the bytes are the same, and a 1M-token answer costs a few thousand events and writes instead of a million.
import type { Usage } from '../api/schemas/index.js'
import { StreamIdleTimeoutError } from '../api/stream/errors.js'
import {
  AgentryError,
  ApiError,
  CancelledError,
  CliError,
  ExitCode,
  exitCodeOf,
  kindOf,
  NetworkError,
} from '../errors.js'
import type { ChatStream } from '../sdk/chat.js'
import type { ChatEvent, ChatToolCall } from './session.js'

/** What a round needs. */
export interface RoundInput {
  /** the answer's stream, not yet started (its request carries `signal`, which aborts the local read) */
  stream: ChatStream
  agentId: string
  chatId: string | undefined
  round: number
  /** aborts the local read (cancel's grace period ran out, or the session closed) */
  signal: AbortSignal
  /** has the user asked to cancel this answer? (then an aborted or ended read is a cancel, not a failure) */
  cancelling: () => boolean
  idleTimeoutMs: number
  /** collect the text into `content` (false: it only streams out as events, and `content` stays empty) */
  keepText: boolean
}

/** How a round ended and what it produced (partial when cancelled or failed). */
export interface RoundOutcome {
  status: 'done' | 'cancelled' | 'failed'
  /** the server answered 2xx: something may have been produced */
  accepted: boolean
  requestId: string
  content: string
  /** the model's reasoning, kept apart from the answer ('' when none came, or when text is not kept) */
  reasoning: string
  toolCalls: ChatToolCall[]
  finishReason: string | null
  usage: Usage | undefined
  error: AgentryError | undefined
}

/** A fresh outcome: the caller holds it, so what arrived is there even if the round is stopped midway. */
export function newOutcome(requestId: string): RoundOutcome {
  return {
    status: 'failed',
    accepted: false,
    requestId,
    content: '',
    reasoning: '',
    toolCalls: [],
    finishReason: null,
    usage: undefined,
    error: undefined,
  }
}

/** Runs one completion, yielding its events and filling `out` (content last, also when stopped). Never throws. */
export async function* runRound(input: RoundInput, out: RoundOutcome): AsyncGenerator<ChatEvent, RoundOutcome> {
  const text = createTextBuffer()
  const thoughts = createTextBuffer()
  let serverError: string | undefined
  let done = false
  try {
    const started = await input.stream.start().catch((e: unknown) => {
      throw e instanceof ApiError && e.status === 404 ? agentNotFound(e, input.agentId, input.chatId) : e
    })
    out.accepted = true
    out.requestId = started.requestId
    const start: ChatEvent = { type: 'start', request_id: out.requestId, agent_id: input.agentId, round: input.round }
    if (input.chatId !== undefined) start.chat_id = input.chatId
    yield start
    for await (const e of input.stream) {
      if (e.type === 'text') {
        if (input.keepText) text.push(e.text)
        yield { type: 'text', text: e.text }
      } else if (e.type === 'reasoning') {
        if (input.keepText) thoughts.push(e.text)
        yield { type: 'reasoning', text: e.text }
      } else if (e.type === 'tool_call') {
        out.toolCalls.push(e.call)
        yield { type: 'tool_call', call: e.call }
      } else if (e.type === 'usage') {
        out.usage = e.usage
        yield { type: 'usage', usage: e.usage }
      } else if (e.type === 'error') {
        serverError = e.message
        yield errorEvent(serverFailure(e.message, e.code), e.code)
      } else if (e.type === 'done') {
        out.finishReason = e.finish_reason
        done = true
      }
    }
    if (!done && input.cancelling()) {
      // the stream ended after a cancel (the grace period ran out, or the service closed it): what arrived is the answer
      done = true
      out.finishReason = 'cancelled'
    }
    if (done) yield { type: 'done', finish_reason: out.finishReason }
    if (serverError !== undefined) out.error = serverFailure(serverError)
    out.status = serverError !== undefined ? 'failed' : out.finishReason === 'cancelled' ? 'cancelled' : 'done'
  } catch (err) {
    if (input.cancelling() && (input.signal.aborted || isAbort(err))) {
      // the server did not end the stream within the grace period: what arrived is the answer
      out.status = 'cancelled'
      out.finishReason = 'cancelled'
      yield { type: 'done', finish_reason: 'cancelled' }
    } else {
      const e = toKnownError(err, input.idleTimeoutMs)
      out.status = e instanceof CancelledError ? 'cancelled' : 'failed'
      if (e instanceof CancelledError) out.finishReason = 'cancelled'
      out.error = e instanceof CancelledError ? undefined : e
      if (!(e instanceof CancelledError)) yield errorEvent(e)
    }
  } finally {
    out.content = text.value()
    out.reasoning = thoughts.value()
  }
  return out
}

/**
 * Text collected in pieces. Pieces are joined 256 at a time into blocks, and the blocks once at the end: joining
 * into one growing string would copy the answer over and over and leave each copy as garbage in the large-object
 * space (a 1M-token answer then costs hundreds of MB of peak RSS).
 */
function createTextBuffer() {
  const blocks: string[] = []
  let pieces: string[] = []
  return {
    push(s: string) {
      pieces.push(s)
      if (pieces.length >= 256) {
        blocks.push(pieces.join(''))
        pieces = []
      }
    },
    value(): string {
      return blocks.join('') + pieces.join('')
    },
  }
}

function isAbort(err: unknown): boolean {
  return (err as { name?: string })?.name === 'AbortError' || (err as { code?: string })?.code === 'ABORT_ERR'
}

/** An error event in the stream (wire.md: `{error:{message}}`): the server failed the answer, exit 7. */
function serverFailure(message: string, code?: string): CliError {
  return new CliError(`the agent's answer failed: ${message}${code ? ` (${code})` : ''}`, {
    exitCode: ExitCode.server,
    hint: 'the text so far is kept; try again',
  })
}

/**
 * A 404 on an agent's endpoint (service-interface 2.6): the agent (or the stateful chat) does not exist. Said in the
 * user's words, with what to do, rather than as the bare status line of the request.
 */
export function agentNotFound(err: ApiError, agentId: string, chatId?: string): CliError {
  const what = chatId === undefined ? `agent ${agentId} not found` : `agent ${agentId} or chat ${chatId} not found`
  const hint =
    chatId === undefined
      ? 'see the agents with `agentry agents list`'
      : `see its chats with \`agentry chats list ${agentId}\``
  return new CliError(`${what} (${err.message})`, { exitCode: ExitCode.notFound, hint, cause: err })
}

/** Maps a transport error met while reading the answer to one of the known errors (src/errors.ts gives its kind). */
export function toKnownError(err: unknown, idleTimeoutMs: number): AgentryError {
  if (err instanceof AgentryError) return err
  const code = (err as { code?: string })?.code
  if (code === 'UND_ERR_BODY_TIMEOUT') return new StreamIdleTimeoutError(idleTimeoutMs)
  if (isAbort(err)) return new CancelledError()
  const reason = (err as Error)?.message || String(err)
  return new NetworkError(
    `the connection dropped before the answer finished (${code ? `${code}: ` : ''}${reason})`,
    'the text so far is kept; try again',
    err,
  )
}

/** The `error` event for a failure. */
export function errorEvent(e: AgentryError, code?: string): ChatEvent {
  const ev: ChatEvent = { type: 'error', message: e.message, kind: kindOf(e), exit_code: exitCodeOf(e) }
  if (code !== undefined) ev.code = code
  return ev
}
