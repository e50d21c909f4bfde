// Turns decoded completion chunks (wire.md "Completions": OpenAI chat-completions syntax) into high-level events.
// A chunk may carry a `delta` (streamed) or a whole `message` (streamed "incremental new messages", service-interface
// 6, or a non-streamed `chat.completion` object arriving as a single chunk); both feed the same events.
import type { Usage } from '../schemas/index.js'
import { isRecord } from '../is-record.js'
import { type CompletionToolCall, createToolCallCollector } from './tool-calls.js'

/** A high-level completion event. `done` comes last, once, unless the stream was truncated. */
export type CompletionEvent =
  | { type: 'meta'; id: string | undefined; model: string | undefined }
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool_call_delta'; index: number; id?: string; name?: string; arguments: string }
  | { type: 'tool_call'; index: number; call: CompletionToolCall }
  | { type: 'usage'; usage: Usage }
  | { type: 'error'; message: string; code?: string }
  | { type: 'done'; finish_reason: string | null }

/** Maps chunks to events; keeps the state of one completion (meta sent, tool calls being built, finish reason). */
export interface CompletionEventMapper {
  /**
   * One decoded JSON chunk: a chat.completion.chunk, a chat.completion, or an `{error}` object. Its events are
   * appended to `out` (a new array by default), which is returned: the stream decoder passes one array per read
   * instead of getting one per token.
   */
  push(chunk: unknown, out?: CompletionEvent[]): CompletionEvent[]
  /** An error reported out of band, e.g. an SSE `event: error` whose data is not an `{error}` object. */
  error(message: string, code?: string): CompletionEvent[]
  /**
   * The stream is over: at `[DONE]` (`doneMarker` true) or at the end of the body. `truncated` is true when it ended
   * with neither `[DONE]`, a finish_reason nor an error; then no `done` is emitted and unfinished tool calls, whose
   * arguments may be cut short, are dropped.
   */
  finish(doneMarker: boolean): { events: CompletionEvent[]; truncated: boolean }
}

/** Creates a mapper for one completion. Only choice 0 is read: the service returns one choice. */
export function createCompletionEventMapper(): CompletionEventMapper {
  const tools = createToolCallCollector()
  let metaSent = false
  let finishReason: string | undefined
  let errored = false
  let finished = false

  function flushTools(out: CompletionEvent[]): void {
    for (const { index, call } of tools.flush()) out.push({ type: 'tool_call', index, call })
  }

  function pushError(out: CompletionEvent[], message: string, code: string | undefined): void {
    errored = true
    out.push(code === undefined ? { type: 'error', message } : { type: 'error', message, code })
  }

  return {
    push(chunk, out = []) {
      if (finished || !isRecord(chunk)) return out
      if (chunk.error !== undefined && chunk.error !== null) {
        const { message, code } = errorDetails(chunk.error)
        pushError(out, message, code)
        return out
      }
      if (!metaSent && (typeof chunk.id === 'string' || typeof chunk.model === 'string')) {
        metaSent = true
        out.push({ type: 'meta', id: stringOrUndefined(chunk.id), model: stringOrUndefined(chunk.model) })
      }
      const choice = firstChoice(chunk.choices)
      if (choice !== undefined) {
        const part = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : undefined
        if (part !== undefined) {
          const reasoning = reasoningText(part)
          if (reasoning !== '') out.push({ type: 'reasoning', text: reasoning })
          const text = contentText(part.content)
          if (text !== '') out.push({ type: 'text', text })
          if (Array.isArray(part.tool_calls)) {
            const whole = part === choice.message
            for (const raw of part.tool_calls) {
              if (whole) tools.whole(raw)
              else {
                const delta = tools.delta(raw)
                if (delta !== undefined) out.push({ type: 'tool_call_delta', ...delta })
              }
            }
          }
        }
        if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
          finishReason = choice.finish_reason
          flushTools(out)
        }
      }
      const usage = normalizeUsage(chunk.usage)
      if (usage !== undefined) out.push({ type: 'usage', usage })
      return out
    },
    error(message, code) {
      const out: CompletionEvent[] = []
      if (!finished) pushError(out, message, code)
      return out
    },
    finish(doneMarker) {
      const out: CompletionEvent[] = []
      if (finished) return { events: out, truncated: false }
      finished = true
      if (!doneMarker && finishReason === undefined && !errored) return { events: out, truncated: true }
      flushTools(out)
      out.push({ type: 'done', finish_reason: finishReason ?? null })
      return { events: out, truncated: false }
    },
  }
}

/** The message of an `{error}` member: an object with `message` (wire.md "Error bodies"), or a bare string. */
export function errorDetails(error: unknown): { message: string; code: string | undefined } {
  if (typeof error === 'string') return { message: error, code: undefined }
  if (isRecord(error)) {
    const message = typeof error.message === 'string' ? error.message : JSON.stringify(error)
    const code = typeof error.code === 'string' || typeof error.code === 'number' ? String(error.code) : undefined
    return { message, code }
  }
  return { message: JSON.stringify(error), code: undefined }
}

function firstChoice(choices: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(choices)) return undefined
  for (const c of choices) if (isRecord(c) && (c.index === undefined || c.index === 0)) return c
  return undefined
}

/** Text of a content value: a string, or an array of items `{type:'text', text}` / `{text}` (images skipped). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  let text = ''
  for (const item of content) {
    if (typeof item === 'string') text += item
    else if (isRecord(item) && typeof item.text === 'string' && (item.type === undefined || item.type === 'text')) {
      text += item.text
    }
  }
  return text
}

/**
 * The reasoning ("thinking") text of a delta or message. OpenRouter sends `reasoning` and, for the same text,
 * `reasoning_details` items (`reasoning.text` with `text`, `reasoning.summary` with `summary`; `reasoning.encrypted`
 * has none); DeepSeek and vLLM send `reasoning_content`. The first present is read, so nothing is shown twice.
 */
function reasoningText(part: Record<string, unknown>): string {
  if (typeof part.reasoning === 'string' && part.reasoning !== '') return part.reasoning
  if (typeof part.reasoning_content === 'string' && part.reasoning_content !== '') return part.reasoning_content
  if (!Array.isArray(part.reasoning_details)) return ''
  let text = ''
  for (const d of part.reasoning_details) {
    if (!isRecord(d)) continue
    if (typeof d.text === 'string') text += d.text
    else if (typeof d.summary === 'string') text += d.summary
  }
  return text
}

function normalizeUsage(raw: unknown): Usage | undefined {
  if (!isRecord(raw)) return undefined
  const p = raw.prompt_tokens
  const c = raw.completion_tokens
  const t = raw.total_tokens
  if (typeof p !== 'number' && typeof c !== 'number' && typeof t !== 'number') return undefined
  const prompt = typeof p === 'number' ? p : 0
  const completion = typeof c === 'number' ? c : 0
  return {
    ...raw,
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: typeof t === 'number' ? t : prompt + completion,
  }
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}
