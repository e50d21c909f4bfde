// Which credential a run uses, and where it came from (ARCHITECTURE.md "Auth"): --api-key-file, then the
// AGENTRY_API_KEY environment variable, then the profile's stored API key or OAuth grant. Secrets never in argv.
import { CliError, ExitCode } from '../errors.js'
import { assertPrivate } from '../config/read-file.js'
import type { OAuthGrant } from '../config/schema.js'
import { readFile } from '../io/start-fs.js'

/** The credential of a run. `token()` may refresh an OAuth access token. */
export interface Credential {
  kind: 'api-key' | 'oauth' | 'none'
  /** where it came from: `--api-key-file <path>`, `AGENTRY_API_KEY`, `profile <name>` */
  source: string
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

/** A fixed API key credential. */
export function apiKeyCredential(key: string, source: string): Credential {
  return { kind: 'api-key', source, token: async () => key }
}

/** No credential at all: requests go out without Authorization and the server decides. */
export const noCredential: Credential = { kind: 'none', source: 'none', token: async () => undefined }

/**
 * The error of a run that needs a credential and has none (exit 4, as gh says "not logged in"): raised before any
 * request is sent, with the ways to log in.
 */
export function notLoggedIn(profile: string): CliError {
  return new CliError(`not logged in (profile ${profile}): no API key and no OAuth login — run agentry login`, {
    exitCode: ExitCode.auth,
    hint: 'log in with a browser: agentry login; or store a key: agentry login --with-api-key < key.txt; or set AGENTRY_API_KEY',
  })
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
