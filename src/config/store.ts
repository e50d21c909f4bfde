// The config and credential stores: JSON files under the config dir, validated by zod, updated atomically under a
// lock. A broken file is reported with its path and line and never overwritten. A valid file passes its generated check
// (./accept.gen.ts) and is used as read: the zod schemas (./schema.ts) load only for a file that fails it, or a write.
import type * as z from '../api/zod.js'
import { serviceBaseUrl } from '../api/service-url.js'
import { CliError } from '../errors.js'
import { acceptConfigFile, acceptCredentialsFile } from './accept.gen.js'
import { parseAccepted } from '../api/accept-kit.js'
import { withFileLock } from './file-lock.js'
import { assertPrivate, parseJsonFile, readTextIfExists } from './read-file.js'
import { jsonPathOffset, lineColumn } from './json-locate.js'
import { configFile, credentialsFile } from './paths.js'
import type { ConfigData, CredentialsData } from './schema.js'

/** What config.json and credentials.json hold when absent or blank (what their schemas make of `{}`). */
export const emptyStoreFile = (): { profiles: Record<string, never> } => ({ profiles: {} })

/** One store file: its generated check, and its zod schema (loaded when the check fails). */
interface StoreFile<S extends z.ZodMiniType> {
  accept: (value: unknown) => boolean
  schema: () => Promise<S>
}

const configStore: StoreFile<ReturnType<typeof import('./schema.js').configFileSchema>> = {
  accept: acceptConfigFile,
  schema: async () => (await import('./schema.js')).configFileSchema(),
}
const credentialsStore: StoreFile<ReturnType<typeof import('./schema.js').credentialsFileSchema>> = {
  accept: acceptCredentialsFile,
  schema: async () => (await import('./schema.js')).credentialsFileSchema(),
}

async function load<S extends z.ZodMiniType>(file: string, store: StoreFile<S>, secret: boolean): Promise<z.infer<S>> {
  if (secret) await assertPrivate(file)
  const raw = await readTextIfExists(file)
  const text = raw?.replace(/^\uFEFF/, '')
  // No file yet (the usual case in CI): its empty form, without building the schema (test/unit/config-resolve.test.ts
  // checks that both schemas make the same of {}).
  if (text === undefined || text.trim() === '') return emptyStoreFile() as z.infer<S>
  const value = parseJsonFile(text, file)
  // what zod would give unchanged is used as read, zod not loaded (test/unit/fast-accept.test.ts)
  const parsed = await parseAccepted<z.infer<S>>(store.accept, store.schema, value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = issue?.path ?? []
    const { line, column } = lineColumn(text, jsonPathOffset(text, path))
    const where = path.length ? path.join('.') : 'top level'
    // The value itself is never quoted: in credentials.json it would be a secret.
    throw new CliError(`${file}:${line}:${column}: invalid value at ${where}: ${issue?.message ?? 'invalid'}`, {
      hint: 'fix or remove it by hand (agentry never overwrites a broken file)',
    })
  }
  return parsed.data
}

async function update<S extends z.ZodMiniType, T>(
  file: string,
  store: StoreFile<S>,
  secret: boolean,
  mutate: (data: z.infer<S>) => T | Promise<T>,
): Promise<T> {
  return withFileLock(file, async () => {
    const data = await load(file, store, secret)
    const before = JSON.stringify(data)
    const result = await mutate(data)
    // Nothing changed (e.g. another process already refreshed the token): leave the file alone.
    if (JSON.stringify(data) === before) return result
    // the writer loads only here: a command that only reads the config never loads it (start-up budget)
    const [{ sweepStrayTempFiles, writeFileAtomic }, { pidAlive }] = await Promise.all([
      import('../io/atomic-file.js'),
      import('./lock-owner.js'),
    ])
    // what writers killed mid-write left (their temp files, and the lock's): none of them runs, since this one holds
    // the lock
    await sweepStrayTempFiles(file, (pid) => !pidAlive(pid))
    await sweepStrayTempFiles(`${file}.lock`, (pid) => !pidAlive(pid))
    await writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`, { mode: secret ? 0o600 : 0o644, createDir: true })
    return result
  })
}

/** Reads config.json (empty config when absent). */
export const loadConfig = (dir: string): Promise<ConfigData> => load(configFile(dir), configStore, false)
/** Changes config.json atomically under its lock; `mutate` edits the data in place (written only if changed). */
export const updateConfig = <T>(dir: string, mutate: (c: ConfigData) => T | Promise<T>): Promise<T> =>
  update(configFile(dir), configStore, false, mutate)
/** Reads credentials.json (refused when group/world-readable). */
export const loadCredentials = (dir: string): Promise<CredentialsData> =>
  load(credentialsFile(dir), credentialsStore, true)
/**
 * Changes credentials.json atomically under its lock, mode 0600. The lock is held while `mutate` runs, so a token
 * refresh done inside it is seen by every other process that waits for the lock (lock → re-read → refresh → write).
 *
 * Every credential written is bound to an origin here, whoever writes it: one `mutate` stored or replaced (a new API
 * key, a new grant, a refreshed token of an entry not bound yet) and left without `origin` gets `origin` (the server
 * the writer logged in to) or else its profile's base URL (the service's when the profile names none). A run then
 * sends it only there (src/auth/resolve-credential.ts).
 */
export const updateCredentials = <T>(
  dir: string,
  mutate: (c: CredentialsData) => T | Promise<T>,
  origin?: string,
): Promise<T> =>
  update(credentialsFile(dir), credentialsStore, true, async (data) => {
    const before = new Map(Object.entries(data.profiles).map(([name, e]) => [name, secretOf(e)]))
    const result = await mutate(data)
    const written = Object.entries(data.profiles).filter(
      ([name, e]) => secretOf(e) !== undefined && secretOf(e) !== before.get(name) && !e.origin,
    )
    if (written.length > 0) {
      const profiles = origin === undefined ? (await loadConfig(dir)).profiles : {}
      for (const [name, e] of written) e.origin = originOf(origin ?? profiles[name]?.baseUrl ?? serviceBaseUrl)
    }
    return result
  })

/** What identifies a stored credential's secret (the key, or the grant's tokens), to see which ones a write changed. */
function secretOf(e: CredentialsData['profiles'][string]): string | undefined {
  if (e.apiKey) return `key:${e.apiKey}`
  return e.oauth ? `oauth:${e.oauth.accessToken}:${e.oauth.refreshToken ?? ''}` : undefined
}

/** The origin of a base URL (`https://host:port`), what a stored credential is bound to; text that is no URL as is. */
export function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url
}
