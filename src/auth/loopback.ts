// The loopback redirect listener of a native app (RFC 8252 7.3, 8.3): 127.0.0.1 (not "localhost", which may
// resolve elsewhere), an OS-assigned port, one path. It waits for the authorization response whose `state`
// matches (RFC 6749 10.12); anything else gets a 400 and is ignored, so a stray request cannot end the login.
// The browser that brought the response is answered only once the login knows how it ended (the issuer checked,
// the code exchanged, the grant stored: `finish`), so that the page never says "Logged in" for a login that failed;
// a login that takes longer than `holdMs` lets the page go with "check the terminal".
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CancelledError, TimeoutError } from '../errors.js'
import { escapeHtml, htmlPage, htmlPageHeaders, type PageTone } from '../io/html-page.js'

/** The authorization response (RFC 6749 4.1.2 and 4.1.2.1). */
export type CallbackResult = ({ code: string } | { error: string; errorDescription?: string }) & {
  /** RFC 9207: the issuer that answered, checked against the metadata's issuer */
  iss?: string
  /** only the code was pasted by hand: there is no response whose `iss` could be checked */
  codeOnly?: true
}

/** What the browser is told at the end: a title and a sentence (text, escaped when the page is made). */
export interface LoginOutcome {
  tone: PageTone
  title: string
  text: string
}

/** A running listener. */
export interface LoopbackListener {
  /** `http://127.0.0.1:<port>/callback` */
  redirectUri: string
  /** Resolves with the first response that carries `state`; rejects on timeout (exit 124) or abort (exit 130). */
  wait(state: string, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<CallbackResult>
  /** Answers the browser whose response `wait` delivered, with how the login ended (once; later calls do nothing). */
  finish(outcome: LoginOutcome): void
  /** Stops listening; a browser still waiting is told to look at the terminal. */
  close(): Promise<void>
}

/** How long the browser's request is held at most while the login finishes (the token exchange has its own timeout). */
const defaultHoldMs = 60_000

const pending: LoginOutcome = {
  tone: 'neutral',
  title: 'Almost done',
  text: 'agentry is still finishing the login: the terminal says how it ends. You can close this tab.',
}

/** Answers with a page; resolves once the page is handed to the socket (or the browser went away). */
function answer(res: ServerResponse, status: number, o: LoginOutcome): Promise<void> {
  if (res.headersSent) return Promise.resolve()
  const sent = new Promise<void>((resolve) => {
    res.once('finish', resolve)
    res.once('close', resolve)
  })
  res.writeHead(status, {
    ...htmlPageHeaders,
    'content-type': 'text/html; charset=utf-8',
    // the page must not leak the code in a Referer, nor be framed (RFC 8252 8.11, RFC 6749 10.13): htmlPageHeaders
    connection: 'close',
  })
  res.end(htmlPage({ title: o.title, tone: o.tone, body: `<p>${escapeHtml(o.text)}</p>` }))
  return sent
}

/** Starts listening on 127.0.0.1, port 0 (RFC 8252 7.3), for GET `path`. */
export async function startLoopbackListener(opts: { path?: string; holdMs?: number } = {}): Promise<LoopbackListener> {
  const path = opts.path ?? '/callback'
  const holdMs = opts.holdMs ?? defaultHoldMs
  let expected: string | undefined
  let deliver: ((r: CallbackResult) => void) | undefined
  /** the browser's request that brought the response, answered by finish() */
  let held: { res: ServerResponse; timer: NodeJS.Timeout } | undefined
  /** the answers on their way, which close() lets finish before it drops the connections */
  const sending = new Set<Promise<void>>()
  const release = (o: LoginOutcome) => {
    if (!held) return
    clearTimeout(held.timer)
    const sent = answer(held.res, 200, o)
    held = undefined
    sending.add(sent)
    void sent.then(() => sending.delete(sent))
  }
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const refuse = (title: string, text: string) => void answer(res, 400, { tone: 'bad', title, text })
    if (req.method !== 'GET' || url.pathname !== path)
      return void answer(res, 404, { tone: 'bad', title: 'Not found', text: 'Nothing here.' })
    const q = url.searchParams
    if (!expected || q.get('state') !== expected || !deliver)
      return refuse('Login failed', 'This response does not belong to the login in progress. You can close this tab.')
    const code = q.get('code')
    const error = q.get('error')
    const iss = q.get('iss')
    const extra = iss === null ? {} : { iss }
    let result: CallbackResult
    if (error) {
      const description = q.get('error_description') ?? undefined
      result = { error, ...(description ? { errorDescription: description } : {}), ...extra }
    } else if (code) result = { code, ...extra }
    else return refuse('Login failed', 'The response has neither a code nor an error. You can close this tab.')
    held = { res, timer: setTimeout(() => release(pending), holdMs) }
    res.on('close', () => {
      if (held?.res === res) {
        clearTimeout(held.timer)
        held = undefined
      }
    })
    deliver(result)
    deliver = undefined
  }
  const server = createServer(onRequest)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    redirectUri: `http://127.0.0.1:${port}${path}`,
    finish: release,
    async close() {
      release(pending)
      await Promise.all(sending)
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
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
