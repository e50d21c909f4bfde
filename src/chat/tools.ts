// `--tools <file.json>`: a JSON array of function tool definitions (service-interface 2.3), each checked with the
// shared schema; an error names the file, the item (index and tool name) and the member that is wrong.
import { readArgText } from '../io/arg-file.js'
import { type ToolDefinition, toolDefinitionSchema } from '../api/schemas/index.js'
import { UsageError } from '../errors.js'

/** Checks parsed JSON as a list of tool definitions; `label` names its source in errors. */
export function parseToolDefinitions(value: unknown, label: string): ToolDefinition[] {
  // `{"tools":[…]}` is what a saved request body looks like; take its list rather than make the user edit it.
  const list =
    value && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as { tools?: unknown }).tools)
      ? (value as { tools: unknown[] }).tools
      : value
  if (!Array.isArray(list))
    throw new UsageError(
      `${label}: expected a JSON array of tool definitions`,
      'e.g. [{"type":"function","function":{"name":"get_weather","parameters":{"type":"object","properties":{}}}}]',
    )
  const seen = new Set<string>()
  return list.map((item, i) => {
    const name = (item as { function?: { name?: unknown } } | null)?.function?.name
    const what = `${label}: item ${i}${typeof name === 'string' ? ` (${name})` : ''}`
    const r = toolDefinitionSchema.safeParse(item)
    if (!r.success) {
      const issue = r.error.issues[0]
      const path = issue?.path.length ? issue.path.join('.') : 'item'
      throw new UsageError(
        `${what}: ${path}: ${issue?.message ?? 'invalid'}`,
        'a tool is {"type":"function","function":{"name":"…","description":"…","parameters":{JSON Schema}}}',
      )
    }
    const params = r.data.function.parameters
    if (params !== undefined && params.type !== undefined && params.type !== 'object')
      throw new UsageError(`${what}: function.parameters.type must be "object"`)
    if (seen.has(r.data.function.name)) throw new UsageError(`${what}: a second tool with the same name`)
    seen.add(r.data.function.name)
    return r.data
  })
}

/** Reads and checks a `--tools` file of at most `limit` bytes (the run's body limit: the tools are sent in it). */
export async function loadToolsFile(path: string, limit?: number): Promise<ToolDefinition[]> {
  const text = await readArgText(path, `--tools ${path}`, limit)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new UsageError(`--tools ${path}: not valid JSON: ${(err as Error).message}`)
  }
  return parseToolDefinitions(value, `--tools ${path}`)
}
