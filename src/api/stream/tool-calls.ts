// Collects OpenAI tool_call deltas (wire.md: chat-completions syntax) into complete calls. The first fragment of a
// call carries its index, id and function name; later ones carry `function.arguments` pieces to concatenate. The
// name is replaced rather than concatenated, as the reference OpenAI client does, since some providers repeat it.
import { isRecord } from '../is-record.js'

/** A complete function tool call, as it appears in an assistant message. */
export interface CompletionToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** One tool_call fragment as received; `arguments` is the new piece only. */
interface ToolCallDelta {
  index: number
  id?: string
  name?: string
  arguments: string
}

/** A tool call made complete (at finish_reason or end of stream), with its position among the calls. */
interface CompletedToolCall {
  index: number
  call: CompletionToolCall
}

/** Accumulates tool calls across chunks; `flush()` returns the complete ones in index order. */
export interface ToolCallCollector {
  delta(raw: unknown): ToolCallDelta | undefined
  whole(raw: unknown): void
  flush(): CompletedToolCall[]
}

interface Pending {
  id: string | undefined
  name: string
  args: string[]
}

/** Creates an empty collector. */
export function createToolCallCollector(): ToolCallCollector {
  const pending = new Map<number, Pending>()
  let nextIndex = 0
  let lastIndex: number | undefined

  // Some OpenAI-compatible providers omit `index`; fall back to the id, then to the call being built.
  function resolveIndex(rawIndex: unknown, id: string | undefined): number {
    if (typeof rawIndex === 'number' && Number.isInteger(rawIndex) && rawIndex >= 0) return rawIndex
    if (id !== undefined) {
      for (const [index, p] of pending) if (p.id === id) return index
      return nextIndex
    }
    return lastIndex ?? nextIndex
  }

  function slot(index: number): Pending {
    let p = pending.get(index)
    if (p === undefined) {
      p = { id: undefined, name: '', args: [] }
      pending.set(index, p)
    }
    lastIndex = index
    if (index >= nextIndex) nextIndex = index + 1
    return p
  }

  return {
    delta(raw) {
      if (!isRecord(raw)) return undefined
      const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined
      const index = resolveIndex(raw.index, id)
      const p = slot(index)
      const fn = isRecord(raw.function) ? raw.function : {}
      const name = typeof fn.name === 'string' && fn.name !== '' ? fn.name : undefined
      const args = argumentsText(fn.arguments)
      if (id !== undefined) p.id = id
      if (name !== undefined) p.name = name
      if (args !== '') p.args.push(args)
      return { index, ...(id !== undefined ? { id } : {}), ...(name !== undefined ? { name } : {}), arguments: args }
    },
    whole(raw) {
      if (!isRecord(raw)) return
      const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined
      const index = typeof raw.index === 'number' && raw.index >= 0 ? raw.index : nextIndex
      const fn = isRecord(raw.function) ? raw.function : {}
      pending.delete(index)
      const p = slot(index)
      p.id = id
      p.name = typeof fn.name === 'string' ? fn.name : ''
      p.args = [argumentsText(fn.arguments)]
    },
    flush() {
      const done = [...pending.entries()].sort((a, b) => a[0] - b[0])
      pending.clear()
      lastIndex = undefined
      return done.map(([index, p]) => ({
        index,
        call: { id: p.id ?? `call_${index}`, type: 'function', function: { name: p.name, arguments: p.args.join('') } },
      }))
    },
  }
}

// Arguments are a JSON text per the OpenAI syntax; a provider that sends an object gets it serialized.
function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined || value === null) return ''
  return JSON.stringify(value)
}
