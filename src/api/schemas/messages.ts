// Messages, tools and completions (service-interface 2.1–2.3, 4.1, 4.2; wire.md).
import { chatModes } from '../chat-modes.js'
import * as z from '../zod.js'
import { timestamp } from './common.js'

const textItemSchema = z.looseObject({ type: z.optional(z.literal('text')), text: z.string() })
const imageItemSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string(), detail: z.optional(z.string()) }),
})
const contentItemSchema = z.union([imageItemSchema, textItemSchema])
/** Content as the interface shows it: an array of items, or a plain string (both forms appear). */
const contentSchema = z.union([z.string(), z.array(contentItemSchema)])

const toolCallSchema = z.looseObject({
  id: z.string(),
  type: z._default(z.literal('function'), 'function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
})
export type ToolCall = z.infer<typeof toolCallSchema>

export const messageSchema = z.looseObject({
  id: z.optional(z.string()),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z._default(z.nullable(contentSchema), ''),
  tool_calls: z.optional(z.array(toolCallSchema)),
  tool_call_id: z.optional(z.string()),
  name: z.optional(z.string()),
  createdAt: z.optional(timestamp),
})
export type Message = z.infer<typeof messageSchema>

export const toolDefinitionSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().check(z.minLength(1)),
    description: z.optional(z.string()),
    parameters: z.optional(z.record(z.string(), z.unknown())),
  }),
})
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>

/** Stateless completion request (service-interface 4.1, wire.md). */
export const completionRequestSchema = z.object({
  messages: z.array(messageSchema).check(z.minLength(1)),
  tools: z.optional(z.array(toolDefinitionSchema)),
  max_tokens: z.optional(z.int().check(z.positive())),
  stream: z.optional(z.boolean()),
  request_id: z.optional(z.string()),
  /** with the agent `default`: the model to chat with directly (one of the agents list's `models[]`; inferred) */
  model: z.optional(z.string().check(z.minLength(1, 'model must not be empty'))),
  /** plan, ask or agent (../chat-modes.ts): that the completion body takes it as `mode` is inferred */
  mode: z.optional(z.enum(chatModes)),
})

/**
 * Stateful completion request: one message at a time (wire.md, Stateful chats). `system_context`: more context for
 * the agent's answer to this message, named after the hosted MCP's `chat` argument (brightsy.ai/docs/mcp/index); the
 * REST body is ours (inferred), and a stateful chat otherwise keeps the agent's own system prompt.
 */
export const chatCompletionRequestSchema = z.object({
  message: messageSchema,
  system_context: z.optional(z.string()),
  tools: z.optional(z.array(toolDefinitionSchema)),
  max_tokens: z.optional(z.int().check(z.positive())),
  stream: z.optional(z.boolean()),
  request_id: z.optional(z.string()),
  mode: z.optional(z.enum(chatModes)),
})

const usageSchema = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
})
export type Usage = z.infer<typeof usageSchema>

/** Non-streamed completion (OpenAI chat-completions shape). */
export const completionSchema = z.looseObject({
  id: z.optional(z.string()),
  object: z.optional(z.string()),
  created: z.optional(z.number()),
  model: z.optional(z.string()),
  choices: z.array(
    z.looseObject({ index: z.optional(z.number()), message: messageSchema, finish_reason: z.nullish(z.string()) }),
  ),
  usage: z.nullish(usageSchema),
})
export type Completion = z.infer<typeof completionSchema>

export const cancelRequestSchema = z.object({ request_id: z.string().check(z.minLength(1, 'request_id is required')) })

export const chatSchema = z.looseObject({
  id: z.string(),
  agentId: z.optional(z.string()),
  title: z.nullish(z.string()),
  createdAt: z.optional(timestamp),
  updatedAt: z.optional(timestamp),
})
export type Chat = z.infer<typeof chatSchema>

/**
 * One attachment of a chat message (brightsy.ai/docs/API "Attachments": uploaded as the multipart part `file`, deleted
 * by its file name). The reference does not show the upload's answer nor how a message lists them: read loosely.
 */
export const attachmentSchema = z.looseObject({
  filename: z.string(),
  size: z.optional(z.number()),
  contentType: z.optional(z.string()),
  createdAt: z.optional(timestamp),
})
export type Attachment = z.infer<typeof attachmentSchema>
