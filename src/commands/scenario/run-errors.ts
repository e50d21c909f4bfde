// How a failed scenario run is told: its output on one line, and what to check for the errors a signed run meets.
import { ApiError, CliError, ExitCode } from '../../errors.js'

/** The output of a failed run on one line, cut short, control characters dropped (it goes to stderr and CI logs). */
export function oneLine(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '')
  const s = text
    .replace(/\s+/g, ' ')
    .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
    .trim()
  return s.length > 500 ? `${s.slice(0, 499)}…` : s || '(no output)'
}

/** Adds what to check to the errors a signed run can meet (401 signature, 409 disabled). */
export function explain(err: unknown, id: string, header: string, secretSource: string, headerSource: string): unknown {
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
