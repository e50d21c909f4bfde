// The emulator's own A2A objects (A2A spec section 4, "Protocol Data Model"). They are kept in the v0.3 JSON shape
// (kind-tagged, lower-case states), which both wire dialects are rendered from (dialect.ts).
import { randomUUID } from 'node:crypto'

/** A task's state (A2A 4.1.3), as v0.3 spells it. */
export type TaskState =
  | 'submitted'
  | 'working'
  | 'input-required'
  | 'auth-required'
  | 'completed'
  | 'canceled'
  | 'failed'
  | 'rejected'
  | 'unknown'

/** States after which a task takes no more messages and cannot be canceled (A2A 3.3.2, TaskNotCancelableError). */
export const terminalStates: ReadonlySet<TaskState> = new Set(['completed', 'canceled', 'failed', 'rejected'])

/** A file's content: by URI or inline base64 bytes. */
interface FileContent {
  uri?: string
  bytes?: string
  mimeType?: string
  name?: string
}

/** One part of a message or artifact (A2A 4.1.6). */
export type Part = (
  | { kind: 'text'; text: string }
  | { kind: 'file'; file: FileContent }
  | { kind: 'data'; data: unknown }
) & { metadata?: Record<string, unknown> }

/** A message (A2A 4.1.4). */
export interface A2aMessage {
  kind: 'message'
  role: 'user' | 'agent'
  messageId: string
  parts: Part[]
  contextId?: string
  taskId?: string
  metadata?: Record<string, unknown>
  referenceTaskIds?: string[]
}

/** A task's status (A2A 4.1.2). */
export interface TaskStatus {
  state: TaskState
  message?: A2aMessage
  timestamp: string
}

/** An artifact (A2A 4.1.7). */
export interface Artifact {
  artifactId: string
  name?: string
  parts: Part[]
}

/** A task (A2A 4.1.1). */
export interface A2aTask {
  kind: 'task'
  id: string
  contextId: string
  status: TaskStatus
  artifacts: Artifact[]
  history: A2aMessage[]
  metadata?: Record<string, unknown>
}

/** A status update event (A2A 4.2.1); `final` is v0.3's end-of-stream mark. */
interface StatusUpdate {
  kind: 'status-update'
  taskId: string
  contextId: string
  status: TaskStatus
  final: boolean
}

/** An artifact update event (A2A 4.2.2). */
interface ArtifactUpdate {
  kind: 'artifact-update'
  taskId: string
  contextId: string
  artifact: Artifact
  append: boolean
  lastChunk: boolean
}

/** What a stream carries (A2A 3.2.3, StreamResponse). */
export type StreamEvent = A2aTask | A2aMessage | StatusUpdate | ArtifactUpdate

/** A copy of a task with at most `historyLength` recent messages (A2A 3.2.4: unset = all, 0 = none). */
export function withHistory(task: A2aTask, historyLength: number | undefined): A2aTask {
  const copy = structuredClone(task)
  if (historyLength !== undefined) copy.history = historyLength > 0 ? copy.history.slice(-historyLength) : []
  return copy
}

/** A message id for a message that came without one (A2A requires it; we are liberal in what we accept). */
export const messageIdOr = (id: string | undefined): string => id ?? randomUUID()
