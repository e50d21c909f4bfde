// Messages, tools and completions (service-interface 2.1–2.3, 4.1, 4.2; wire.md).
import * as z from 'zod'
import { timestamp } from './common.js'

const textItemSchema = z.object({ type: z.literal('text').optional(), text: z.string() }).loose()
const imageItemSchema = z
  .object({
    type: z.literal('image_url'),
    image_url: z.object({ url: z.string(), detail: z.string().optional() }).loose(),
  })
  .loose()
const contentItemSchema = z.union([imageItemSchema, textItemSchema])
/** Content as the interface shows it: an array of items, or a plain string (both forms appear). */
const contentSchema = z.union([z.string(), z.array(contentItemSchema)])

const toolCallSchema = z
  .object({
    id: z.string(),
    type: z.literal('function').default('function'),
    function: z.object({ name: z.string(), arguments: z.string() }).loose(),
  })
  .loose()
export type ToolCall = z.infer<typeof toolCallSchema>

export const messageSchema = z
  .object({
    id: z.string().optional(),
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: contentSchema.nullable().default(''),
    tool_calls: z.array(toolCallSchema).optional(),
    tool_call_id: z.string().optional(),
    name: z.string().optional(),
    createdAt: timestamp.optional(),
  })
  .loose()
export type Message = z.infer<typeof messageSchema>

export const toolDefinitionSchema = z
  .object({
    type: z.literal('function'),
    function: z
      .object({
        name: z.string().min(1),
        description: z.string().optional(),
        parameters: z.record(z.string(), z.unknown()).optional(),
      })
      .loose(),
  })
  .loose()
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>

/** Stateless completion request (service-interface 4.1, wire.md). */
export const completionRequestSchema = z.object({
  messages: z.array(messageSchema).min(1),
  tools: z.array(toolDefinitionSchema).optional(),
  max_tokens: z.number().int().positive().optional(),
  stream: z.boolean().optional(),
  request_id: z.string().optional(),
})
export type CompletionRequest = z.infer<typeof completionRequestSchema>

/** Stateful completion request: one message at a time (wire.md, Stateful chats). */
export const chatCompletionRequestSchema = z.object({
  message: messageSchema,
  tools: z.array(toolDefinitionSchema).optional(),
  max_tokens: z.number().int().positive().optional(),
  stream: z.boolean().optional(),
  request_id: z.string().optional(),
})
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>

const usageSchema = z
  .object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() })
  .loose()
export type Usage = z.infer<typeof usageSchema>

/** Non-streamed completion (OpenAI chat-completions shape). */
export const completionSchema = z
  .object({
    id: z.string().optional(),
    object: z.string().optional(),
    created: z.number().optional(),
    model: z.string().optional(),
    choices: z.array(
      z.object({ index: z.number().optional(), message: messageSchema, finish_reason: z.string().nullish() }).loose(),
    ),
    usage: usageSchema.nullish(),
  })
  .loose()
export type Completion = z.infer<typeof completionSchema>

export const cancelRequestSchema = z.object({ request_id: z.string().min(1, 'request_id is required') })

export const chatSchema = z
  .object({
    id: z.string(),
    agentId: z.string().optional(),
    title: z.string().nullish(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export type Chat = z.infer<typeof chatSchema>

/** Body of `POST /agent/{agentId}/chats` (wire.md "Stateful chats"): an optional title. */
export const chatCreateSchema = z.object({
  title: z.string().max(200, 'title must be at most 200 characters').optional(),
})
