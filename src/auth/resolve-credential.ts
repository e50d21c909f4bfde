// Picks the run's credential: --api-key-file > AGENTRY_API_KEY > BRIGHTSY_API_KEY > the profile's stored key or OAuth grant.
import { envApiKey } from '../config/secret-env.js'
import { loadCredentials } from '../config/store.js'
import type { AuthRun } from './run.js'
import { type Credential, apiKeyCredential, noCredential, readKeyFile } from './credential.js'

/** Resolves the credential of a run and registers its secret with the redactor. */
export async function resolveCredential(ctx: AuthRun): Promise<Credential> {
  const cred = await pick(ctx)
  if (cred.kind === 'api-key') ctx.redactor.add(await cred.token())
  return cred
}

async function pick(ctx: AuthRun): Promise<Credential> {
  if (ctx.emulator) return apiKeyCredential(ctx.emulator.apiKey, 'the --emulator demo key')
  const file = ctx.globals.apiKeyFile
  if (file) return apiKeyCredential(await readKeyFile(file), `--api-key-file ${file}`)
  const envKey = envApiKey(ctx.env)
  if (envKey) return apiKeyCredential(envKey.value, envKey.name)
  const profile = ctx.profile().value
  const stored = (await loadCredentials(ctx.configDir())).profiles[profile]
  if (stored?.apiKey) return apiKeyCredential(stored.apiKey, `profile ${profile} (credentials.json)`)
  if (stored?.oauth) {
    const { oauthCredential } = await import('./token-provider.js')
    return oauthCredential(ctx, profile, stored.oauth)
  }
  return noCredential
}
