// The emulator's one model seam: every answer — completions, stateful chats, A2A, scenario runs,
// webhook and schedule runs — comes from `answer()`, so `--upstream-url` drives them all. Without an upstream the
// scripted model answers (model/scripted.ts); with one, the relay (model/upstream.ts) asks the upstream server.
import type { Message, ToolDefinition } from '../../api/schemas/index.js'
import type { StoredAgent } from '../state.js'
import type { HandlerEnv } from '../types.js'
import { contentText } from './model/content.js'
import { desktopRelay } from './model/desktop-relay.js'
import type { Piece } from './model/pieces.js'
import { modelAgent, scriptedReply } from './model/scripted.js'
import { relay } from './model/upstream.js'
import { agentTools, mergeTools } from './tools-of-agent.js'

/** Default delay between streamed tokens (EmulatorOptions.tokenDelayMs). */
const defaultTokenDelayMs = 15

/** The model name reported for an agent without one. */
const defaultModel = 'emulator-scripted'

/** Options of one answer. */
export interface AnswerOptions {
  /** the request's tools; the agent's own tools are added (a request tool wins on a name clash) */
  tools?: ToolDefinition[] | undefined
  /** the request's max_tokens (else the agent's) */
  maxTokens?: number | undefined
  /** stops the answer (a cancel, or the client gone) */
  signal?: AbortSignal | undefined
  /** the stateful chat the answer is for (the desktop relay names it in its task) */
  chatId?: string | undefined
}

/** An answer in the making: iterate it for its pieces; the facts the writers need ride along. */
export interface Answer extends AsyncIterable<Piece> {
  /** the agent's system prompt plus the request's system messages (service-interface 2.1) */
  readonly system: string
  /** the model named in the answer: --upstream-model when relayed, else the agent's */
  readonly model: string
  readonly maxTokens: number | undefined
  /** delay between streamed tokens (the agent's, else the emulator's) */
  readonly delayMs: number
}

/** The answer of `agent` to `messages` (system messages included, oldest first). */
export function answer(env: HandlerEnv, agent: StoredAgent, messages: Message[], opts: AnswerOptions = {}): Answer {
  const requestSystem = messages.filter((m) => m.role === 'system').map((m) => contentText(m.content))
  const conversation = messages.filter((m) => m.role !== 'system')
  const system = [agent.systemPrompt ?? '', ...requestSystem].filter(Boolean).join('\n\n')
  const tools = mergeTools(opts.tools, agentTools(agent))
  const maxTokens = opts.maxTokens ?? agent.maxTokens ?? undefined
  const { upstreamUrl, upstreamModel, upstreamApiKey } = env.options
  const model = (upstreamUrl ? upstreamModel : undefined) ?? agent.model ?? defaultModel
  const signal = opts.signal ?? new AbortController().signal
  const pieces = (): AsyncIterator<Piece> | Iterator<Piece> =>
    agent.desktopRelay
      ? desktopRelay(env, agent, { messages: conversation, chatId: opts.chatId, signal })
      : upstreamUrl
        ? relay({
            upstreamUrl,
            apiKey: upstreamApiKey,
            model,
            system,
            messages: conversation,
            tools: tools.length ? tools : undefined,
            maxTokens,
            signal,
          })
        : scripted(agent, conversation, requestSystem, tools)
  return {
    system,
    model,
    maxTokens,
    delayMs: agent.tokenDelayMs ?? env.options.tokenDelayMs ?? defaultTokenDelayMs,
    [Symbol.asyncIterator]: () => toAsync(pieces()),
  }
}

/** Longest answer a text is made of (the scripted model can count to millions). */
const maxTextTokens = 20_000

/** How long a whole-text answer may take by default: a run nobody waits on must not hang on a silent upstream. */
const defaultTextTimeoutMs = 60_000

/**
 * The whole text of an answer, for callers that keep no stream (scenario, webhook and schedule runs): text pieces
 * joined, tool calls written out as `name(arguments)` lines when there is no text; reasoning is left out. Rejects
 * with the upstream's error, or when the answer takes longer than `timeoutMs` (default 60 s).
 */
export async function answerText(
  env: HandlerEnv,
  agent: StoredAgent,
  messages: Message[],
  opts: AnswerOptions & { timeoutMs?: number } = {},
): Promise<string> {
  const timeoutMs = opts.timeoutMs ?? defaultTextTimeoutMs
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
  const texts: string[] = []
  const calls: string[] = []
  let n = 0
  for await (const p of answer(env, agent, messages, { ...opts, signal })) {
    if (p.kind === 'text') {
      if (n++ >= maxTextTokens) break
      texts.push(p.text)
    } else if (p.kind === 'tools') for (const c of p.calls) calls.push(`${c.name}(${c.arguments})`)
    else if (p.kind === 'error') throw new Error(p.message)
  }
  if (timeout.aborted) throw new Error(`the model did not answer within ${timeoutMs / 1000} s`)
  if (opts.signal?.aborted) throw new Error('the answer was stopped')
  const text = texts.join('')
  return text === '' && calls.length > 0 ? calls.join('\n') : text
}

function* scripted(
  agent: StoredAgent,
  messages: Message[],
  requestSystem: string[],
  tools: ToolDefinition[],
): Generator<Piece> {
  const reply = scriptedReply({ agent: modelAgent(agent), requestSystem, messages, tools })
  for (const text of reply.reasoning) yield { kind: 'reasoning', text }
  for (const text of reply.tokens) yield { kind: 'text', text }
  if (reply.toolCalls.length > 0) yield { kind: 'tools', calls: reply.toolCalls }
}

/** An async iterator over a sync or async one (the scripted model is synchronous, the relay is not). */
function toAsync(it: AsyncIterator<Piece> | Iterator<Piece>): AsyncIterator<Piece> {
  if (Symbol.asyncIterator in it) return it as AsyncIterator<Piece>
  return {
    next: async () => it.next(),
    return: async (value?: unknown) => it.return?.(value as undefined) ?? { done: true, value: undefined },
  }
}
