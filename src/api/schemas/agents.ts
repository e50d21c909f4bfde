// Agents, skills and A2A cards (wire.md, Agents, skills, A2A).
import * as z from '../zod.js'
import { timestamp } from './common.js'

export const agentSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  description: z.nullish(z.string()),
  model: z.nullish(z.string()),
  systemPrompt: z.nullish(z.string()),
  maxTokens: z.nullish(z.number()),
  createdAt: z.optional(timestamp),
  updatedAt: z.optional(timestamp),
})
export type Agent = z.infer<typeof agentSchema>

/** `agents create` (the official CLI's `agents create <name>`): a name, and what the agent is told and runs on. */
export const agentCreateSchema = z.strictObject({
  name: z
    .string()
    .check(z.minLength(1, 'name is required'))
    .check(z.maxLength(100, 'name must be at most 100 characters')),
  description: z.optional(z.string().check(z.maxLength(1000, 'description must be at most 1000 characters'))),
  systemPrompt: z.optional(z.string()),
  model: z.optional(z.string().check(z.minLength(1, 'model must not be empty'))),
})
/** `agents edit`: the members given, nothing else. */
export const agentEditSchema = z.partial(agentCreateSchema)

/** A model the account can chat with directly (the agents list's `models[]` beside `data[]`). */
export const chatModelSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  description: z.nullish(z.string()),
})
export type ChatModel = z.infer<typeof chatModelSchema>

/**
 * An account (a team) a credential reaches: the official CLI's `brightsy teams --json` items (sideboard
 * packages/core/src/brightsy/accounts.ts).
 */
export const teamSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  slug: z.optional(z.string()),
  picture_url: z.nullish(z.string()),
  role: z.nullish(z.string()),
  is_personal_account: z.optional(z.boolean()),
})
export type Team = z.infer<typeof teamSchema>

export const skillSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  description: z.nullish(z.string()),
  tags: z.optional(z.array(z.string())),
})
export type Skill = z.infer<typeof skillSchema>

/** An endpoint a 1.0 card offers (A2A 4.4.6, AgentInterface). */
const agentInterfaceSchema = z.looseObject({
  url: z.string(),
  protocolBinding: z.string(),
  protocolVersion: z.optional(z.string()),
})

/** An A2A agent card of either generation: 1.0 (`supportedInterfaces`) or 0.3 (`url`, `preferredTransport`). */
export const agentCardSchema = z.looseObject({
  protocolVersion: z.optional(z.string()),
  name: z.string(),
  description: z.optional(z.string()),
  supportedInterfaces: z.optional(z.array(agentInterfaceSchema)),
  url: z.optional(z.string()),
  preferredTransport: z.optional(z.string()),
  additionalInterfaces: z.optional(z.array(z.looseObject({ url: z.string(), transport: z.string() }))),
  version: z.optional(z.string()),
  capabilities: z.optional(z.looseObject({ streaming: z.optional(z.boolean()) })),
  defaultInputModes: z.optional(z.array(z.string())),
  defaultOutputModes: z.optional(z.array(z.string())),
  skills: z.optional(
    z.array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        description: z.optional(z.string()),
        tags: z.optional(z.array(z.string())),
      }),
    ),
  ),
  securitySchemes: z.optional(z.record(z.string(), z.unknown())),
})
export type AgentCard = z.infer<typeof agentCardSchema>
