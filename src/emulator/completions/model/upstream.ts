// --upstream-url: answers relayed to an OpenAI-compatible server (`POST {upstream}/chat/completions`), always
// streamed from the upstream so text reaches the client as it arrives, with usage asked for
// (`stream_options.include_usage`). The upstream's stream is decoded with the client's own decoder
// (../../../api/stream) and re-emitted as pieces. The API key goes only into the Authorization header: never into a
// message, a log line or an error.
import type { Message, ToolDefinition, Usage } from '../../../api/schemas/index.js'
import { decodeCompletionStream } from '../../../api/stream/decoder.js'
import { HttpError } from '../../types.js'
import type { Piece } from './pieces.js'

/** What the relay sends. */
export interface RelayRequest {
  upstreamUrl: string
  /** sent as `Authorization: Bearer <apiKey>` when set */
  apiKey?: string | undefined
  model: string
  system: string
  messages: Message[]
  tools: ToolDefinition[] | undefined
  maxTokens: number | undefined
  signal: AbortSignal
}

// OpenAI wants typed content items; the interface also allows `{text}` and bare strings (service-interface 2.1).
function openAiContent(content: Message['content']): unknown {
  if (!Array.isArray(content)) return content ?? ''
  return content.map((item) =>
    typeof item === 'string' ? { type: 'text', text: item } : 'text' in item ? { ...item, type: 'text' } : item,
  )
}

/** The chat-completions request body for the upstream. */
function relayBody(r: Omit<RelayRequest, 'apiKey' | 'signal' | 'upstreamUrl'>): Record<string, unknown> {
  const messages = r.messages.map(({ id: _id, createdAt: _c, ...m }) => ({ ...m, content: openAiContent(m.content) }))
  if (r.system) messages.unshift({ role: 'system', content: r.system })
  const body: Record<string, unknown> = {
    model: r.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  }
  if (r.tools?.length) body.tools = r.tools
  if (r.maxTokens !== undefined) body.max_tokens = r.maxTokens
  return body
}

/** Streams the upstream's answer as pieces; upstream failures become 502s (or error pieces once streaming). */
export async function* relay(r: RelayRequest): AsyncGenerator<Piece> {
  const url = `${r.upstreamUrl.replace(/\/+$/, '')}/chat/completions`
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' }
  if (r.apiKey) headers.authorization = `Bearer ${r.apiKey}`
  let res: Response
  try {
    res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(relayBody(r)), signal: r.signal })
  } catch (e) {
    if (r.signal.aborted) return
    throw new HttpError(502, `upstream ${url} is unreachable: ${(e as Error).message}`, {}, 'upstream_error')
  }
  if (!res.ok || res.body === null) {
    const text = hideKey(await res.text().catch(() => ''), r.apiKey)
    // A rate limit is the client's to wait out, not a broken gateway: its status, Retry-After and rate-limit
    // headers go through (wire.md: 429 carries Retry-After), so that clients back off as the upstream asked.
    if (res.status === 429)
      throw new HttpError(
        429,
        `the upstream model is rate limited: ${text.slice(0, 300)}`,
        rateLimitHeaders(res.headers),
        'rate_limited',
      )
    throw new HttpError(502, `upstream answered ${res.status}: ${text.slice(0, 300)}`, {}, 'upstream_error')
  }
  let usage: Usage | undefined
  let reason = 'stop'
  const calls: { id: string; name: string; arguments: string }[] = []
  try {
    for await (const ev of decodeCompletionStream(res.body, res.headers.get('content-type'), { signal: r.signal })) {
      if (ev.type === 'text') yield { kind: 'text', text: ev.text }
      else if (ev.type === 'reasoning') yield { kind: 'reasoning', text: ev.text }
      else if (ev.type === 'tool_call')
        calls.push({ id: ev.call.id, name: ev.call.function.name, arguments: ev.call.function.arguments })
      else if (ev.type === 'usage') usage = ev.usage
      else if (ev.type === 'error') yield { kind: 'error', message: `upstream: ${hideKey(ev.message, r.apiKey)}` }
      else if (ev.type === 'done' && ev.finish_reason) reason = ev.finish_reason
    }
  } catch (e) {
    if (r.signal.aborted) return
    yield { kind: 'error', message: `upstream stream failed: ${(e as Error).message}` }
    return
  }
  if (calls.length > 0) yield { kind: 'tools', calls }
  yield { kind: 'finish', reason, ...(usage ? { usage } : {}) }
}

/** The headers of an upstream 429 that tell a client when to try again: Retry-After (seconds or an HTTP date), x-ratelimit-*. */
function rateLimitHeaders(h: Headers): Record<string, string> {
  const out: Record<string, string> = {}
  const retryAfter = h.get('retry-after')?.trim()
  if (retryAfter && (/^\d{1,9}$/.test(retryAfter) || !Number.isNaN(Date.parse(retryAfter))))
    out['retry-after'] = retryAfter
  for (const [name, value] of h)
    if (/^x-ratelimit-[\w-]+$/.test(name) && /^[\w.:-]{1,64}$/.test(value)) out[name] = value
  return out
}

/** An upstream's text with the key blanked out: some servers quote the key they refused. */
function hideKey(text: string, key: string | undefined): string {
  return key ? text.split(key).join('***') : text
}
