// Streamed completions on the wire (wire.md "Requests and identifiers"): OpenAI `chat.completion.chunk` objects as
// SSE `data:` events ending with `data: [DONE]`, or one chunk per line for `Accept: application/x-ndjson`.
// Usage rides on the finishing chunk (the one with finish_reason), as the OpenAI reference fixtures show it.
import type { ServerResponse } from 'node:http'
import type { Usage } from '../../api/schemas/index.js'

/** The two stream formats. */
export type StreamFormat = 'sse' | 'ndjson'

/** The stream format a request asks for with its Accept header (SSE unless NDJSON is asked for). */
export function streamFormat(accept: string | undefined): StreamFormat {
  return accept?.includes('application/x-ndjson') ? 'ndjson' : 'sse'
}

/** Writes the chunks of one completion; frames are batched and flushed by the caller. */
export class ChunkWriter {
  private pending: string[] = []
  private readonly head: string
  private readonly tail = ',"finish_reason":null}]}'

  constructor(
    private readonly res: ServerResponse,
    private readonly format: StreamFormat,
    id: string,
    created: number,
    model: string,
  ) {
    this.head = `{"id":${JSON.stringify(id)},"object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(model)},"choices":[{"index":0,"delta":`
  }

  private frame(json: string): void {
    this.pending.push(this.format === 'sse' ? `data: ${json}\n\n` : `${json}\n`)
  }

  /** Sends the headers and the opening chunk with the assistant role. */
  start(headers: Record<string, string>): void {
    this.res.writeHead(200, {
      'content-type':
        this.format === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      'access-control-allow-origin': '*',
      ...headers,
    })
    this.frame(`${this.head}{"role":"assistant","content":""}${this.tail}`)
  }

  /** A text delta. */
  text(t: string): void {
    this.frame(`${this.head}{"content":${JSON.stringify(t)}}${this.tail}`)
  }

  /** A reasoning delta (OpenRouter's `delta.reasoning`; OpenAI clients ignore the member). */
  reasoning(t: string): void {
    this.frame(`${this.head}{"reasoning":${JSON.stringify(t)}}${this.tail}`)
  }

  /** The first delta of a tool call: its index, id and name (OpenAI syntax). */
  toolStart(index: number, id: string, name: string): void {
    const call = { index, id, type: 'function', function: { name, arguments: '' } }
    this.frame(`${this.head}{"tool_calls":[${JSON.stringify(call)}]}${this.tail}`)
  }

  /** A piece of a tool call's arguments. */
  toolArgs(index: number, piece: string): void {
    this.frame(
      `${this.head}{"tool_calls":[{"index":${index},"function":{"arguments":${JSON.stringify(piece)}}}]}${this.tail}`,
    )
  }

  /** An error inside the stream: `{error:{message}}` (wire.md error bodies). */
  error(message: string): void {
    this.frame(JSON.stringify({ error: { message } }))
  }

  /** The finishing chunk: empty delta, finish_reason, usage. */
  finish(reason: string, usage: Usage): void {
    this.frame(`${this.head}{},"finish_reason":${JSON.stringify(reason)}}],"usage":${JSON.stringify(usage)}}`)
  }

  /** Number of frames not yet written. */
  get backlog(): number {
    return this.pending.length
  }

  /** Writes what is pending; resolves when the socket can take more (or is gone). */
  flush(): Promise<void> {
    if (this.pending.length === 0 || this.res.destroyed) return Promise.resolve()
    const text = this.pending.length === 1 ? this.pending[0]! : this.pending.join('')
    this.pending = []
    if (this.res.write(text)) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done)
        this.res.off('close', done)
        resolve()
      }
      this.res.on('drain', done)
      this.res.on('close', done)
    })
  }

  /** Ends the stream: `data: [DONE]` for SSE, nothing more for NDJSON. */
  async end(): Promise<void> {
    if (this.format === 'sse') this.pending.push('data: [DONE]\n\n')
    const text = this.pending.join('')
    this.pending = []
    if (!this.res.destroyed) this.res.end(text)
  }
}
