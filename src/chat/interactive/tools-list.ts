// /tools: the tools the agent may call — its own (from the agent record, service-interface 2.3) and those given
// with --tools — with their descriptions and parameters, one short block each.
import { type ToolDefinition, toolDefinitionSchema } from '../../api/schemas/index.js'
import { fitWidth } from './prompt-view.js'
import { oneLine } from './status.js'
import type { UiStyle } from './style.js'

/** The valid tool definitions in an agent record's `tools` member (absent or malformed: none). */
export function toolsOfAgent(agent: unknown): ToolDefinition[] {
  const list = (agent as { tools?: unknown } | null)?.tools
  if (!Array.isArray(list)) return []
  const out: ToolDefinition[] = []
  for (const t of list) {
    const r = toolDefinitionSchema.safeParse(t)
    if (r.success) out.push(r.data)
  }
  return out
}

/** The request's tools first (their source from `sources`, else --tools), then the agent's not overridden by name (the service's own merge rule). */
export function mergeToolLists(
  request: readonly ToolDefinition[],
  agent: readonly ToolDefinition[],
  sources?: ReadonlyMap<string, string>,
): { tool: ToolDefinition; source: string }[] {
  const names = new Set(request.map((t) => t.function.name))
  return [
    ...request.map((tool) => ({ tool, source: sources?.get(tool.function.name) ?? '--tools' })),
    ...agent.filter((t) => !names.has(t.function.name)).map((tool) => ({ tool, source: 'agent' })),
  ]
}

/** "city: string (required), unit: celsius|fahrenheit" from a JSON Schema object's properties. */
function describeParameters(params: Record<string, unknown> | undefined): string {
  const props = params?.properties
  if (!props || typeof props !== 'object') return ''
  const required = new Set(Array.isArray(params.required) ? params.required.map(String) : [])
  return Object.entries(props as Record<string, { type?: unknown; enum?: unknown }>)
    .map(([name, spec]) => {
      const type = Array.isArray(spec?.enum) ? spec.enum.map(String).join('|') : String(spec?.type ?? 'any')
      return `${name}: ${type}${required.has(name) ? ' (required)' : ''}`
    })
    .join(', ')
}

/** The /tools listing. */
export function describeTools(
  tools: { tool: ToolDefinition; source: string }[],
  style: UiStyle,
  columns: number,
): string {
  if (tools.length === 0) return `${style.dim('this agent has no tools (add some with --tools <file.json>)')}\n`
  const lines = [style.bold(`Tools (${tools.length})`)]
  for (const { tool, source } of tools) {
    const f = tool.function
    const desc = f.description ? ` ${style.glyphs.dash} ${oneLine(f.description)}` : ''
    lines.push(
      `  ${style.accent(oneLine(f.name))}${fitWidth(desc, Math.max(10, columns - f.name.length - 14), style.glyphs.ellipsis)} ${style.dim(`(${source})`)}`,
    )
    const params = describeParameters(f.parameters)
    if (params) lines.push(style.dim(fitWidth(`    ${oneLine(params)}`, columns - 1, style.glyphs.ellipsis)))
  }
  return `${lines.join('\n')}\n`
}
