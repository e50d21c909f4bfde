// Scenarios, executions, webhooks, API keys and schedules (service-interface 2.4, 2.5; wire.md).
import * as z from '../zod.js'
import { jsonValue, timestamp } from './common.js'

export const scenarioSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  description: z.nullish(z.string()),
  enabled: z.optional(z.boolean()),
  instruction: z.nullish(z.string()),
  agentId: z.nullish(z.string()),
  signature_name: z.nullish(z.string()),
  createdAt: z.optional(timestamp),
  updatedAt: z.optional(timestamp),
})
export type Scenario = z.infer<typeof scenarioSchema>

/** An HTTP header name (RFC 9110 token): where a scenario's signature travels. */
const headerNameSchema = z
  .string()
  .check(z.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'signature_name must be an HTTP header name'))
/**
 * `scenario create` (the SDK's scenarios.create; docs/ui/scenarios: name 2–50, description and instruction at most
 * 5000 characters). The answer carries the generated `signature_secret`, shown this once.
 */
export const scenarioCreateSchema = z.strictObject({
  name: z
    .string()
    .check(z.minLength(2, 'name must be 2 to 50 characters'))
    .check(z.maxLength(50, 'name must be 2 to 50 characters')),
  description: z.optional(z.string().check(z.maxLength(5000, 'description must be at most 5000 characters'))),
  instruction: z.string().check(z.maxLength(5000, 'instruction must be at most 5000 characters')),
  agentId: z.string().check(z.minLength(1, 'agentId is required')),
  enabled: z.optional(z.boolean()),
  signature_name: z.optional(headerNameSchema),
})
/** `scenario edit`: the members given; `rotate_secret` asks for a new signing secret (shown once, as at creation). */
export const scenarioEditSchema = z.extend(z.partial(scenarioCreateSchema), {
  rotate_secret: z.optional(z.boolean()),
})
/** A bearer trigger's body (the SDK's scenarios.trigger(id, {input})): the input, text or any JSON value. */
export const scenarioTriggerSchema = z.strictObject({ input: jsonValue })

export const executionSchema = z.looseObject({
  id: z.string(),
  scenarioId: z.optional(z.string()),
  status: z.union([z.enum(['completed', 'failed']), z.string()]),
  /** what the run produced: a JSON value (wire.md names the member, not its type; the emulator's runs give text) */
  output: z.optional(jsonValue),
  /** what started it (the execution history): `direct` (a signed run), `webhook`, `schedule`, `test` */
  trigger: z.optional(z.union([z.enum(['direct', 'webhook', 'schedule', 'test']), z.string()])),
  startedAt: z.optional(timestamp),
  finishedAt: z.optional(timestamp),
})
export type Execution = z.infer<typeof executionSchema>

const webhookStatusSchema = z.enum(['active', 'inactive'])
export const webhookSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.nullish(z.string()),
  status: webhookStatusSchema,
  scenarioId: z.string(),
  secret: z.optional(z.string()),
  url: z.optional(z.string()),
  createdAt: z.optional(timestamp),
  updatedAt: z.optional(timestamp),
})
export type Webhook = z.infer<typeof webhookSchema>

/** Webhook create body with the interface's constraints (service-interface 2.4). */
// Request bodies are strict: an unknown field is refused (a 400 naming it, client-side a usage error), not dropped.
export const webhookCreateSchema = z.strictObject({
  name: z
    .string()
    .check(z.minLength(2, 'name must be 2 to 100 characters'))
    .check(z.maxLength(100, 'name must be 2 to 100 characters')),
  description: z.optional(z.string().check(z.maxLength(1000, 'description must be at most 1000 characters'))),
  status: webhookStatusSchema,
  scenarioId: z.string().check(z.minLength(1, 'scenarioId is required')),
})
export const webhookEditSchema = z.partial(webhookCreateSchema)

export const webhookTriggerResponseSchema = z.looseObject({
  received: z.boolean(),
  executionId: z.optional(z.string()),
})
export const webhookTestResponseSchema = z.looseObject({
  delivered: z.boolean(),
  status: z.optional(z.number()),
  execution: z.nullish(executionSchema),
})

const apiKeyScopesSchema = z.looseObject({
  agents: z.optional(z.array(z.string())),
  scenarios: z.optional(z.array(z.string())),
  cms: z.optional(z.enum(['none', 'read', 'write'])),
})
export const apiKeySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  prefix: z.optional(z.string()),
  scopes: z.optional(apiKeyScopesSchema),
  createdAt: z.optional(timestamp),
  lastUsedAt: z.nullish(timestamp),
  expiresAt: z.nullish(timestamp),
  key: z.optional(z.string()),
})
export type ApiKey = z.infer<typeof apiKeySchema>
export const apiKeyCreateSchema = z.strictObject({
  name: z.string().check(z.minLength(1, 'name is required')).check(z.maxLength(100)),
  scopes: z._default(z.strictObject(apiKeyScopesSchema.shape), {}),
  expiresAt: z.optional(z.iso.datetime({ message: 'expiresAt must be an ISO 8601 timestamp' })),
})

export const scheduleSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  scenarioId: z.string(),
  cron: z.nullish(z.string()),
  intervalSeconds: z.nullish(z.number()),
  timezone: z.optional(z.string()),
  input: z.nullish(z.string()),
  status: webhookStatusSchema,
  nextRunAt: z.nullish(timestamp),
  lastRunAt: z.nullish(timestamp),
})
export type Schedule = z.infer<typeof scheduleSchema>
export const scheduleCreateSchema = z.strictObject({
  name: z.string().check(z.minLength(1, 'name is required')).check(z.maxLength(100)),
  scenarioId: z.string().check(z.minLength(1, 'scenarioId is required')),
  cron: z.optional(z.string()),
  intervalSeconds: z.optional(z.int().check(z.positive('intervalSeconds must be a positive whole number'))),
  timezone: z._default(z.string(), 'UTC'),
  input: z._default(z.string(), ''),
  status: z._default(webhookStatusSchema, 'active'),
})
export const scheduleEditSchema = z.partial(scheduleCreateSchema)
