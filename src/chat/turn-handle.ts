// The ChatTurn handed to callers (session.ts): an async iterable over a turn's generator that settles `result` once
// the iteration ends — normally, by an early `break`, or by a throw — and tells the session it is free again.
import type { TurnState } from './run-turn.js'
import type { ChatEvent, ChatTurn, TurnResult } from './session.js'

/** Wraps a turn's generator; `onEnd` runs once, before `result` settles. */
export function turnHandle(
  start: () => AsyncGenerator<ChatEvent, void>,
  state: TurnState,
  onEnd: () => void,
): ChatTurn {
  let resolveResult: (r: TurnResult) => void = () => {}
  const result = new Promise<TurnResult>((r) => {
    resolveResult = r
  })
  let used = false
  let ended = false
  const finish = () => {
    if (ended) return
    ended = true
    onEnd()
    resolveResult(turnResult(state))
  }
  return {
    result,
    [Symbol.asyncIterator]: () => {
      if (used) throw new Error('a chat turn can be iterated once')
      used = true
      const gen = start()
      return {
        next: async (): Promise<IteratorResult<ChatEvent>> => {
          try {
            const r = await gen.next()
            if (!r.done) return r
          } catch (err) {
            finish()
            throw err
          }
          finish()
          return { done: true, value: undefined }
        },
        return: async (): Promise<IteratorResult<ChatEvent>> => {
          try {
            await gen.return(undefined)
          } finally {
            finish()
          }
          return { done: true, value: undefined }
        },
      }
    },
  }
}

/** What a turn did, from its state: the last completion's answer and facts, usage summed over the turn. */
function turnResult(s: TurnState): TurnResult {
  const last = s.last
  return {
    status: s.status,
    finishReason: s.status === 'cancelled' ? 'cancelled' : (last?.finishReason ?? null),
    requestId: last?.requestId,
    message: {
      role: 'assistant',
      content: last?.content ?? '',
      tool_calls: last?.toolCalls ?? [],
      reasoning: last?.reasoning ?? '',
    },
    added: s.added,
    usage: s.usage,
    error: s.error,
  }
}
