// The hidden `--secret` of the commands that sign or authenticate with a secret (`scenario run|sign`,
// `webhook trigger`, `test`): it only explains why a secret is never taken from argv (ARCHITECTURE.md "Secrets").
import { UsageError } from '../errors.js'
import type { OptionSpec } from './options.js'

/**
 * A hidden `--secret` that only explains why there is none: a secret in argv is visible to every user of the
 * machine and lands in shell history and CI logs (ARCHITECTURE.md "Secrets"). Declare it first.
 */
export function secretFlagGuard(envName: string): OptionSpec<undefined> {
  return {
    flags: '--secret <value>',
    help: '',
    hidden: true,
    parse: (raw) => {
      refuseSecretFlag({ secret: raw }, envName)
      return undefined
    },
  }
}

/** Throws when the hidden `--secret` was used, naming the ways that are allowed. */
function refuseSecretFlag(raw: { secret?: unknown }, envName: string): void {
  if (raw.secret !== undefined)
    throw new UsageError(
      '--secret: secrets are never taken from the command line (other users and logs can see argv)',
      `set ${envName}, or pass --secret-file <path> (a file only you can read)`,
    )
}
