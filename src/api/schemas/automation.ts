// Scenarios, executions, webhooks, API keys and schedules (service-interface 2.4, 2.5; wire.md).
import * as z from 'zod'
import { timestamp } from './common.js'

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

const webhookStatusSchema = z.enum(['active', 'inactive'])
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

const apiKeyScopesSchema = z
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
