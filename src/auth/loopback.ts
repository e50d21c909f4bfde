// The loopback redirect listener of a native app (RFC 8252 7.3, 8.3): 127.0.0.1 (not "localhost", which may
// resolve elsewhere), an OS-assigned port, one path. It waits for the authorization response whose `state`
// matches (RFC 6749 10.12); anything else gets a 400 and is ignored, so a stray request cannot end the login.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CancelledError, TimeoutError } from '../errors.js'

/** The authorization response (RFC 6749 4.1.2 and 4.1.2.1). */
export type CallbackResult = ({ code: string } | { error: string; errorDescription?: string }) & {
  /** RFC 9207: the issuer that answered, checked against the metadata's issuer */
  iss?: string
  /** only the code was pasted by hand: there is no response whose `iss` could be checked */
  codeOnly?: true
}

/** A running listener. */
export interface LoopbackListener {
  /** `http://127.0.0.1:<port>/callback` */
  redirectUri: string
  /** Resolves with the first response that carries `state`; rejects on timeout (exit 124) or abort (exit 130). */
  wait(state: string, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<CallbackResult>
  close(): Promise<void>
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>agentry: ${title}</title></head>` +
  `<body style="font-family:system-ui;margin:4em"><h1>${title}</h1><p>${text}</p></body></html>`

function answer(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // the page must not leak the code in a Referer, nor be framed (RFC 8252 8.11, RFC 6749 10.13)
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    connection: 'close',
  })
  res.end(page(title, text))
}

/** Starts listening on 127.0.0.1, port 0 (RFC 8252 7.3), for GET `path`. */
export async function startLoopbackListener(path = '/callback'): Promise<LoopbackListener> {
  let expected: string | undefined
  let deliver: ((r: CallbackResult) => void) | undefined
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method !== 'GET' || url.pathname !== path) return answer(res, 404, 'Not found', 'Nothing here.')
    const q = url.searchParams
    if (!expected || q.get('state') !== expected || !deliver)
      return answer(res, 400, 'Login failed', 'This response does not belong to the login in progress.')
    const code = q.get('code')
    const error = q.get('error')
    const iss = q.get('iss')
    const extra = iss === null ? {} : { iss }
    if (error) {
      const description = q.get('error_description') ?? undefined
      answer(res, 200, 'Login cancelled', 'agentry was not authorized. You can close this tab.')
      deliver({ error, ...(description ? { errorDescription: description } : {}), ...extra })
    } else if (code) {
      answer(res, 200, 'Logged in', 'agentry is authorized. You can close this tab and go back to the terminal.')
      deliver({ code, ...extra })
    } else return answer(res, 400, 'Login failed', 'The response has neither a code nor an error.')
    deliver = undefined
  }
  const server = createServer(onRequest)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return {
    redirectUri: `http://127.0.0.1:${port}${path}`,
    close,
    wait(state, { timeoutMs, signal }) {
      expected = state
      return new Promise<CallbackResult>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        }
        const onAbort = () => {
          done()
          deliver = undefined
          reject(new CancelledError('login cancelled'))
        }
        const timer = setTimeout(() => {
          done()
          deliver = undefined
          reject(
            new TimeoutError(
              `no answer from the browser within ${Math.round(timeoutMs / 1000)} s`,
              'run the login again; with --no-browser, open the printed URL yourself',
            ),
          )
        }, timeoutMs)
        deliver = (r) => {
          done()
          resolve(r)
        }
        if (signal?.aborted) onAbort()
        else signal?.addEventListener('abort', onAbort, { once: true })
      })
    },
  }
}
