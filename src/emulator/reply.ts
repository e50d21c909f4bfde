// Writing answers: JSON bodies, `{error:{message, code?}}` errors (wire.md "Everywhere"), raw bytes, 204s.
import type { ServerResponse } from 'node:http'
import type { EmuResponse } from './types.js'

const jsonType = 'application/json; charset=utf-8'

/** Headers every answer carries: browsers may call the emulator from any origin (service-interface 4: CORS). */
const corsHeaders: Readonly<Record<string, string>> = Object.freeze({ 'access-control-allow-origin': '*' })

/** The answer to a CORS preflight: 204 with no body (service-interface 4). */
export function sendPreflight(res: ServerResponse, requestHeaders: string | undefined): void {
  res.writeHead(204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': requestHeaders
      ? `Authorization, Content-Type, ${requestHeaders}`
      : 'Authorization, Content-Type, Accept, X-Request-Id, *',
    'access-control-max-age': '600',
  })
  res.end()
}

/** How an answer is sent: `cors: false` for the test hooks and refused hosts (no wildcard CORS there). */
export interface SendOptions {
  cors?: boolean
}

/** Sends a JSON body with a status. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
  opts: SendOptions = {},
): void {
  if (res.headersSent) {
    res.end()
    return
  }
  const text = JSON.stringify(body) ?? 'null'
  const h: Record<string, string | number> = {
    'content-type': jsonType,
    'content-length': Buffer.byteLength(text),
  }
  if (opts.cors !== false) h['access-control-allow-origin'] = '*'
  if (headers) Object.assign(h, headers)
  res.writeHead(status, h)
  res.end(text)
}

/** Sends `{error:{message, code?}}`. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers?: Record<string, string>,
  code?: string,
  opts: SendOptions = {},
): void {
  sendJson(res, status, { error: code === undefined ? { message } : { message, code } }, headers, opts)
}

/** Writes what a handler answered (a streamed answer has already been written by the handler). */
export function sendResult(res: ServerResponse, result: EmuResponse): void {
  if ('streamed' in result) return
  if ('json' in result) {
    sendJson(res, result.status, result.json, result.headers)
    return
  }
  if ('body' in result) {
    const body = typeof result.body === 'string' ? Buffer.from(result.body) : result.body
    res.writeHead(result.status, {
      ...corsHeaders,
      ...result.headers,
      'content-type': result.contentType,
      'content-length': body.length,
    })
    res.end(body)
    return
  }
  res.writeHead(result.status, { ...corsHeaders, ...result.headers })
  res.end()
}
