// What a signed scenario call needs besides its body (service-interface 2.5, 5.5): the signing secret and the name
// of the header that carries the signature. Precedence as commands.md: flag > environment > profile > the record.
import { secretEnv } from '../config/secret-env.js'
import type { Context } from '../context.js'
import { ApiError, CliError, ExitCode, exitCodeOf, UsageError } from '../errors.js'
import { emptyEnvNote, findSecret, type SourcedSecret } from '../config/secret-source.js'

/** The environment variable that holds a scenario's signing secret. */
export const scenarioSecretEnv = secretEnv.scenarioSecret

/** An HTTP header name (RFC 9110 5.1 token). */
export const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** The signing secret: --secret-file, AGENTRY_SCENARIO_SECRET, then the profile's secret-file; a usage error if none. */
export async function scenarioSecret(ctx: Context, file: string | undefined): Promise<SourcedSecret> {
  const settings = await ctx.settings()
  const stored = settings.secretFile?.value
  const secret = await findSecret(ctx, {
    file,
    envName: scenarioSecretEnv,
    profileFile: typeof stored === 'string' ? { path: stored, profile: settings.profile.value } : undefined,
  })
  if (secret) return secret
  throw new UsageError(
    `no signing secret${emptyEnvNote(ctx, scenarioSecretEnv)}`,
    `set ${scenarioSecretEnv}, pass --secret-file <path>, or run: agentry config set secret-file <path>`,
  )
}

/** Where the header name came from. */
export interface SourcedHeader {
  name: string
  source: string
}

/**
 * The signature header: --signature-header, the profile's signature-header, or the scenario record's
 * `signature_name` (a GET that needs API credentials; without any, a usage error lists the other ways).
 */
export async function signatureHeader(
  ctx: Context,
  scenarioId: string,
  flag: string | undefined,
): Promise<SourcedHeader> {
  if (flag !== undefined) return { name: flag, source: '--signature-header' }
  const settings = await ctx.settings()
  const stored = settings.signatureHeader?.value
  if (typeof stored === 'string') return { name: stored, source: `profile ${settings.profile.value}` }
  const ways = 'pass --signature-header <name>, run: agentry config set signature-header <name>'
  const credential = await ctx.credential()
  if (credential.refusal) throw credential.refusal
  if (credential.kind === 'none')
    throw new UsageError(
      `which header carries the signature? Scenario ${scenarioId}'s record names it, but reading it needs API credentials`,
      `${ways}, or log in (agentry login) or set AGENTRY_API_KEY so that it can be read`,
    )
  let record: { signature_name?: string | null | undefined }
  try {
    record = await (await ctx.sdk()).scenarios.get(scenarioId)
  } catch (err) {
    if (err instanceof ApiError && err.status !== 404)
      throw new CliError(`reading scenario ${scenarioId} for its signature header: ${err.message}`, {
        exitCode: exitCodeOf(err),
        hint: ways,
      })
    throw err
  }
  if (!record.signature_name) throw new UsageError(`scenario ${scenarioId}'s record names no signature header`, ways)
  if (!headerNamePattern.test(record.signature_name))
    throw new CliError(
      `scenario ${scenarioId}'s signature header ${JSON.stringify(record.signature_name)} is not a header name`,
      {
        exitCode: ExitCode.server,
        hint: ways,
      },
    )
  return { name: record.signature_name, source: `scenario ${scenarioId}` }
}

/** What signs a run: the secret and the header, each with where it came from. */
export interface RunSigning {
  secret: SourcedSecret
  header: SourcedHeader
}

/**
 * The signing of a run of `scenarioId`: the secret, then the header (usage errors before any request is sent); the
 * header's name is redacted from traces from then on.
 */
export async function runSigning(
  ctx: Context,
  scenarioId: string,
  given: { secretFile?: string | undefined; signatureHeader?: string | undefined },
): Promise<RunSigning> {
  const secret = await scenarioSecret(ctx, given.secretFile)
  const header = await signatureHeader(ctx, scenarioId, given.signatureHeader)
  ctx.redactor.addHeader(header.name)
  return { secret, header }
}
