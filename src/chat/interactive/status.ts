// The dim lines around an answer: usage and speed after it, tool calls and their results as they happen. Pure
// formatting, unit-tested; the answer view decides when to print them.
import type { Usage } from '../../api/schemas/index.js'
import type { ChatToolCall } from '../session.js'
import { sanitize } from '../../text/sanitize.js'
import { fitWidth } from './prompt-view.js'
import { formatDuration } from '../../io/format-duration.js'
import { type Glyphs, unicodeGlyphs } from '../../io/glyphs.js'

/** Timing of one answer: when it was sent, when the first and last text arrived, when it ended. */
export interface AnswerTiming {
  sentAt: number
  firstTextAt: number | undefined
  endedAt: number
}

/**
 * The usage line: "12 in · 85 out · 1.2 s · 70 tok/s". Speed is output tokens over the streaming time (first text
 * to end), so time to first token does not dilute it; left out when too short to measure.
 */
export function formatUsage(usage: Usage | undefined, t: AnswerTiming, g: Glyphs = unicodeGlyphs): string {
  const parts: string[] = []
  if (usage) parts.push(`${usage.prompt_tokens} in`, `${usage.completion_tokens} out`)
  parts.push(formatDuration(t.endedAt - t.sentAt))
  const streamMs = t.firstTextAt === undefined ? 0 : t.endedAt - t.firstTextAt
  if (usage && usage.completion_tokens > 1 && streamMs >= 100) {
    parts.push(`${Math.round((usage.completion_tokens * 1000) / streamMs)} tok/s`)
  }
  return parts.join(` ${g.separator} `)
}

/** Text from the server made safe for one terminal row: line breaks and tabs become spaces, escape sequences shown. */
export function oneLine(s: string): string {
  return sanitize(s.replace(/[\t\n\r]+/g, ' '))
}

/** Compact JSON of a tool call's arguments (they arrive as a JSON string, maybe pretty-printed or invalid). */
export function compactArguments(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args))
  } catch {
    return args.replace(/\s+/g, ' ').trim()
  }
}

/** "⚙ get_weather {"city":"Paris"}", cut to the width. */
export function formatToolCall(call: ChatToolCall, width: number, g: Glyphs = unicodeGlyphs): string {
  const line = oneLine(`${g.tool} ${call.function.name} ${compactArguments(call.function.arguments)}`).trimEnd()
  return fitWidth(line, width, g.ellipsis)
}

/** "  ↳ get_weather: 18 °C, light rain · 120 ms" (the result's first line), cut to the width. */
export function formatToolResult(
  r: { name: string; content: string; ok: boolean; ms: number },
  width: number,
  g: Glyphs = unicodeGlyphs,
): string {
  const first = r.content.trim().split('\n')[0] ?? ''
  const more = r.content.trim().includes('\n') ? ` ${g.ellipsis}` : ''
  const label = r.ok ? '' : 'failed: '
  const line = `  ${g.toolResult} ${r.name}: ${label}${first}${more} ${g.separator} ${formatDuration(r.ms)}`
  return fitWidth(oneLine(line), width, g.ellipsis)
}
