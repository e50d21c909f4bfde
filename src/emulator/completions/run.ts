// One completion, stateless or stateful (wire.md "Requests and identifiers"): registered by request_id so that
// cancel can stop it, produced by the model seam (answer.ts: the scripted model or the upstream relay), paced by the
// per-token delay, cut at max_tokens (finish_reason "length"), and answered as one chat.completion object or as a
// stream of chunks. Reasoning goes out as `delta.reasoning` (`message.reasoning` when not streamed), as OpenRouter
// sends it, and counts as completion tokens.
import { setImmediate as yieldNow, setTimeout as sleep } from 'node:timers/promises'
import type { Message, ToolCall, ToolDefinition, Usage } from '../../api/schemas/index.js'
import { contentText } from './model/content.js'
import { countTokens } from './model/tokens.js'
import type { PlannedToolCall } from './model/tools.js'
import type { StoredAgent } from '../state.js'
import { type EmuRequest, type EmuResponse, type HandlerEnv, HttpError } from '../types.js'
import { ChunkWriter, streamFormat } from './chunk-writer.js'
import { answer } from './answer.js'

/** What to complete. */
export interface CompletionJob {
  agent: StoredAgent
  /** the conversation as sent, `system` messages included */
  messages: Message[]
  tools: ToolDefinition[] | undefined
  maxTokens: number | undefined
  stream: boolean
  requestId: string
  /** called with the (possibly partial) answer; stateful chats store it */
  onEnd?: (outcome: CompletionOutcome) => void
}

/** The answer as it ended. */
interface CompletionOutcome {
  text: string
  toolCalls: ToolCall[]
  finishReason: string
  usage: Usage
}

/** Most cancelled request ids remembered for "Request already cancelled". */
const cancelledMemory = 10_000

/** Marks a request cancelled (wire.md cancel semantics); false when it is unknown or belongs to another agent. */
export function cancelRequest(
  env: HandlerEnv,
  agentId: string,
  requestId: string,
): 'cancelled' | 'already' | 'unknown' {
  const { state } = env
  const entry = state.inflight.get(requestId)
  if (entry !== undefined && entry.agentId === agentId) {
    if (entry.cancelled) return 'already'
    entry.cancelled = true
    entry.controller.abort()
    state.cancelled.add(`${agentId}\n${requestId}`)
    if (state.cancelled.size > cancelledMemory) state.cancelled.delete(state.cancelled.values().next().value!)
    state.count('completions.cancelled')
    return 'cancelled'
  }
  return state.cancelled.has(`${agentId}\n${requestId}`) ? 'already' : 'unknown'
}

/** Runs one completion and answers it. */
export async function runCompletion(req: EmuRequest, env: HandlerEnv, job: CompletionJob): Promise<EmuResponse> {
  const { state } = env
  if (state.inflight.has(job.requestId)) {
    throw new HttpError(409, `request_id "${job.requestId}" is already in progress`, {}, 'conflict')
  }
  const controller = new AbortController()
  const entry = { agentId: job.agent.id, controller, cancelled: false }
  state.inflight.set(job.requestId, entry)
  const onGone = () => controller.abort()
  req.signal.addEventListener('abort', onGone, { once: true })
  state.count('completions')
  try {
    return await produce(req, env, job, controller.signal, () => entry.cancelled)
  } finally {
    state.inflight.delete(job.requestId)
    req.signal.removeEventListener('abort', onGone)
  }
}

async function produce(
  req: EmuRequest,
  env: HandlerEnv,
  job: CompletionJob,
  signal: AbortSignal,
  cancelled: () => boolean,
): Promise<EmuResponse> {
  const { requestId } = job
  const src = answer(env, job.agent, job.messages, {
    tools: job.tools,
    maxTokens: job.maxTokens,
    signal,
    chatId: req.params.chatId,
  })
  const { system, model, maxTokens } = src
  const delay = src.delayMs
  const created = Math.floor(env.now() / 1000)
  const writer = job.stream
    ? new ChunkWriter(req.raw.res, streamFormat(req.headers.accept), requestId, created, model)
    : undefined
  const headers = { 'x-request-id': requestId }
  const keepText = !job.stream || job.onEnd !== undefined
  const texts: string[] = []
  const thoughts: string[] = []
  const calls: PlannedToolCall[] = []
  let n = 0
  let reasoningTokens = 0
  let finish = 'stop'
  let upstreamUsage: Usage | undefined
  let failure: string | undefined
  let started = false
  const start = () => {
    if (!started && writer) writer.start(headers)
    started = true
  }
  const pace = async () => {
    if (delay > 0) {
      await writer?.flush()
      await sleep(delay, undefined, { signal }).catch(() => {})
    } else if ((n & 63) === 0) {
      await writer?.flush()
      await yieldNow()
    }
  }
  try {
    for await (const p of src) {
      if (signal.aborted) break
      start()
      if (p.kind === 'text' || p.kind === 'reasoning') {
        if (maxTokens !== undefined && n >= maxTokens) {
          finish = 'length'
          break
        }
        n++
        if (p.kind === 'reasoning') {
          reasoningTokens++
          if (!job.stream) thoughts.push(p.text)
          writer?.reasoning(p.text)
        } else {
          if (keepText) texts.push(p.text)
          writer?.text(p.text)
        }
        await pace()
      } else if (p.kind === 'tools') {
        for (const c of p.calls) {
          const index = calls.length
          calls.push(c)
          writer?.toolStart(index, c.id, c.name)
          for (let i = 0; i < c.arguments.length && !signal.aborted; i += 8) {
            writer?.toolArgs(index, c.arguments.slice(i, i + 8))
            await pace()
          }
        }
        finish = 'tool_calls'
      } else if (p.kind === 'error') {
        failure = p.message
        break
      } else {
        finish = p.reason
        upstreamUsage = p.usage
      }
    }
  } catch (e) {
    if (!started || !writer) throw e
    failure = (e as Error).message
  }
  start()
  if (signal.aborted) finish = 'cancelled'
  const toolTokens = calls.reduce((s, c) => s + countTokens(c.name) + countTokens(c.arguments), 0)
  const promptTokens = countTokens(system) + job.messages.reduce((s, m) => s + countTokens(contentText(m.content)), 0)
  const usage: Usage = upstreamUsage ?? {
    prompt_tokens: promptTokens,
    completion_tokens: n + toolTokens,
    total_tokens: promptTokens + n + toolTokens,
    ...(reasoningTokens > 0 ? { completion_tokens_details: { reasoning_tokens: reasoningTokens } } : {}),
  }
  const toolCalls: ToolCall[] = calls.map((c) => ({
    id: c.id,
    type: 'function',
    function: { name: c.name, arguments: c.arguments },
  }))
  const text = texts.join('')
  if (failure === undefined) job.onEnd?.({ text, toolCalls, finishReason: finish, usage })
  if (signal.aborted && !cancelled()) {
    // the client went away: nobody to answer
    req.raw.res.destroy()
    return { streamed: true }
  }
  if (writer) {
    if (failure !== undefined) writer.error(failure)
    else writer.finish(finish, usage)
    await writer.end()
    return { streamed: true }
  }
  if (failure !== undefined) throw new HttpError(502, failure, headers, 'upstream_error')
  const message: Record<string, unknown> = { role: 'assistant', content: text === '' && calls.length ? null : text }
  if (thoughts.length) message.reasoning = thoughts.join('')
  if (toolCalls.length) message.tool_calls = toolCalls
  return {
    status: 200,
    headers,
    json: {
      id: requestId,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, finish_reason: finish }],
      usage,
    },
  }
}
