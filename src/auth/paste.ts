// The authorization response pasted back by hand (`login --no-browser`): when the browser runs on another machine
// (an SSH session), its redirect to our loopback listener cannot arrive, so the user copies the address the browser
// ends on (or only the code) into the terminal. The `state` of a pasted address must be this login's (RFC 6749
// 10.12); a line that does not fit is refused with a reason and the next line is read.
import { createInterface } from 'node:readline'
import type { CallbackResult } from './loopback.js'

/** What a pasted line is: an authorization response, or the reason it is refused. */
export type PastedLine = { result: CallbackResult } | { problem: string }

/** Reads one pasted line: a full redirect URL, its query string, or the bare code. */
export function parsePasted(line: string, state: string): PastedLine {
  const text = line.trim()
  let params: URLSearchParams
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      params = new URL(text).searchParams
    } catch {
      return { problem: 'that is not a URL; paste the whole address the browser shows, or only the code' }
    }
  } else if (text.includes('=')) params = new URLSearchParams(text.replace(/^\?/, ''))
  else if (/^[\x21-\x7e]{1,2048}$/.test(text)) return { result: { code: text, codeOnly: true } }
  else return { problem: 'that is not a code; paste the whole address the browser shows, or only the code' }
  const got = params.get('state')
  if (got === null) return { problem: 'the pasted address has no state, so it cannot be checked; paste all of it' }
  if (got !== state)
    return { problem: 'the pasted address belongs to another login (its state does not match); paste this one' }
  const iss = params.get('iss') ?? undefined
  const extra = iss === undefined ? {} : { iss }
  const error = params.get('error')
  if (error) {
    const description = params.get('error_description')
    return { result: { error, ...(description ? { errorDescription: description } : {}), ...extra } }
  }
  const code = params.get('code')
  if (!code) return { problem: 'the pasted address has neither a code nor an error' }
  return { result: { code, ...extra } }
}

/** A running reader: `result` settles with the first good line; `stop()` stops reading. */
export interface PasteReader {
  result: Promise<CallbackResult>
  stop(): void
}

/** Reads lines from `input` until one is a good authorization response; end of input leaves `result` pending. */
export function readPastedResponse(
  input: NodeJS.ReadableStream,
  state: string,
  onRefused: (problem: string) => void,
): PasteReader {
  const rl = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY })
  const result = new Promise<CallbackResult>((resolve) => {
    rl.on('line', (line) => {
      if (line.trim() === '') return
      const parsed = parsePasted(line, state)
      if ('problem' in parsed) return onRefused(parsed.problem)
      rl.close()
      resolve(parsed.result)
    })
  })
  const stop = () => {
    rl.close()
    // Stop reading for good: a terminal or pipe left open must not keep the process alive after the login.
    input.pause()
    ;(input as { unref?: () => void }).unref?.()
  }
  return { result, stop }
}
