// One turn: the new messages (a user message, or tool results) go into the history and the transcript, then
// completions run until the answer needs no more tools: each tool call of an answer is run by --tool-handler and
// its result sent back (wire.md: stateless sends the whole history; stateful sends one message per completion).
import { randomUUID } from 'node:crypto'
import type { Usage } from '../api/schemas/index.js'
import type { Context } from '../context.js'
import { defaultIdleTimeoutSeconds } from '../limits.js'
import type { AgentryError } from '../errors.js'
import type { AgentryClient } from '../sdk/client.js'
import type { ChatStream } from '../sdk/chat.js'
import { statefulRequest, statelessRequest, wireHistory } from './messages.js'
import { errorEvent, newOutcome, type RoundOutcome, runRound, toKnownError } from './round.js'
import type { ChatEvent, ChatMessage, ChatSession, ChatSessionOptions, ChatToolCall } from './session.js'
import { errorText, runToolHandler, type ToolExecutor } from './tool-handler.js'
import type { TranscriptMeta } from './transcript.js'

/** The answer in flight, for cancel(). */
export interface Inflight {
  /** the completion being read (undefined between rounds) */
  stream: ChatStream | undefined
  /** aborts the local read (close) */
  abort: AbortController
  /** stops a running tool handler */
  tools: AbortController
  cancelling: boolean
}

/** What a turn has done so far (read for TurnResult whenever the turn ends). */
export interface TurnState {
  added: ChatMessage[]
  usage: Usage | undefined
  last: RoundOutcome | undefined
  error: AgentryError | undefined
  status: 'done' | 'cancelled' | 'failed'
}

/** What a turn works with: the session's state and hooks into it. */
export interface TurnDeps {
  ctx: Context
  sdk: AgentryClient
  opts: ChatSessionOptions
  session: ChatSession
  state: TurnState
  setInflight(f: Inflight | undefined): void
  push(m: ChatMessage): void
  record(entries: { message: ChatMessage; meta?: TranscriptMeta }[]): Promise<void>
}

/** Runs a turn; `first` builds its opening messages (it may fail, e.g. on a bad image: an error event then). */
export async function* runTurn(d: TurnDeps, first: () => Promise<ChatMessage[]>): AsyncGenerator<ChatEvent, void> {
  const { state, session: s, opts } = d
  const f: Inflight = {
    stream: undefined,
    abort: new AbortController(),
    tools: new AbortController(),
    cancelling: false,
  }
  d.setInflight(f)
  let idleTimeoutMs = defaultIdleTimeoutSeconds * 1000
  const handler = opts.toolHandler
  const execute: ToolExecutor | undefined =
    opts.toolExecutor ??
    (handler === undefined
      ? undefined
      : (call, o) => runToolHandler(handler, call, { ...o, env: d.ctx.env, passOn: opts.toolEnv }))
  // the local log (opts.log) stores each answer, so it needs the text too
  const keepText =
    opts.keepAnswerText !== false ||
    opts.transcriptPath !== undefined ||
    execute !== undefined ||
    opts.log !== undefined
  let opening: ChatMessage[]
  try {
    // the setting (AGENTRY_IDLE_TIMEOUT or the profile's idle-timeout), as the HTTP client enforces it
    idleTimeoutMs = ((await d.ctx.settings()).idleTimeout?.value ?? defaultIdleTimeoutSeconds) * 1000
    opening = await first()
  } catch (err) {
    state.status = 'failed'
    state.error = toKnownError(err, idleTimeoutMs)
    yield errorEvent(state.error)
    return
  }
  const add = (m: ChatMessage, meta?: TranscriptMeta) => {
    d.push(m)
    state.added.push(m)
    return d.record([{ message: m, meta: { createdAt: new Date(d.ctx.now()).toISOString(), ...meta } }])
  }
  for (const m of opening) await add(m)
  // stateful chats take one message per completion
  const queue = [...opening]
  const maxRounds = opts.maxToolRounds ?? 8
  for (let round = 1; ; round++) {
    if (f.cancelling || d.ctx.abort.signal.aborted) {
      state.status = 'cancelled'
      return
    }
    const requestId = randomUUID()
    const o = { stream: opts.stream ?? true, requestId, maxTokens: s.maxTokens, tools: opts.tools, mode: opts.mode }
    const next = s.chatId !== undefined ? queue.shift() : undefined
    const request =
      next !== undefined && s.chatId !== undefined
        ? statefulRequest(s.chatId, next, o)
        : statelessRequest(wireHistory(s.system, s.history), { ...o, model: opts.model })
    const stream = d.sdk.chat.stream(s.agentId, { ...request, signal: f.abort.signal })
    f.stream = stream
    const outcome = newOutcome(requestId)
    state.last = outcome
    const input = {
      stream,
      agentId: s.agentId,
      chatId: s.chatId,
      round,
      signal: f.abort.signal,
      cancelling: () => f.cancelling,
      idleTimeoutMs,
      keepText,
    }
    let completed = false
    try {
      yield* runRound(input, outcome)
      completed = true
    } finally {
      // a consumer that stops iterating (break) ends the turn: what arrived is kept, as after a cancel
      if (!completed) {
        outcome.status = 'cancelled'
        outcome.finishReason = 'cancelled'
        state.status = 'cancelled'
      }
      state.usage = addUsage(state.usage, outcome.usage)
      if (outcome.accepted) await add(answerOf(outcome), answerMeta(outcome))
    }
    if (outcome.status !== 'done') {
      state.status = outcome.status
      state.error = outcome.error
      return
    }
    if (s.chatId === undefined) queue.length = 0
    if (queue.length > 0) continue
    if (outcome.toolCalls.length === 0 || execute === undefined) return
    if (round >= maxRounds) {
      d.ctx.warn(`stopped after ${maxRounds} rounds of tool calls; the last answer's calls were not run`)
      return
    }
    f.stream = undefined
    yield* runTools(d, f, execute, outcome.toolCalls, add, queue)
    if (state.status === 'failed') return
    if (f.cancelling) {
      state.status = 'cancelled'
      return
    }
  }
}

function answerOf(o: RoundOutcome): ChatMessage {
  return o.toolCalls.length
    ? { role: 'assistant', content: o.content, tool_calls: o.toolCalls }
    : { role: 'assistant', content: o.content }
}

function answerMeta(o: RoundOutcome): TranscriptMeta {
  return {
    request_id: o.requestId,
    finish_reason: o.finishReason,
    ...(o.usage ? { usage: o.usage } : {}),
    ...(o.status !== 'done' ? { partial: true } : {}),
  }
}

async function* runTools(
  d: TurnDeps,
  f: Inflight,
  execute: ToolExecutor,
  calls: ChatToolCall[],
  add: (m: ChatMessage) => Promise<void>,
  queue: ChatMessage[],
): AsyncGenerator<ChatEvent> {
  const signal = AbortSignal.any([f.tools.signal, d.ctx.abort.signal])
  for (const call of calls) {
    // every call gets a result, even after a cancel, so that the history stays a valid conversation
    const run = signal.aborted
      ? { ok: false, content: errorText('not run: the user cancelled'), ms: 0 }
      : await execute(call, { timeoutMs: d.opts.toolTimeoutMs ?? 60_000, signal })
    const m: ChatMessage = { role: 'tool', content: run.content, tool_call_id: call.id, name: call.function.name }
    await add(m)
    queue.push(m)
    if (run.setupError) {
      // the result stays in the history (a valid conversation) but is not sent: the user must fix the handler
      d.state.status = 'failed'
      d.state.error = run.setupError
      yield errorEvent(run.setupError)
      return
    }
    yield {
      type: 'tool_result',
      tool_call_id: call.id,
      name: call.function.name,
      content: run.content,
      ok: run.ok,
      ms: run.ms,
    }
  }
  if (d.ctx.abort.signal.aborted) f.cancelling = true
}

function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  }
}
