// The zod schemas of the service's bodies (spec/service-interface.md, spec/wire.md), shared by the client and the
// emulator. Response schemas are loose (.loose()): a server may add members; the client keeps them.
import * as z from 'zod'

/** `{error:{message, code?}}` (wire.md, Everywhere). */
export const errorBodySchema = z.object({ error: z.object({ message: z.string(), code: z.string().optional() }) })

/** The pagination object of lists (service-interface 2.6). */
export const paginationSchema = z
  .object({ total: z.number(), page: z.number(), page_count: z.number(), page_size: z.number() })
  .loose()
export type Pagination = z.infer<typeof paginationSchema>

/** A page of a list: `{data:[T], pagination}`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema.optional() }).loose()

const timestamp = z.string()

export const agentSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    description: z.string().nullish(),
    model: z.string().nullish(),
    systemPrompt: z.string().nullish(),
    maxTokens: z.number().nullish(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export type Agent = z.infer<typeof agentSchema>

export const skillSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    description: z.string().nullish(),
    tags: z.array(z.string()).optional(),
  })
  .loose()
export type Skill = z.infer<typeof skillSchema>

export const agentCardSchema = z
  .object({
    protocolVersion: z.string().optional(),
    name: z.string(),
    description: z.string().optional(),
    url: z.string(),
    version: z.string().optional(),
    capabilities: z.object({ streaming: z.boolean().optional() }).loose().optional(),
    defaultInputModes: z.array(z.string()).optional(),
    defaultOutputModes: z.array(z.string()).optional(),
    skills: z
      .array(
        z
          .object({
            id: z.string(),
            name: z.string(),
            description: z.string().optional(),
            tags: z.array(z.string()).optional(),
          })
          .loose(),
      )
      .optional(),
    securitySchemes: z.record(z.string(), z.unknown()).optional(),
  })
  .loose()
export type AgentCard = z.infer<typeof agentCardSchema>

// --- messages (service-interface 2.1–2.3) ---

export const textItemSchema = z.object({ type: z.literal('text').optional(), text: z.string() }).loose()
export const imageItemSchema = z
  .object({
    type: z.literal('image_url'),
    image_url: z.object({ url: z.string(), detail: z.string().optional() }).loose(),
  })
  .loose()
export const contentItemSchema = z.union([imageItemSchema, textItemSchema])
export type ContentItem = z.infer<typeof contentItemSchema>
/** Content as the interface shows it: an array of items, or a plain string (both forms appear). */
export const contentSchema = z.union([z.string(), z.array(contentItemSchema)])

export const toolCallSchema = z
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

export const usageSchema = z
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

// --- scenarios, webhooks, keys, schedules ---

export const scenarioSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    description: z.string().nullish(),
    enabled: z.boolean().optional(),
    instruction: z.string().nullish(),
    agentId: z.string().nullish(),
    signature_name: z.string().nullish(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export type Scenario = z.infer<typeof scenarioSchema>

export const executionSchema = z
  .object({
    id: z.string(),
    scenarioId: z.string().optional(),
    status: z.enum(['completed', 'failed']).or(z.string()),
    output: z.unknown().optional(),
    startedAt: timestamp.optional(),
    finishedAt: timestamp.optional(),
  })
  .loose()
export type Execution = z.infer<typeof executionSchema>

export const webhookStatusSchema = z.enum(['active', 'inactive'])
export const webhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    status: webhookStatusSchema,
    scenarioId: z.string(),
    secret: z.string().optional(),
    url: z.string().optional(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export type Webhook = z.infer<typeof webhookSchema>

/** Webhook create body with the interface's constraints (service-interface 2.4). */
export const webhookCreateSchema = z.object({
  name: z.string().min(2, 'name must be 2 to 100 characters').max(100, 'name must be 2 to 100 characters'),
  description: z.string().max(1000, 'description must be at most 1000 characters').optional(),
  status: webhookStatusSchema,
  scenarioId: z.string().min(1, 'scenarioId is required'),
})
export const webhookEditSchema = webhookCreateSchema.partial()

export const webhookTriggerResponseSchema = z
  .object({ received: z.boolean(), executionId: z.string().optional() })
  .loose()
export const webhookTestResponseSchema = z
  .object({ delivered: z.boolean(), status: z.number().optional(), execution: executionSchema.nullish() })
  .loose()

export const apiKeyScopesSchema = z
  .object({
    agents: z.array(z.string()).optional(),
    scenarios: z.array(z.string()).optional(),
    cms: z.enum(['none', 'read', 'write']).optional(),
  })
  .loose()
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().optional(),
    scopes: apiKeyScopesSchema.optional(),
    createdAt: timestamp.optional(),
    lastUsedAt: timestamp.nullish(),
    expiresAt: timestamp.nullish(),
    key: z.string().optional(),
  })
  .loose()
export type ApiKey = z.infer<typeof apiKeySchema>
export const apiKeyCreateSchema = z.object({
  name: z.string().min(1, 'name is required').max(100),
  scopes: apiKeyScopesSchema.default({}),
  expiresAt: z.string().datetime({ message: 'expiresAt must be an ISO 8601 timestamp' }).optional(),
})

export const scheduleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scenarioId: z.string(),
    cron: z.string().nullish(),
    intervalSeconds: z.number().nullish(),
    timezone: z.string().optional(),
    input: z.string().nullish(),
    status: webhookStatusSchema,
    nextRunAt: timestamp.nullish(),
    lastRunAt: timestamp.nullish(),
  })
  .loose()
export type Schedule = z.infer<typeof scheduleSchema>
export const scheduleCreateSchema = z.object({
  name: z.string().min(1, 'name is required').max(100),
  scenarioId: z.string().min(1, 'scenarioId is required'),
  cron: z.string().optional(),
  intervalSeconds: z.number().int().positive('intervalSeconds must be a positive whole number').optional(),
  timezone: z.string().default('UTC'),
  input: z.string().default(''),
  status: webhookStatusSchema.default('active'),
})
export const scheduleEditSchema = scheduleCreateSchema.partial()

// --- sites, files, images, CMS ---

export const siteSchema = z.object({ id: z.string(), name: z.string().optional() }).loose()
export const pageSchema = z
  .object({ id: z.string(), siteId: z.string().optional(), title: z.string().optional() })
  .loose()
export const fileSchema = z
  .object({
    path: z.string(),
    size: z.number().optional(),
    contentType: z.string().optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export const imageAnalyzeRequestSchema = z.object({
  imageUrl: z.string().min(1, 'imageUrl is required'),
  prompt: z.string().default('Describe this image'),
})
export const imageAnalyzeResponseSchema = z.object({ text: z.string() }).loose()
export const imageGenerateRequestSchema = z.object({
  prompt: z.string().min(1, 'prompt is required'),
  size: z
    .string()
    .regex(/^\d{1,4}x\d{1,4}$/, 'size must look like 256x256')
    .optional(),
})
export const imageGenerateResponseSchema = z.object({ url: z.string() }).loose()

export const cmsRecordSchema = z
  .object({
    id: z.string(),
    data: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()).optional(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export type CmsRecord = z.infer<typeof cmsRecordSchema>
export const cmsSaveSchema = z.object({
  data: z.record(z.string(), z.unknown(), { message: 'data must be a JSON object' }),
  tags: z.array(z.string()).optional(),
})

// --- OAuth (RFC 8414, 7591, 6749) ---

export const oauthMetadataSchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string().optional(),
    revocation_endpoint: z.string().optional(),
    scopes_supported: z.array(z.string()).optional(),
    code_challenge_methods_supported: z.array(z.string()).optional(),
  })
  .loose()
export const oauthClientSchema = z
  .object({
    client_id: z.string(),
    client_secret: z.string().optional(),
    redirect_uris: z.array(z.string()).optional(),
  })
  .loose()
export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.string().optional(),
    expires_in: z.number().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
    account_id: z.string().optional(),
  })
  .loose()
export type TokenResponse = z.infer<typeof tokenResponseSchema>
