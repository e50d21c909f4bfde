// The request object handlers see (types.ts EmuRequest). The query and the abort signal are built on first use:
// most requests never look at them, and the hot list endpoints should not pay for them.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RouteName } from '../api/routes.js'
import type { EmuRequest, Principal } from './types.js'

/** One request as handlers see it. */
export class EmuRequestImpl implements EmuRequest {
  method: string
  operation: RouteName
  params: Record<string, string>
  headers: IncomingMessage['headers']
  rawBody: Buffer
  body: unknown
  input?: unknown
  queryInput?: unknown
  principal?: Principal
  origin: string
  raw: { req: IncomingMessage; res: ServerResponse }
  private readonly search: string
  private queryCache: URLSearchParams | undefined
  private controller: AbortController | undefined

  constructor(
    req: IncomingMessage,
    res: ServerResponse,
    init: {
      operation: RouteName
      params: Record<string, string>
      search: string
      rawBody: Buffer
      body: unknown
      origin: string
    },
  ) {
    this.method = req.method ?? 'GET'
    this.operation = init.operation
    this.params = init.params
    this.headers = req.headers
    this.rawBody = init.rawBody
    this.body = init.body
    this.origin = init.origin
    this.search = init.search
    this.raw = { req, res }
  }

  /** The query string, parsed on first use. */
  get query(): URLSearchParams {
    this.queryCache ??= new URLSearchParams(this.search)
    return this.queryCache
  }

  /** Aborted when the client goes away before the answer is complete. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = new AbortController()
      this.controller = controller
      const res = this.raw.res
      if (res.destroyed && !res.writableFinished) controller.abort()
      else res.once('close', () => res.writableFinished || controller.abort())
    }
    return this.controller.signal
  }
}
