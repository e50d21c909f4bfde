// A signed scenario run (service-interface 4.4, 5.5), sent once, and how a failed one is told: its output on one
// line, and what to check for the errors a signed run meets. `scenario run` and the MCP server's run_scenario.
import type { Execution } from '../api/schemas/index.js'
import { ApiError, CliError, ExitCode } from '../errors.js'
import type { AgentryClient } from '../sdk/client.js'
import { outputText } from '../sdk/scenarios.js'
import type { RunSigning } from './signing.js'

/** Runs `scenarioId` once with `input`, signed; a refused signature or a disabled scenario says what to check. */
export async function runSigned(
  sdk: AgentryClient,
  scenarioId: string,
  input: string,
  s: RunSigning,
): Promise<Execution> {
  try {
    return await sdk.scenarios.execute(scenarioId, input, { secret: s.secret.value, signatureHeader: s.header.name })
  } catch (err) {
    throw explain(err, scenarioId, s.header.name, s.secret.source, s.header.source)
  }
}

/** The output of a failed run on one line, cut short, control characters dropped (it goes to stderr and CI logs). */
export function oneLine(v: unknown): string {
  const s = outputText(v)
    .replace(/\s+/g, ' ')
    .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
    .trim()
  return s.length > 500 ? `${s.slice(0, 499)}…` : s || '(no output)'
}

/** Adds what to check to the errors a signed run can meet (401 signature, 409 disabled). */
function explain(err: unknown, id: string, header: string, secretSource: string, headerSource: string): unknown {
  if (!(err instanceof ApiError)) return err
  if (err.status === 401)
    return new CliError(err.message, {
      exitCode: ExitCode.auth,
      hint: `the signature in ${header} (header from ${headerSource}) was refused: check the secret from ${secretSource} against scenario ${id}'s signature_secret`,
    })
  if (err.status === 409)
    return new CliError(err.message, { exitCode: ExitCode.conflict, hint: `scenario ${id} must be enabled to run` })
  return err
}
