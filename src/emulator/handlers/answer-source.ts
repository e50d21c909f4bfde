// Where an answer comes from: the scripted model, or the upstream relay when --upstream-url is set. Shared by
// completions and A2A, so both speak with the same voice.
import type { Message, ToolDefinition } from '../../api/schemas/index.js'
import { contentText } from '../model/content.js'
import type { Piece } from '../model/pieces.js'
import { modelAgent, scriptedReply } from '../model/scripted.js'
import { relay } from '../model/upstream.js'
import type { StoredAgent } from '../state.js'
import type { HandlerEnv } from '../types.js'
import { agentTools, mergeTools } from './tools-of-agent.js'

/** Default delay between streamed tokens (EmulatorOptions.tokenDelayMs). */
export const defaultTokenDelayMs = 15

/** An answer about to be produced, with the facts the writers need. */
export interface AnswerSource {
  pieces: AsyncIterable<Piece> | Iterable<Piece>
  /** the agent's system prompt plus the request's system messages (service-interface 2.1) */
  system: string
  model: string
  maxTokens: number | undefined
  delayMs: number
}

function* scripted(agent: StoredAgent, messages: Message[], requestSystem: string[], tools: ToolDefinition[]) {
  const reply = scriptedReply({
    agent: modelAgent(agent),
    requestSystem,
    messages,
    tools,
  })
  for (const text of reply.tokens) yield { kind: 'text', text } satisfies Piece
  if (reply.toolCalls.length > 0) yield { kind: 'tools', calls: reply.toolCalls } satisfies Piece
}

/** Prepares the answer to `messages` (system messages included) from `agent`. */
export function answerSource(
  env: HandlerEnv,
  agent: StoredAgent,
  messages: Message[],
  requestTools: ToolDefinition[] | undefined,
  requestMaxTokens: number | undefined,
  signal: AbortSignal,
): AnswerSource {
  const requestSystem = messages.filter((m) => m.role === 'system').map((m) => contentText(m.content))
  const conversation = messages.filter((m) => m.role !== 'system')
  const system = [agent.systemPrompt ?? '', ...requestSystem].filter(Boolean).join('\n\n')
  const tools = mergeTools(requestTools, agentTools(agent))
  const maxTokens = requestMaxTokens ?? agent.maxTokens ?? undefined
  const model = agent.model ?? 'emulator-scripted'
  const upstreamUrl = env.options.upstreamUrl
  const pieces = upstreamUrl
    ? relay({
        upstreamUrl,
        model,
        system,
        messages: conversation,
        tools: tools.length ? tools : undefined,
        maxTokens,
        signal,
      })
    : scripted(agent, conversation, requestSystem, tools)
  return {
    pieces,
    system,
    model,
    maxTokens,
    delayMs: agent.tokenDelayMs ?? env.options.tokenDelayMs ?? defaultTokenDelayMs,
  }
}
