// `ask_agent`: one question to one agent, streamed (service-interface 4.1). Each text delta goes to the MCP client
// as notifications/progress when it sent a progressToken (MCP spec "Progress"); an MCP cancellation
// (notifications/cancelled) cancels the completion on the service too (service-interface 4.2), not only locally.
import * as z from '../../api/zod.js'
import { completionRequestSchema } from '../../api/schemas/messages.js'
import { CliError } from '../../errors.js'
import type { ChatStream } from '../../sdk/chat.js'
import { defineTool, type ToolCall } from './types.js'

/**
 * Reads an answer to its end: each text delta to the MCP client as progress, a cancelled call cancels the answer on
 * the service; the whole text, or the service's errors thrown with the CLI's words. Shared by ask_agent and chat.
 */
export async function streamedAnswer(stream: ChatStream, call: ToolCall, agentId: string): Promise<string> {
  let cancelling: Promise<unknown> | undefined
  const onAbort = () => {
    cancelling = stream.cancel().catch(() => undefined)
  }
  if (call.signal.aborted) onAbort()
  else call.signal.addEventListener('abort', onAbort, { once: true })
  let text = ''
  const errors: string[] = []
  try {
    for await (const e of stream) {
      if (e.type === 'text') {
        text += e.text
        await call.progress(text.length, e.text)
      } else if (e.type === 'error') errors.push(e.message)
    }
  } finally {
    call.signal.removeEventListener('abort', onAbort)
    await cancelling
  }
  if (call.signal.aborted) throw new CliError('cancelled: the answer was cancelled on the service')
  if (errors.length > 0) throw new CliError(`agent ${agentId}: ${errors.join('; ')}`)
  return text
}

/** The ask_agent tool. */
export const askAgentTool = defineTool({
  name: 'ask_agent',
  title: 'Ask an agent',
  names: 'agents',
  description:
    'Send a message to one agent of the account and return its answer (streamed as progress notifications). ' +
    'Use list_agents for the ids.',
  input: {
    agentId: z
      .string()
      .check(z.minLength(1, 'agentId is required'))
      .check(z.describe('the agent (e.g. demo-assistant)')),
    message: z.string().check(z.minLength(1, 'message is required')).check(z.describe('what to ask')),
    max_tokens: completionRequestSchema.shape.max_tokens.check(z.describe('cap the length of the answer')),
  },
  output: { agentId: z.string(), requestId: z.optional(z.string()), answer: z.string() },
  readOnly: false,
  async run(args, call) {
    const stream = call.sdk.chat.stream(args.agentId, {
      messages: [{ role: 'user', content: args.message }],
      ...(args.max_tokens === undefined ? {} : { max_tokens: args.max_tokens }),
    })
    const text = await streamedAnswer(stream, call, args.agentId)
    return { agentId: args.agentId, requestId: stream.requestId, answer: text }
  },
})
