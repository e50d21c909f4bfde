// Errors raised while decoding a streamed completion (wire.md "Completions"): library errors (../errors.ts), whose
// exit code the CLI finds from their class (src/errors.ts, exitCodeOf), so a caller can rethrow them unchanged.
import { InvalidResponseError, NetworkError, TimeoutError } from '../errors.js'

const snippetMax = 80

/** Shortens a malformed line for an error message: never dump a whole (possibly huge) chunk to the terminal. */
function snippet(text: string): string {
  return text.length > snippetMax ? `${text.slice(0, snippetMax)}…` : text
}

/**
 * Where in the stream a malformed item was found: an NDJSON line number, an SSE event ordinal (both 1-based), the
 * whole JSON body, a page (HTML) or some other text where a completion was expected.
 */
export type StreamPosition =
  | { format: 'ndjson'; line: number }
  | { format: 'sse'; event: number }
  | { format: 'json' }
  | { format: 'page'; contentType: string }
  | { format: 'body'; contentType: string }

/**
 * The server answered 2xx with something that is not a completion (exit 7, "the answer does not match
 * the interface", never a dropped connection): a chunk that is not JSON, a JSON body that is not a completion, or a
 * page (HTML) instead of a stream.
 */
export class StreamFormatError extends InvalidResponseError {
  readonly position: StreamPosition
  readonly text: string
  constructor(position: StreamPosition, text: string, cause?: unknown, problem = 'is not valid JSON') {
    const reason = cause instanceof Error ? `: ${cause.message}` : ''
    const type = 'contentType' in position && position.contentType ? ` (${position.contentType})` : ''
    const what =
      position.format === 'page'
        ? `the server answered with a page${type}, not a completion`
        : position.format === 'body'
          ? `the server's answer${type} is not a completion stream`
          : `${where(position)} ${problem}${reason}`
    super(
      `malformed stream: ${what}${text === '' ? '' : ` (got ${JSON.stringify(snippet(text))})`}`,
      'the server sent a broken answer; check the base URL (a proxy or login page?), try again, or add --debug',
      cause,
    )
    this.name = 'StreamFormatError'
    this.position = position
    this.text = text
  }
}

function where(position: Exclude<StreamPosition, { format: 'page' | 'body' }>): string {
  if (position.format === 'ndjson') return `NDJSON line ${position.line}`
  if (position.format === 'sse') return `server-sent event ${position.event}`
  return 'JSON response body'
}

/** No bytes arrived for the idle timeout: the connection is presumed stalled (ARCHITECTURE.md "HTTP"). */
export class StreamIdleTimeoutError extends TimeoutError {
  readonly idleTimeoutMs: number
  constructor(idleTimeoutMs: number) {
    super(
      `the stream stalled: no data received for ${formatMs(idleTimeoutMs)}`,
      'the server or the network may be slow; try again, or raise the idle timeout',
    )
    this.name = 'StreamIdleTimeoutError'
    this.idleTimeoutMs = idleTimeoutMs
  }
}

/** The body ended without `[DONE]`, a finish_reason or an error: the connection dropped mid-answer. */
export class StreamTruncatedError extends NetworkError {
  constructor() {
    super(
      'the connection dropped before the response finished (the stream ended without [DONE] or a finish_reason)',
      'the text shown so far is incomplete; try again',
    )
    this.name = 'StreamTruncatedError'
  }
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`
}
