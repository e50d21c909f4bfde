// A response body that the HTTP client has already read to the end, inside its timeout and retry (request.ts), so a
// connection that breaks mid-body is a network error that can be retried, not a surprise in whoever parses it. It
// answers the calls callers make on undici's body (text, json, arrayBuffer, bytes, dump, iteration).
import { Readable } from 'node:stream'

/** The bytes of a whole response body, readable the way undici's body is. */
export class BufferedBody extends Readable {
  constructor(private readonly all: Buffer) {
    super({ read() {} })
    if (all.length > 0) this.push(all)
    this.push(null)
  }

  /** The body as UTF-8 text. */
  async text(): Promise<string> {
    return this.all.toString('utf8')
  }

  /** The body parsed as JSON (throws what JSON.parse throws). */
  async json(): Promise<unknown> {
    return JSON.parse(this.all.toString('utf8'))
  }

  /** The body as an ArrayBuffer (a copy). */
  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.all).buffer
  }

  /** The body's bytes. */
  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(this.all)
  }

  /** Nothing left to drain: the bytes were read already. */
  async dump(): Promise<void> {
    this.destroy()
  }
}
