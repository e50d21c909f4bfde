// The tools a completion may call: the agent's own tools plus the request's `tools` (service-interface 2.3); a
// request tool replaces an agent tool of the same name.
import { type ToolDefinition, toolDefinitionSchema } from '../../api/schemas/index.js'
import type { StoredAgent } from '../state.js'

/** The agent's stored tools that are valid tool definitions. */
export function agentTools(agent: StoredAgent): ToolDefinition[] {
  const out: ToolDefinition[] = []
  for (const t of agent.tools ?? []) {
    const r = toolDefinitionSchema.safeParse(t)
    if (r.success) out.push(r.data)
  }
  return out
}

/** Request tools first, then agent tools whose names the request does not use. */
export function mergeTools(request: ToolDefinition[] | undefined, own: ToolDefinition[]): ToolDefinition[] {
  if (!request?.length) return own
  const names = new Set(request.map((t) => t.function.name))
  return [...request, ...own.filter((t) => !names.has(t.function.name))]
}
