// `agentry login --with-api-key`: the key from a masked prompt on a terminal, from stdin when piped, or from
// --api-key-file; never from argv (ARCHITECTURE.md "Secrets"). Checked, tried against the server when one is
// configured (a 401 is refused), then stored for the profile in credentials.json (0600, atomic, locked).
import { apiKeyShapeProblem, keyHint, readKeyFile } from '../auth/credential.js'
import { credentialsFile } from '../config/paths.js'
import { baseUrlOf, checkedProfileName } from '../config/resolve.js'
import { originOf } from '../config/store.js'
import type { Context } from '../context.js'
import { ApiError, CliError, ExitCode, UsageError } from '../errors.js'
import { readAllStdin } from '../io/iostreams.js'
import { rememberServer, replaceCredential } from './common.js'
import { envApiKey } from '../config/secret-env.js'

/** Reads the key: --api-key-file, else a masked prompt on a terminal, else all of stdin. */
async function readApiKey(ctx: Context): Promise<string> {
  if (ctx.globals.apiKeyFile) return readKeyFile(ctx.globals.apiKeyFile)
  if (ctx.io.stdinIsTTY) {
    const prompter = await ctx.prompter('the API key on stdin (echo "$KEY" | agentry login --with-api-key)')
    return (await prompter.password('API key:')).trim()
  }
  return (await readAllStdin(ctx.io)).toString('utf8').trim()
}

/** Tries the key with the cheapest listing (agents, limit 1). Only a 401 is fatal: other failures are reported. */
async function verifyKey(ctx: Context, key: string): Promise<void> {
  const settings = await ctx.settings()
  if (!settings.account) {
    ctx.info('not checked against the server (no account is set)')
    return
  }
  const sdk = await ctx.sdk()
  try {
    const res = await sdk.transport.raw('agentsList', {
      query: { page: 1, limit: 1 },
      auth: false,
      headers: { authorization: `Bearer ${key}` },
    })
    await res.body.dump().catch(() => {})
  } catch (err) {
    if (err instanceof ApiError && err.status === 401)
      throw new CliError(`${sdk.baseUrl} rejected the API key ${keyHint(key)} (401); it was not stored`, {
        exitCode: ExitCode.auth,
        hint: 'check the key (agentry keys list shows the prefixes of valid ones), or --no-verify to store it anyway',
      })
    if (err instanceof ApiError && err.status === 403) return
    ctx.warn(`could not check the key against ${sdk.baseUrl}: ${(err as Error).message}; storing it anyway`)
  }
}

/** Stores an API key for the run's profile (replacing an OAuth grant there) with the base URL and account given. */
export async function apiKeyLoginRun(ctx: Context, opts: { verify: boolean }): Promise<void> {
  const profile = await checkedProfileName(ctx.profile())
  const key = await readApiKey(ctx)
  ctx.redactor.add(key)
  const problem = apiKeyShapeProblem(key)
  if (problem)
    throw new UsageError(
      problem,
      'pipe the key on stdin: agentry login --with-api-key < key.txt (or use --api-key-file <path>)',
    )
  if (opts.verify) await verifyKey(ctx, key)
  const origin = originOf(baseUrlOf(await ctx.settings()))
  const previous = await replaceCredential(ctx, profile, { apiKey: key }, origin)
  if (previous?.oauth) ctx.info(`the API key replaces the OAuth login stored for profile ${profile}`)
  const server = await rememberServer(ctx, profile)
  const where = server ? ` (${server})` : ''
  ctx.info(
    `stored API key ${keyHint(key)} for profile ${profile}${where} in ${credentialsFile(ctx.configDir())}; it is sent only to ${origin}`,
  )
  const envKey = envApiKey(ctx.env)
  if (envKey) ctx.warn(`${envKey.name} is set in the environment and takes precedence over the stored key`)
}
