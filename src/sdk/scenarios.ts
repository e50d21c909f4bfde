// Scenarios and signed runs (service-interface 4.4, 5.5): the body `{"input": …}` is signed with HMAC-SHA256 over
// its exact bytes (src/auth/hmac.ts, the signer the emulator verifies with) and sent as those bytes.
import { UsageError } from '../api/errors.js'
import { scenariosMethods } from './methods.gen.js'
import { waitForRun, type WaitForRunOptions } from './scenario-runs.js'
import type { ResponseOf, Transport } from './transport.js'

/**
 * A run's output as text, as the CLI prints it: a string as it is, anything else as its JSON, nothing as ''.
 * (`Execution.output` is any JSON value: `outputText(run.output)` needs no `typeof` check.)
 */
export function outputText(output: unknown): string {
  if (output === undefined || output === null) return ''
  return typeof output === 'string' ? output : (JSON.stringify(output) ?? '')
}

/** A signed scenario request: the exact bytes and their signature. */
export interface SignedRequest {
  body: Uint8Array
  signature: string
}

/** Signs `{"input": input}` with the scenario's secret (lowercase hex HMAC-SHA256, wire.md "Scenarios"). */
export async function signScenarioInput(input: string, secret: string | Uint8Array): Promise<SignedRequest> {
  const { signBody } = await import('../auth/hmac.js')
  const body = Buffer.from(JSON.stringify({ input }), 'utf8')
  return { body, signature: signBody(secret, body) }
}

/** How a run is signed. */
export interface ExecuteOptions {
  /** the scenario's signing secret */
  secret: string | Uint8Array
  /** the header that carries the signature: the scenario record's `signature_name` (read when not given) */
  signatureHeader?: string
}

/** `client.scenarios`, besides its generated methods (list, get). */
export const scenariosByHand = (t: Transport) => ({
  /** Runs a scenario with a signed body; never retried (a retry could run it twice). */
  execute: async (scenarioId: string, input: string, opts: ExecuteOptions): Promise<ResponseOf<'scenarioExecute'>> => {
    let header = opts.signatureHeader
    if (header === undefined) {
      const record = await t.call('scenariosGet', { params: { scenarioId } })
      if (!record?.signature_name)
        throw new UsageError(`scenario ${scenarioId}'s record names no signature header`, 'pass signatureHeader')
      header = record.signature_name
    }
    const signed = await signScenarioInput(input, opts.secret)
    return t.call('scenarioExecute', {
      params: { scenarioId },
      rawBody: signed.body,
      headers: { 'content-type': 'application/json', [header]: signed.signature },
    })
  },
  /**
   * Waits for the next run of the scenario to end (as `agentry scenario runs --until-one` does) and returns it,
   * completed or not; `timeoutMs` bounds the whole wait (a TimeoutError), `since` counts a run that ended before the
   * wait began (one triggered just before).
   */
  waitForRun: (scenarioId: string, opts?: WaitForRunOptions) => waitForRun(scenariosMethods(t), scenarioId, opts),
  /** The URL a run is sent to (for a dry run). */
  executeUrl: (scenarioId: string): string => t.url('scenarioExecute', { scenarioId }),
})
