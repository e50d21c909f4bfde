// Helpers for the emulator's contract tests (its fixture: test/helpers/emulator.ts): a small HTTP caller over undici (keep-alive, no
// retries, nothing in between), and plain SSE / NDJSON readers so the tests do not depend on the client's decoder.
import { request } from 'undici'
import type { Emulator } from '../../src/emulator/index.js'

/** An answer as the tests look at it. */
export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any
}

/** Options of one call. */
export interface CallOptions {
  body?: unknown
  rawBody?: string | Buffer
  headers?: Record<string, string>
  /** the bearer key; null sends no Authorization header (hook paths, `//__emulator/…`, get the hook token) */
  key?: string | null
  signal?: AbortSignal
}

/** Calls the emulator: `path` is relative to {base_url} unless it starts with `//` (then to the origin). */
export async function call(emu: Emulator, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const url = path.startsWith('//') ? emu.url + path.slice(1) : emu.baseUrl + path
  const headers: Record<string, string> = { ...opts.headers }
  const hookPath = path.startsWith('//__emulator')
  const key = opts.key === undefined ? (hookPath ? emu.hookToken : emu.demoApiKey) : opts.key
  if (key !== null) headers.authorization = `Bearer ${key}`
  else if (hookPath) headers.authorization = `Bearer ${emu.hookToken}`
  let body: string | Buffer | undefined = opts.rawBody
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body)
    headers['content-type'] ??= 'application/json'
  }
  const res = await request(url, { method: method as 'GET', headers, body, signal: opts.signal })
  const text = await res.body.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: res.statusCode, headers: res.headers, text, json }
}

/** The JSON payloads of the `data:` events of an SSE body (`[DONE]` kept as the string "[DONE]"). */
export function sseData(text: string): unknown[] {
  const out: unknown[] = []
  for (const event of text.split(/\n\n/)) {
    const data = event
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trimStart())
      .join('\n')
    if (data === '') continue
    out.push(data === '[DONE]' ? '[DONE]' : JSON.parse(data))
  }
  return out
}

/** The JSON lines of an NDJSON body. */
export function ndjson(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
}

/** Text deltas of completion chunks, joined. */
export function joinedText(chunks: unknown[]): string {
  let s = ''
  for (const c of chunks) {
    const delta = (c as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta
    if (typeof delta?.content === 'string') s += delta.content
  }
  return s
}

/**
 * The path that sends a message to a stateful chat (brightsy.ai/docs/API "Messages"): ids are UUIDs the client makes,
 * and the first message to a new chat id starts the chat.
 */
export function workspaceMessage(agentId: string, chatId: string, messageId = crypto.randomUUID()): string {
  return `/agent/${agentId}/chat/completion/workspace/${chatId}/message/${messageId}`
}

/** The path of a stateful chat's messages. */
export function workspaceMessages(agentId: string, chatId: string): string {
  return `/agent/${agentId}/chat/completion/workspace/${chatId}/messages`
}
