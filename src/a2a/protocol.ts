// The reply inside A2A results (wire.md "Agents, skills, A2A"): the text of Tasks, Messages, status updates and
// artifact updates, read in the one shape wire.ts gives answers of either generation. Pure.
import { endStates } from './wire.js'

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj | undefined => (typeof v === 'object' && v !== null ? (v as Obj) : undefined)

/** The text of an array of A2A parts: text parts joined; data parts as JSON; files named. */
function partsText(parts: unknown): string {
  if (!Array.isArray(parts)) return ''
  return parts
    .map((p) => {
      const part = obj(p)
      if (!part) return ''
      if (typeof part.text === 'string' && (part.kind === 'text' || part.kind === undefined)) return part.text
      if (part.kind === 'data') return JSON.stringify(part.data)
      if (part.kind === 'file') {
        const f = obj(part.file)
        return `[file ${String(f?.name ?? f?.uri ?? f?.mimeType ?? '')}]`
      }
      return ''
    })
    .join('')
}

/** The terminal states of a Task that mean it did not succeed. */
export const failedStates = new Set(['failed', 'rejected', 'canceled'])

/** The reply in a `message/send` result: a Task's artifacts (else its status message, else the agent's last
 * message in its history), or a Message's parts. */
export function replyText(result: unknown): string {
  const r = obj(result)
  if (!r) return ''
  if (r.kind === 'message') return partsText(r.parts)
  const artifacts = Array.isArray(r.artifacts) ? r.artifacts : []
  const fromArtifacts = artifacts.map((a) => partsText(obj(a)?.parts)).join('')
  if (fromArtifacts) return fromArtifacts
  const status = obj(r.status)
  const fromStatus = partsText(obj(status?.message)?.parts)
  if (fromStatus) return fromStatus
  const history = Array.isArray(r.history) ? r.history : []
  const last = [...history].reverse().find((m) => obj(m)?.role === 'agent')
  return partsText(obj(last)?.parts)
}

/** The state of a Task result or status update (`completed`, `failed`, …), if it has one. */
export function stateOf(result: unknown): string | undefined {
  const s = obj(obj(result)?.status)?.state
  return typeof s === 'string' ? s : undefined
}

/** What one streamed event adds to the reply. */
export interface StreamStep {
  /** text to print now */
  text: string
  /** the task's state, when the event carries one */
  state?: string | undefined
  /** the last event of the stream: a Message, or a status update or Task whose state ends the stream */
  final: boolean
}

/**
 * Reads one `message/stream` event. Artifact updates carry the answer in pieces; a Message is the whole reply; a
 * final status update or Task carries the reply only when no piece came before (`printedSoFar` false).
 */
export function streamStep(result: unknown, printedSoFar: boolean): StreamStep {
  const r = obj(result) ?? {}
  switch (r.kind) {
    case 'artifact-update':
      return { text: partsText(obj(r.artifact)?.parts), final: false }
    case 'message':
      return { text: partsText(r.parts), final: true }
    case 'status-update': {
      // v0.3 marks the last event; 1.0 ends the stream at a terminal or interrupted state (A2A 3.1.2)
      const final = r.final === true || endStates.has(String(stateOf(r)))
      const text = final && !printedSoFar ? partsText(obj(obj(r.status)?.message)?.parts) : ''
      return { text, state: stateOf(r), final }
    }
    case 'task': {
      // a stream may be a single Task that has already ended
      const final = endStates.has(String(stateOf(r)))
      return { text: printedSoFar ? '' : replyText({ ...r, history: [] }), state: stateOf(r), final }
    }
    default:
      return { text: '', final: false }
  }
}
