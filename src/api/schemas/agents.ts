// Agents, skills and A2A cards (wire.md, Agents, skills, A2A).
import * as z from 'zod'
import { timestamp } from './common.js'

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

/** An endpoint a 1.0 card offers (A2A 4.4.6, AgentInterface). */
const agentInterfaceSchema = z
  .object({ url: z.string(), protocolBinding: z.string(), protocolVersion: z.string().optional() })
  .loose()

/** An A2A agent card of either generation: 1.0 (`supportedInterfaces`) or 0.3 (`url`, `preferredTransport`). */
export const agentCardSchema = z
  .object({
    protocolVersion: z.string().optional(),
    name: z.string(),
    description: z.string().optional(),
    supportedInterfaces: z.array(agentInterfaceSchema).optional(),
    url: z.string().optional(),
    preferredTransport: z.string().optional(),
    additionalInterfaces: z.array(z.object({ url: z.string(), transport: z.string() }).loose()).optional(),
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
