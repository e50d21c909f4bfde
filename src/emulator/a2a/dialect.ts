// The two generations of the A2A JSON-RPC binding the emulator speaks (wire.md "Agents, skills, A2A"): a request
// with `A2A-Version: 1.0` uses the 1.0 method names and ProtoJSON shapes (A2A 5.3, 5.5); one without the header is
// v0.3 (A2A 3.6.2: "Agents MUST interpret empty value as 0.3 version").
import * as z from 'zod'
import { invalidParams, RpcError, rpcErrors } from './jsonrpc.js'
import type { A2aMessage, A2aTask, StreamEvent } from './model.js'
import { v03 } from './dialect-v03.js'
import { v10 } from './dialect-v10.js'

/** What a method does, whatever its name in either generation. */
type Operation = 'send' | 'stream' | 'get' | 'cancel' | 'subscribe' | 'list' | 'push' | 'extendedCard'

/** A send's parameters, read from either generation. */
export interface SendInput {
  message: A2aMessage
  historyLength: number | undefined
  /** v1.0 `returnImmediately`, v0.3 `blocking: false` (A2A 3.2.2) */
  returnImmediately: boolean
  /** a push notification config came with the send (we do not support them: A2A 3.3.2) */
  push: boolean
}

/** GetTask / CancelTask / SubscribeToTask parameters. */
export interface TaskQuery {
  id: string
  historyLength: number | undefined
}

/** ListTasks parameters (v1.0 only, A2A 3.1.4). */
export interface ListQuery {
  contextId: string | undefined
  state: string | undefined
  pageSize: number
  offset: number
  historyLength: number | undefined
  includeArtifacts: boolean
}

/** One generation: its method names, how it reads params and how it writes objects. */
export interface Dialect {
  version: '1.0' | '0.3'
  operations: Readonly<Record<string, Operation>>
  readSend(params: unknown): SendInput
  task(t: A2aTask): unknown
  sendResult(r: A2aTask | A2aMessage): unknown
  event(e: StreamEvent): unknown
}

/** The dialect of a request (header, or the `A2A-Version` query parameter: A2A 3.6.1), or VersionNotSupported. */
export function dialectOf(header: string | string[] | undefined, query: URLSearchParams): Dialect {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query.get('A2A-Version') ?? ''
  const v = raw.trim()
  // patch versions do not count (A2A 3.6: only Major.Minor)
  const majorMinor = v.split('.').slice(0, 2).join('.')
  if (v === '' || majorMinor === '0.3') return v03
  if (majorMinor === '1.0' || v === '1') return v10
  throw new RpcError(rpcErrors.versionNotSupported, `A2A version ${v} is not supported (supported: 1.0, 0.3)`, {
    metadata: { requestedVersion: v, supportedVersions: '1.0, 0.3' },
  })
}

const taskQuerySchema = z.object({ id: z.string().min(1), historyLength: z.number().int().min(0).optional() }).loose()

/** Reads GetTask / CancelTask / SubscribeToTask params (the same in both generations). */
export function readTaskQuery(params: unknown): TaskQuery {
  const p = taskQuerySchema.safeParse(params)
  if (!p.success) throw invalidParams(p.error)
  return { id: p.data.id, historyLength: p.data.historyLength }
}

const listSchema = z
  .object({
    contextId: z.string().optional(),
    status: z.string().optional(),
    pageSize: z.number().int().min(1).max(100).optional(),
    pageToken: z.string().regex(/^\d*$/, 'pageToken is one this server gave').optional(),
    historyLength: z.number().int().min(0).optional(),
    includeArtifacts: z.boolean().optional(),
  })
  .loose()

/** Reads ListTasks params (A2A 3.1.4; page tokens are offsets here). */
export function readListQuery(params: unknown): ListQuery {
  const p = listSchema.safeParse(params ?? {})
  if (!p.success) throw invalidParams(p.error)
  return {
    contextId: p.data.contextId,
    state: p.data.status,
    pageSize: p.data.pageSize ?? 50,
    offset: Number(p.data.pageToken || 0),
    historyLength: p.data.historyLength,
    includeArtifacts: p.data.includeArtifacts ?? false,
  }
}
