// Picks the run's credential: --api-key-file > AGENTRY_API_KEY > BRIGHTSY_API_KEY > BRIGHTSY_API_TOKEN > the profile's
// stored key or OAuth grant. A credential given for this run goes where the run points; a stored one only to the
// origin it was stored for (docs/commands.md "Credentials and their server"): a run pointed elsewhere by a flag, a
// variable or a profile edit gets none, and says so before any request.
import { serviceBaseUrl } from '../api/service-url.js'
import { baseUrlOf } from '../config/resolve.js'
import { envApiKey, secretEnv } from '../config/secret-env.js'
import { loadConfig, loadCredentials, originOf, updateCredentials } from '../config/store.js'
import type { AuthRun } from './run.js'
import {
  type Credential,
  apiKeyCredential,
  credentialForAnotherServer,
  noCredential,
  readKeyFile,
} from './credential.js'

/** Resolves the credential of a run and registers its secret with the redactor. */
export async function resolveCredential(ctx: AuthRun): Promise<Credential> {
  const cred = await pick(ctx)
  if (cred.kind === 'api-key' || cred.kind === 'token') ctx.redactor.add(await cred.token())
  return cred
}

async function pick(ctx: AuthRun): Promise<Credential> {
  if (ctx.emulator) return { ...apiKeyCredential(ctx.emulator.apiKey, 'the --emulator demo key'), from: 'flag' }
  const file = ctx.globals.apiKeyFile
  if (file) return { ...apiKeyCredential(await readKeyFile(file), `--api-key-file ${file}`), from: 'flag' }
  const envKey = envApiKey(ctx.env)
  if (envKey) {
    const kind = envKey.name === secretEnv.officialApiToken ? 'token' : 'api-key'
    return { ...apiKeyCredential(envKey.value, envKey.name, kind), from: 'env' }
  }
  const profile = ctx.profile().value
  const stored = (await loadCredentials(ctx.configDir())).profiles[profile]
  if (!stored?.apiKey && !stored?.oauth) return noCredential
  const settings = await ctx.settings()
  const runOrigin = originOf(baseUrlOf(settings))
  const origin = stored.origin ?? (await bindToProfile(ctx, profile))
  const kind = stored.apiKey ? 'API key' : 'OAuth login'
  if (origin !== runOrigin)
    return credentialForAnotherServer(
      profile,
      { origin, kind },
      { origin: runOrigin, from: settings.baseUrl?.origin ?? 'default' },
    )
  const { oauthCredential } = stored.apiKey ? { oauthCredential: undefined } : await import('./token-provider.js')
  const cred = oauthCredential
    ? oauthCredential(ctx, profile, stored.oauth!)
    : apiKeyCredential(stored.apiKey!, `profile ${profile} (credentials.json)`)
  cred.origin = origin
  cred.from = 'profile'
  return cred
}

/**
 * A credential stored before credentials named their server is bound, once, to its profile's base URL (else the
 * service's): the server it was most likely made for. Written under the lock (another run may have bound it first).
 */
async function bindToProfile(ctx: AuthRun, profile: string): Promise<string> {
  const dir = ctx.configDir()
  const origin = originOf((await loadConfig(dir)).profiles[profile]?.baseUrl ?? serviceBaseUrl)
  const bound = await updateCredentials(dir, (c) => {
    const entry = c.profiles[profile]
    if (entry && !entry.origin) entry.origin = origin
    return entry?.origin ?? origin
  })
  ctx.info(
    `note: the credential of profile ${profile} was stored before agentry bound credentials to their server; it is now bound to ${bound} and sent nowhere else`,
  )
  return bound
}
