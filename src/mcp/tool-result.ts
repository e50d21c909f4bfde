// How a tool's outcome goes back to an MCP client (MCP spec 2025-06-18 "Tools", "Error handling"): data as JSON
// text (and structuredContent), failures as a tool result with `isError: true` carrying the CLI's own message and
// hint, so the model sees what a user of the CLI would see. Protocol errors (unknown tool, bad arguments) are the
// SDK's.
import { AgentryError } from '../errors.js'
import { sanitizeText } from '../text/sanitize.js'

/** The result of one tool call (the shape of the SDK's CallToolResult). */
export interface ToolResult {
  [key: string]: unknown
  content: { type: 'text'; text: string }[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

/** A successful result: the value as pretty JSON text, and as structured content when it is an object. */
export function jsonResult(value: unknown): ToolResult {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'null')
  const structured =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { items: value }
  return { content: [{ type: 'text', text }], ...(typeof value === 'string' ? {} : { structuredContent: structured }) }
}

/** The CLI's words for an error: `message` and, on its own line, `hint: …` (as the CLI prints them on stderr). */
function errorText(err: unknown): string {
  if (err instanceof AgentryError) {
    const lines = [err.message]
    if (err.hint) lines.push(`hint: ${err.hint}`)
    return sanitizeText(lines.join('\n'))
  }
  return sanitizeText(err instanceof Error ? err.message : String(err))
}

/** A failed call as a tool error (isError: true) with the CLI's message and hint. */
export function errorResult(err: unknown): ToolResult {
  return { content: [{ type: 'text', text: errorText(err) }], isError: true }
}
