// The agent tools of `agentry mcp serve` that the service's hosted MCP (https://mcp.brightsy.ai/mcp; brightsy.ai/docs/
// mcp/index, public-facts row 54) also has, under its names and members: `list_agents` answers agentry's page and the
// hosted `{agents: [{agent_id, agent_name, description}]}`; `chat {agent_id, message, chat_id?, system_context?}` is
// a stateful workspace chat on the service whose result carries its chat_id, so a model goes on with the same chat.
import * as z from '../../api/zod.js'
import { UsageError } from '../../errors.js'
import { streamedAnswer } from './ask-agent.js'
import { listTool } from './lists.js'
import { type AccountTool, defineTool } from './types.js'

const agentsPage = listTool('agentsList')

/** list_agents: one page of agents as `items`, and the same agents as the hosted MCP lists them, as `agents`. */
export const listAgentsTool: AccountTool = {
  ...agentsPage,
  description: `${agentsPage.description} \`agents\` repeats them as the hosted Brightsy MCP lists them.`,
  output: {
    ...agentsPage.output,
    agents: z.array(z.object({ agent_id: z.string(), agent_name: z.string(), description: z.string() })),
  },
  async run(args, call) {
    const page = (await agentsPage.run(args, call)) as { page: number; items: Record<string, unknown>[] }
    const text = (v: unknown) => (typeof v === 'string' ? v : '')
    const agents = page.items.map((a) => ({
      agent_id: text(a.id),
      agent_name: text(a.name) || text(a.id),
      description: text(a.description),
    }))
    return { ...page, agents }
  },
}

/** A chat id as the client makes them (a UUID: chats.create). */
const chatIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** chat: one message of a chat that goes on (a new one without chat_id); the answer streamed as progress. */
export const chatTool = defineTool({
  name: 'chat',
  title: 'Chat with an agent',
  names: 'agents',
  description:
    'Send a message to an agent in a conversation the service keeps: the result carries chat_id; pass it back to ' +
    'go on with the same chat (omit it to start one). system_context gives the agent more context for this ' +
    'message. The answer is streamed as progress notifications. Use list_agents for the ids.',
  input: {
    agent_id: z.string().check(z.minLength(1, 'agent_id is required')).check(z.describe('the agent (see list_agents)')),
    message: z.string().check(z.minLength(1, 'message is required')).check(z.describe('your message to the agent')),
    chat_id: z
      .optional(z.string())
      .check(z.describe('the chat_id of an earlier chat result, to go on with it; omit it to start a new chat')),
    system_context: z
      .optional(z.string())
      .check(z.describe('more context for the agent, for this message (its own system prompt stays)')),
  },
  output: { agent_id: z.string(), chat_id: z.string(), answer: z.string(), request_id: z.optional(z.string()) },
  readOnly: false,
  async run(args, call) {
    if (args.chat_id !== undefined && !chatIdPattern.test(args.chat_id))
      throw new UsageError(
        `chat_id ${JSON.stringify(args.chat_id.slice(0, 80))} is not a chat id`,
        'pass the chat_id of an earlier chat result, or omit it to start a new chat',
      )
    const chatId = args.chat_id ?? call.sdk.chats.create(args.agent_id).id
    const stream = call.sdk.chat.stream(args.agent_id, {
      chatId,
      message: { role: 'user', content: args.message },
      ...(args.system_context ? { system_context: args.system_context } : {}),
    })
    const answer = await streamedAnswer(stream, call, args.agent_id)
    return { agent_id: args.agent_id, chat_id: chatId, answer, request_id: stream.requestId }
  },
})
