// Which credential a run uses, and where it came from (ARCHITECTURE.md "Auth"): --api-key-file, then the
// AGENTRY_API_KEY environment variable, then the profile's stored API key or OAuth grant. Secrets never in argv.
import { CliError, ExitCode, UsageError } from '../errors.js'
import { assertPrivate } from '../config/read-file.js'
import type { OAuthGrant } from '../config/schema.js'
import { readFile } from '../io/start-fs.js'

/** The credential of a run. `token()` may refresh an OAuth access token. */
export interface Credential {
  /** `token`: a bearer token given for this run (BRIGHTSY_API_TOKEN, the official MCP server's OAuth access token) */
  kind: 'api-key' | 'oauth' | 'token' | 'none'
  /** where it came from: `--api-key-file <path>`, `AGENTRY_API_KEY`, `profile <name>` */
  source: string
  /** the kind of place it came from, as `config list` shows a setting's (absent: none) */
  from?: 'flag' | 'env' | 'profile'
  /** the origin a stored credential was made for (only there is it sent); absent for one given for this run */
  origin?: string
  /** kind none: why this run has no credential to send (a stored one made for another server), instead of none */
  refusal?: CliError
  token(): Promise<string | undefined>
  /** after a 401: refresh once if possible; true when a new token is ready */
  onUnauthorized?: () => Promise<boolean>
  /** the stored OAuth grant, when kind is oauth */
  grant?: OAuthGrant
}

/** Reads an API key from a file given with --api-key-file (first line, trimmed; the file must be private). */
export async function readKeyFile(path: string): Promise<string> {
  await assertPrivate(path)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new CliError(
      `cannot read --api-key-file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      {
        exitCode: ExitCode.usage,
        hint: 'give the path of a file that holds the key on its first line',
      },
    )
  }
  const key = text.split(/\r?\n/)[0]?.trim() ?? ''
  if (!key)
    throw new CliError(`--api-key-file ${path} is empty`, {
      exitCode: ExitCode.usage,
      hint: 'put the key on its first line',
    })
  return key
}

/** A fixed API key (or, kind `token`, bearer token) credential. */
export function apiKeyCredential(key: string, source: string, kind: 'api-key' | 'token' = 'api-key'): Credential {
  return { kind, source, token: async () => key }
}

/** No credential at all: requests go out without Authorization and the server decides. */
export const noCredential: Credential = { kind: 'none', source: 'none', token: async () => undefined }

/** The ways to give a run a credential of its own, whatever the profile stored (named by every refusal). */
const explicitCredentialWays = '--api-key-file <path>, AGENTRY_API_KEY, BRIGHTSY_API_KEY or BRIGHTSY_API_TOKEN'

/**
 * The error of a run that needs a credential and has none (exit 4, as gh says "not logged in"): raised before any
 * request is sent. It is the first thing a new user meets, so it says the way on: log in (to the service, the
 * default), take the official CLI's session, or try everything on the emulator with no account.
 */
export function notLoggedIn(profile: string): CliError {
  const login = profile === 'default' ? 'agentry login' : `agentry --profile ${profile} login`
  return new CliError(
    `not logged in (profile ${profile}): to get started, run ${login} (or ${login} --from-brightsy to reuse the brightsy CLI's session)`,
    {
      exitCode: ExitCode.auth,
      hint: `to try agentry with no account: agentry --emulator agents list; with a key: ${login} --with-api-key < key.txt, or set AGENTRY_API_KEY`,
    },
  )
}

/**
 * The error of a call that needs the account when none is set: with no credential either, it is a first contact
 * (a login sets both); else the ways to name the account. Never a lone "no account id is set".
 */
export function noAccountError(credential: Credential, profile: string): Error {
  if (credential.kind === 'none') return credential.refusal ?? notLoggedIn(profile)
  return new UsageError(
    'no account id is set: agentry does not know which account to use',
    'log in (agentry login sets it), or pass --account <id>, set AGENTRY_ACCOUNT or BRIGHTSY_ACCOUNT_ID, or run: agentry config set account <id>; to try with no account: --emulator',
  )
}

/**
 * A credential stored for one server, in a run that points at another: it is not sent (kind none), and any call
 * that needs one says why (exit 4, as for "not logged in"), naming both origins and the ways on.
 */
export function credentialForAnotherServer(
  profile: string,
  stored: { origin: string; kind: string },
  run: { origin: string; from: string },
): Credential {
  const refusal = new CliError(
    `the ${stored.kind} stored for profile ${profile} was made for ${stored.origin}; this run points at ${run.origin} (${run.from}), so it is not sent there`,
    {
      exitCode: ExitCode.auth,
      hint: `log in there (agentry login with the same base URL), or give a credential for it: ${explicitCredentialWays}`,
    },
  )
  return { ...noCredential, source: `profile ${profile} (credentials.json)`, origin: stored.origin, refusal }
}

/** A short, safe description of a key: its first 7 characters, and nothing of a key too short to spare them. */
export function keyHint(key: string): string {
  // Keys look like agk_<kind>_<random>: the prefix names the kind and never reveals more than a sliver of the rest.
  return key.length >= 16 ? `${key.slice(0, 7)}…` : '…'
}

/**
 * What is wrong with the shape of an API key, or undefined when it looks like one. Deliberately minimal (the
 * server is the judge); it catches pasting the wrong thing: empty, spaces, a "Bearer " prefix, several lines.
 */
export function apiKeyShapeProblem(key: string): string | undefined {
  if (key === '') return 'the API key is empty'
  if (/^bearer\s/i.test(key)) return 'give the key without the "Bearer " prefix'
  if (/[\r\n]/.test(key)) return 'the API key must be one line'
  if (!/^[\x21-\x7e]+$/.test(key)) return 'the API key has spaces or characters that cannot go in an HTTP header'
  if (key.length < 8) return 'the API key is too short to be one'
  if (key.length > 4096) return 'the API key is too long to be one'
  return undefined
}
