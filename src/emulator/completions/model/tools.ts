// Tool calls of the scripted model (service-interface 2.2, 2.3): a tool is called when the user names it
// (`get_weather`, `get weather`, or its noun alone: `weather` for `get_weather`); its JSON arguments are read from
// the message: `key=value` / `key: value` pairs, an inline JSON object, enum words, numbers, and for the main string
// argument the phrase after "in", "for", "about", "of" or "on".
import { createHash } from 'node:crypto'
import type { ToolDefinition } from '../../../api/schemas/index.js'

/** A tool call the model decided on. */
export interface PlannedToolCall {
  id: string
  name: string
  arguments: string
}

interface PropSpec {
  type?: unknown
  enum?: unknown
}

const verbs = /^(get|fetch|find|search|lookup|look_up|query|list|check|create|make|send|run)_/
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Where in the text (lowercased) the tool is named, or -1. */
export function mentionIndex(text: string, name: string): number {
  const lower = text.toLowerCase()
  const n = name.toLowerCase()
  const forms = [n, n.replace(/[_-]+/g, ' ')]
  const noun = n.replace(verbs, '')
  if (noun !== n && noun.length >= 4) forms.push(noun.replace(/[_-]+/g, ' '))
  let best = -1
  for (const f of forms) {
    const m = new RegExp(`(^|[^a-z0-9_])${escapeRegex(f)}($|[^a-z0-9_])`).exec(lower)
    if (m && (best < 0 || m.index < best)) best = m.index
  }
  return best
}

/**
 * The directives "use <tool> with {json}" in `text`, in order: the tool of that exact name and that JSON object as
 * its arguments, verbatim (docs/mcp.md "The emulator's scripted model"). Only tools offered in the request count.
 */
export function explicitToolUses(text: string, tools: ToolDefinition[]): { name: string; args: string }[] {
  const offered = new Set(tools.map((t) => t.function.name))
  const out: { name: string; args: string }[] = []
  for (const m of text.matchAll(/\buse\s+`?([\w.:-]+)`?\s+with\s+(?=\{)/gi)) {
    const name = m[1]!
    const json = balancedObject(text, m.index + m[0].length)
    if (offered.has(name) && json !== undefined) out.push({ name, args: json })
  }
  // the arguments go out as JSON: what is returned is what JSON carries (no -0, from the text, a truncation or an enum)
  return JSON.parse(JSON.stringify(out))
}

/** The JSON object text that starts at `start` (a `{`), braces balanced outside strings; undefined if not JSON. */
function balancedObject(text: string, start: number): string | undefined {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) {
      const candidate = text.slice(start, i + 1)
      try {
        const v = JSON.parse(candidate)
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? JSON.stringify(v) : undefined
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** The calls for the tools named in `text`, in the order they are named; `seed` makes the ids deterministic. */
export function planToolCalls(text: string, tools: ToolDefinition[], seed: string): PlannedToolCall[] {
  const callId = (name: string, i: number) =>
    `call_${createHash('sha256').update(`${seed}\n${name}\n${i}`).digest('hex').slice(0, 24)}`
  // "use <tool> with {json}" says exactly which tool and which arguments: nothing else is guessed
  const uses = explicitToolUses(text, tools)
  if (uses.length > 0) return uses.map((u, i) => ({ id: callId(u.name, i), name: u.name, arguments: u.args }))
  const named = tools
    .map((t) => ({ t, at: mentionIndex(text, t.function.name) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
  return named.map(({ t }, i) => ({
    id: callId(t.function.name, i),
    name: t.function.name,
    arguments: JSON.stringify(deriveArguments(text, t)),
  }))
}

function inlineJson(text: string): Record<string, unknown> | undefined {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end <= start) return undefined
  try {
    const v = JSON.parse(text.slice(start, end + 1))
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined
  } catch {
    return undefined
  }
}

function explicit(text: string, key: string): string | undefined {
  const m = new RegExp(`["']?\\b${escapeRegex(key)}["']?\\s*[=:]\\s*(?:"([^"]*)"|'([^']*)'|([^\\s,;]+))`, 'i').exec(
    text,
  )
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

const stopWords = new Set([
  'in',
  'for',
  'about',
  'of',
  'on',
  'with',
  'using',
  'and',
  'please',
  'at',
  'to',
  'by',
  'from',
])

// The phrase after a preposition, up to punctuation or the next preposition-like word ("Zürich in fahrenheit").
function phrase(text: string): string | undefined {
  const m = /\b(?:in|for|about|of|on)\s+([^?!.,;:\n]+)/i.exec(text)
  const words: string[] = []
  for (const w of (m?.[1] ?? '').trim().split(/\s+/)) {
    if (w === '' || stopWords.has(w.toLowerCase())) break
    words.push(w)
  }
  return words.length ? words.join(' ') : undefined
}

// JSON from the request: String() would throw on an object like {"toString": null}.
const plain = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

function coerce(value: unknown, spec: PropSpec): unknown {
  if (typeof value !== 'string') return value
  if (spec.type === 'number' || spec.type === 'integer') {
    const n = Number(value)
    return Number.isFinite(n) ? n : value
  }
  if (spec.type === 'boolean') return /^(true|yes|1)$/i.test(value)
  return value
}

/** JSON arguments for one tool, read from the message text (see the file comment). */
export function deriveArguments(text: string, tool: ToolDefinition): Record<string, unknown> {
  const params = tool.function.parameters ?? {}
  const props = (
    typeof params.properties === 'object' && params.properties !== null ? params.properties : {}
  ) as Record<string, PropSpec>
  const required = new Set(Array.isArray(params.required) ? params.required.map(plain) : [])
  const json = inlineJson(text)
  const out: Record<string, unknown> = {}
  const numbers = [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]))
  let mainStringDone = false
  const keys = Object.keys(props).sort((a, b) => Number(required.has(b)) - Number(required.has(a)))
  for (const key of keys) {
    const spec = (typeof props[key] === 'object' && props[key] !== null ? props[key] : {}) as PropSpec
    const given = json?.[key] ?? explicit(text, key)
    if (given !== undefined) {
      out[key] = coerce(given, spec)
      continue
    }
    if (Array.isArray(spec.enum) && spec.enum.length > 0) {
      const hit = spec.enum.find((v) => text.toLowerCase().includes(plain(v).toLowerCase()))
      if (hit !== undefined || required.has(key)) out[key] = hit ?? spec.enum[0]
    } else if (spec.type === 'number' || spec.type === 'integer') {
      const n = numbers.shift()
      if (n !== undefined) out[key] = spec.type === 'integer' ? Math.trunc(n) : n
    } else if (spec.type === 'boolean') {
      if (required.has(key)) out[key] = /\b(true|yes)\b/i.test(text)
    } else if (spec.type === 'string' || spec.type === undefined) {
      if (!mainStringDone) {
        mainStringDone = true
        out[key] = phrase(text) ?? text.trim()
      } else if (required.has(key)) out[key] = ''
    }
  }
  // the arguments go out as JSON: what is returned is what JSON carries (no -0, from the text, a truncation or an enum)
  return JSON.parse(JSON.stringify(out))
}
