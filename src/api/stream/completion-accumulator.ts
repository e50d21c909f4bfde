// Collects the final assistant message from completion events, for transcripts and `--json` output.
import type { Usage } from '../schemas/index.js'
import type { CompletionEvent } from './completion-events.js'
import type { CompletionToolCall } from './tool-calls.js'

/** The assistant message a stream produced, in the shape of a chat-completions `message` plus stream facts. */
export interface AssistantMessage {
  role: 'assistant'
  content: string
  /** the model's reasoning, apart from the answer ('' when it sent none) */
  reasoning: string
  tool_calls: CompletionToolCall[]
  finish_reason: string | null
  usage: Usage | undefined
  id: string | undefined
  model: string | undefined
  errors: string[]
  /** A `done` event arrived: false when the stream was truncated or is still running. */
  complete: boolean
}

/** Accumulates events; `result()` can be called at any time (e.g. to save a partial answer after a drop). */
export interface CompletionAccumulator {
  push(event: CompletionEvent): void
  result(): AssistantMessage
}

/** Creates an empty accumulator. Text pieces are joined once per `result()`, not on every event. */
export function createCompletionAccumulator(): CompletionAccumulator {
  let parts: string[] = []
  const thoughts: string[] = []
  const toolCalls: CompletionToolCall[] = []
  const errors: string[] = []
  let finishReason: string | null = null
  let usage: Usage | undefined
  let id: string | undefined
  let model: string | undefined
  let complete = false

  return {
    push(event) {
      switch (event.type) {
        case 'meta':
          id = event.id
          model = event.model
          break
        case 'text':
          parts.push(event.text)
          break
        case 'reasoning':
          thoughts.push(event.text)
          break
        case 'tool_call':
          toolCalls.push(event.call)
          break
        case 'usage':
          usage = event.usage
          break
        case 'error':
          errors.push(event.message)
          break
        case 'done':
          finishReason = event.finish_reason
          complete = true
          break
        case 'tool_call_delta':
          break
      }
    },
    result() {
      if (parts.length > 1) parts = [parts.join('')]
      return {
        role: 'assistant',
        content: parts[0] ?? '',
        reasoning: thoughts.join(''),
        tool_calls: toolCalls.map((c) => ({ ...c, function: { ...c.function } })),
        finish_reason: finishReason,
        usage,
        id,
        model,
        errors: [...errors],
        complete,
      }
    },
  }
}
