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
