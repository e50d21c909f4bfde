// Client-side message conversion (service-interface 2.8, "library behaviour"): messages with `content` arrays become
// messages with `parts` for rendering. Consecutive messages of one role merge (usage added up), and a tool call and
// its tool result join into one `tool-invocation` part with state `result`. Not an HTTP contract.

import { isRecord } from '../api/is-record.js'
/** One part of a converted message. */
export type UiPart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-invocation'; toolInvocation: ToolInvocation }
  | { type: 'source'; source: { url?: string; title?: string; id?: string; [k: string]: unknown } }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: 'file'; file: Record<string, unknown> }

/** A tool call, and once its result has arrived, the result (state `result`). */
export interface ToolInvocation {
  state: 'call' | 'result'
  toolCallId: string
  toolName: string
  args: unknown
  result?: unknown
}

/** Token counts, added up over merged messages. */
export interface UiUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/** A converted message: a role (tool results join the assistant turn), its parts, its usage. */
export interface UiMessage {
  id?: string
  role: 'system' | 'user' | 'assistant'
  parts: UiPart[]
  createdAt?: string
  usage?: UiUsage
}

type Loose = Record<string, unknown>
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** JSON text as its value; anything else as it is (tool arguments and results are serialised JSON, 2.1). */
function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v)
  } catch {
    return v
  }
}

/** The parts of one content item (text items may lack `type`, 2.1). Unknown items are dropped. */
function itemParts(item: unknown): UiPart[] {
  if (typeof item === 'string') return item ? [{ type: 'text', text: item }] : []
  if (!isRecord(item)) return []
  const type = item.type ?? (typeof item.text === 'string' ? 'text' : undefined)
  switch (type) {
    case 'text':
      return typeof item.text === 'string' ? [{ type: 'text', text: item.text }] : []
    case 'reasoning': {
      const text = str(item.text) ?? str(item.reasoning)
      return text ? [{ type: 'reasoning', text }] : []
    }
    case 'image_url': {
      const image = isRecord(item.image_url) ? item.image_url : { url: item.image_url }
      return typeof image.url === 'string' ? [{ type: 'image_url', image_url: image as { url: string } }] : []
    }
    case 'source':
      return [{ type: 'source', source: (isRecord(item.source) ? item.source : item) as { url?: string } }]
    case 'file':
      return [{ type: 'file', file: isRecord(item.file) ? item.file : item }]
    default:
      return []
  }
}

function usageOf(m: Loose): UiUsage | undefined {
  const u = m.usage
  if (!isRecord(u)) return undefined
  const n = (k: string) => (typeof u[k] === 'number' ? (u[k] as number) : 0)
  return {
    prompt_tokens: n('prompt_tokens'),
    completion_tokens: n('completion_tokens'),
    total_tokens: n('total_tokens'),
  }
}

function addUsage(a: UiUsage | undefined, b: UiUsage | undefined): UiUsage | undefined {
  if (!a || !b) return a ?? b
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  }
}

/** The parts of one message: reasoning first, then content items, then its tool calls (state `call`). */
function messageParts(m: Loose): UiPart[] {
  const parts: UiPart[] = []
  const reasoning = str(m.reasoning) ?? str(m.reasoning_content)
  if (reasoning) parts.push({ type: 'reasoning', text: reasoning })
  if (Array.isArray(m.content)) for (const item of m.content) parts.push(...itemParts(item))
  else if (typeof m.content === 'string' && m.content) parts.push({ type: 'text', text: m.content })
  if (Array.isArray(m.tool_calls))
    for (const call of m.tool_calls) {
      if (!isRecord(call)) continue
      const fn = isRecord(call.function) ? call.function : {}
      parts.push({
        type: 'tool-invocation',
        toolInvocation: {
          state: 'call',
          toolCallId: str(call.id) ?? '',
          toolName: str(fn.name) ?? '',
          args: parseJson(fn.arguments),
        },
      })
    }
  return parts
}

/** The tool-invocation part (of any message so far, latest first) that a tool result answers. */
function findCall(out: UiMessage[], id: string): ToolInvocation | undefined {
  for (let i = out.length - 1; i >= 0; i--)
    for (const p of out[i]!.parts)
      if (p.type === 'tool-invocation' && p.toolInvocation.toolCallId === id && p.toolInvocation.state === 'call')
        return p.toolInvocation
  return undefined
}

/** Converts messages as the service keeps them into messages with parts (service-interface 2.8). */
export function toUiMessages(messages: readonly unknown[]): UiMessage[] {
  const out: UiMessage[] = []
  for (const raw of messages) {
    if (!isRecord(raw)) continue
    const role = raw.role
    let converted: UiMessage
    if (role === 'tool') {
      const id = str(raw.tool_call_id) ?? ''
      const text = Array.isArray(raw.content)
        ? raw.content.map((c) => (isRecord(c) ? (str(c.text) ?? '') : String(c))).join('')
        : raw.content
      const result = parseJson(text)
      const call = findCall(out, id)
      if (call) {
        call.state = 'result'
        call.result = result
        continue
      }
      // A result without its call (a trimmed history): kept as an assistant part of its own.
      const toolInvocation: ToolInvocation = {
        state: 'result',
        toolCallId: id,
        toolName: str(raw.name) ?? '',
        args: undefined,
        result,
      }
      converted = { role: 'assistant', parts: [{ type: 'tool-invocation', toolInvocation }] }
    } else if (role === 'system' || role === 'user' || role === 'assistant') {
      converted = { role, parts: messageParts(raw) }
      const id = str(raw.id)
      if (id !== undefined) converted.id = id
      const createdAt = str(raw.createdAt)
      if (createdAt !== undefined) converted.createdAt = createdAt
      const usage = usageOf(raw)
      if (usage) converted.usage = usage
    } else continue
    const last = out[out.length - 1]
    if (last && last.role === converted.role) {
      last.parts.push(...converted.parts)
      const usage = addUsage(last.usage, converted.usage)
      if (usage) last.usage = usage
      last.id ??= converted.id
      last.createdAt ??= converted.createdAt
    } else out.push(converted)
  }
  return out
}

/** The text of a converted message for a one-line view: text parts, tool calls as `name()`, images as [image]. */
export function uiMessageSummary(m: UiMessage): string {
  return m.parts
    .map((p) => {
      if (p.type === 'text') return p.text
      if (p.type === 'tool-invocation')
        return `[${p.toolInvocation.toolName}()${p.toolInvocation.state === 'result' ? ' ✓' : ''}]`
      if (p.type === 'image_url') return '[image]'
      if (p.type === 'file') return '[file]'
      if (p.type === 'source') return `[source ${p.source.url ?? p.source.title ?? ''}]`
      return ''
    })
    .filter(Boolean)
    .join(' ')
}
