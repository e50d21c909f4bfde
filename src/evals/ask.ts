// Asking a target for one answer: an agent through the completion stream (`sdk.chat.stream`, the one decoder), a
// scenario through the signed run `scenario run` sends (`sdk.scenarios.execute`). Each is one POST, sent once: the
// HTTP core never retries a POST (wire.md), and neither does this.
import type { Message, ToolDefinition, Usage } from '../api/schemas/index.js'
import { CliError, ExitCode } from '../errors.js'
import type { AgentryClient } from '../sdk/client.js'
import { outputText } from '../sdk/scenarios.js'

/** A tool call as the answer made it. */
export interface AnsweredToolCall {
  name: string
  /** the arguments as sent (JSON text) */
  arguments: string
}

/** What a target answered. */
export interface Answer {
  text: string
  toolCalls: AnsweredToolCall[]
  /** stop, length, tool_calls…; a scenario's run status */
  finishReason: string | null
  usage: Usage | null
  latencyMs: number
  /** a scenario run's execution id */
  runId?: string
}

/** A completion request of one case. */
export interface AgentQuestion {
  messages: Message[]
  tools?: ToolDefinition[] | undefined
  maxTokens?: number | undefined
  signal?: AbortSignal | undefined
}

/** One answer of an agent, read whole. */
export async function askAgent(sdk: AgentryClient, agentId: string, q: AgentQuestion): Promise<Answer> {
  const t0 = performance.now()
  // asked whole (one JSON completion, read by the same decoder): a test keeps only the whole answer, and one JSON body
  // costs both sides far less than a chunk per token (bench/agent-tests.mjs)
  const stream = sdk.chat.stream(agentId, {
    stream: false,
    messages: q.messages,
    ...(q.tools?.length ? { tools: q.tools } : {}),
    ...(q.maxTokens !== undefined ? { max_tokens: q.maxTokens } : {}),
    ...(q.signal ? { signal: q.signal } : {}),
  })
  const texts: string[] = []
  const toolCalls: AnsweredToolCall[] = []
  let usage: Usage | null = null
  let finishReason: string | null = null
  for await (const e of stream) {
    if (e.type === 'text') texts.push(e.text)
    else if (e.type === 'tool_call')
      toolCalls.push({ name: e.call.function.name, arguments: e.call.function.arguments })
    else if (e.type === 'usage') usage = e.usage
    else if (e.type === 'done') finishReason = e.finish_reason
    else if (e.type === 'error')
      throw new CliError(`agent ${agentId}: the answer ended with an error: ${e.message}`, {
        exitCode: ExitCode.server,
      })
  }
  return { text: texts.join(''), toolCalls, finishReason, usage, latencyMs: Math.round(performance.now() - t0) }
}

/** How a scenario run is signed. */
export interface Signing {
  secret: string
  signatureHeader: string
}

/** One signed scenario run; its output is the answer (JSON text when it is not a string). */
export async function askScenario(sdk: AgentryClient, scenarioId: string, input: string, s: Signing): Promise<Answer> {
  const t0 = performance.now()
  const run = await sdk.scenarios.execute(scenarioId, input, s)
  const text = outputText(run.output)
  return {
    text,
    toolCalls: [],
    finishReason: run.status,
    usage: null,
    latencyMs: Math.round(performance.now() - t0),
    runId: run.id,
  }
}
