// Reading a streamed response body with the failures a user can act on: Ctrl-C is "cancelled" (130), a stalled
// body is a timeout (124), a dropped connection a network error (8); the HTTP client maps only failures before the
// headers, and a body that breaks later would otherwise surface as a bug.
import { AgentryError, CancelledError, NetworkError, TimeoutError } from '../errors.js'

/**
 * Yields the chunks of a response body, turning its failures into CliErrors that name `what`; `signal` (the run's
 * abort signal) tells a cancelled run from a broken body.
 */
export async function* bodyChunks(
  signal: AbortSignal,
  body: AsyncIterable<unknown>,
  what: string,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk as Uint8Array
  } catch (err) {
    if (err instanceof AgentryError) throw err
    if (signal.aborted) throw new CancelledError()
    const code = (err as { code?: string }).code
    if (code === 'UND_ERR_BODY_TIMEOUT')
      throw new TimeoutError(`${what}: the server stopped sending`, 'try again; raise AGENTRY_IDLE_TIMEOUT (seconds)')
    throw new NetworkError(`${what}: the transfer broke off (${code ?? (err as Error).message})`, 'try again', err)
  }
}
