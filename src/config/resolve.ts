// Resolves every setting of the table (settings.ts) with its source: flag > environment > profile > default
// (commands.md, Precedence). Every value is parsed by the table's parser; a refusal is a usage error naming where
// the value came from (the flag, the variable or the profile) and the allowed values, never the value itself. A value
// that passes its generated check (./accept.gen.ts) is zod's output already; the zod schemas load for any other.
import { serviceBaseUrl } from '../api/service-url.js'
import { UsageError } from '../errors.js'
import { acceptProfileName, acceptSetting } from './accept.gen.js'
import { parseAccepted } from '../api/accept-kit.js'
import { globalFlagOf } from './global-flags.js'
import type { Profile, Source } from './schema.js'
import { type SettingKey, type SettingValue, settingKeyList, settingsTable } from './settings.js'

/** A value and where it came from. */
export interface Sourced<T> {
  value: T
  source: Source
  /** the flag, env variable or profile the value came from */
  origin: string
}

/** Built-in defaults (from the table). */
export const defaults: Partial<Record<SettingKey, unknown>> = Object.fromEntries(
  settingKeyList.filter((k) => settingsTable[k].default !== undefined).map((k) => [k, settingsTable[k].default]),
)

/** The resolved settings of one run. */
export type Settings = { [K in SettingKey]?: Sourced<SettingValue<K>> } & { profile: Sourced<string> }

/** Parses one value for a key; a refusal names where it came from and the allowed values (usage error, exit 2). */
export async function validateSetting<K extends SettingKey>(
  key: K,
  value: unknown,
  origin: string,
): Promise<SettingValue<K>> {
  const spec = settingsTable[key]
  const r = await parseAccepted(
    acceptSetting[key],
    async () => (await import('./setting-schemas.js')).settingSchemas[key](),
    value,
  )
  if (!r.success)
    throw new UsageError(
      `${origin}: ${r.error.issues[0]?.message ?? 'invalid value'}`,
      `${kebab(key)} takes ${spec.allowed}; see: agentry config list`,
    )
  return r.data as SettingValue<K>
}

/**
 * The values the global flags give, by setting key: each setting's flag is the global option of the same name
 * (`--base-url` → baseUrl). `--output` is left to the command, which knows its formats (chat prints text).
 */
export function flagValues(globals: Record<string, unknown>): Partial<Record<SettingKey, unknown>> {
  const out: Partial<Record<SettingKey, unknown>> = {}
  for (const key of settingKeyList)
    if (key !== 'output' && globalFlagOf(key) && globals[key] !== undefined && globals[key] !== false)
      out[key] = globals[key]
  return out
}

/** Where a flag value came from, when it is not the setting's own flag (e.g. `--emulator` for the base URL). */
export type FlagOrigins = Partial<Record<SettingKey, string>>

/**
 * Resolves settings from flags (strings as typed, or values), the environment and the chosen profile. An empty
 * environment variable counts as unset (the usual form of a CI secret that is not there).
 */
export async function resolveSettings(
  flags: Partial<Record<SettingKey, unknown>>,
  env: NodeJS.ProcessEnv,
  profileName: Sourced<string>,
  profile: Profile | undefined,
  flagOrigins: FlagOrigins = {},
): Promise<Settings> {
  const out: Record<string, Sourced<unknown>> = { profile: profileName }
  for (const key of settingKeyList) {
    const s = await resolveOne(key, flags[key], env, flagOrigins[key])
    if (s) out[key] = s
    else if (settingsTable[key].profile && profile?.[key] !== undefined)
      out[key] = {
        value: await validateSetting(key, profile[key], `profile ${profileName.value}: ${kebab(key)}`),
        source: 'profile',
        origin: profileName.value,
      }
    else if (settingsTable[key].default !== undefined)
      out[key] = { value: settingsTable[key].default, source: 'default', origin: 'default' }
  }
  return out as Settings
}

/** One setting from its flag, else its environment variable; undefined when neither sets it. */
export async function resolveOne<K extends SettingKey>(
  key: K,
  flag: unknown,
  env: NodeJS.ProcessEnv,
  flagOrigin?: string,
): Promise<Sourced<SettingValue<K>> | undefined> {
  const spec = settingsTable[key]
  if (flag !== undefined) {
    const origin = flagOrigin ?? globalFlagOf(key) ?? `--${kebab(key)}`
    return { value: await validateSetting(key, flag, origin), source: 'flag', origin }
  }
  // the official tools' names (BRIGHTSY_*) after ours
  for (const name of [spec.env, ...(spec.envAlso ?? [])]) {
    const envValue = name ? env[name] : undefined
    if (name && envValue !== undefined && envValue !== '') {
      const value = spec.fromEnv?.[name]?.(envValue) ?? envValue
      return { value: await validateSetting(key, value, name), source: 'env', origin: name }
    }
  }
  return undefined
}

/** The profile name of a run, checked before it is used as a member of a file (a usage error names its origin). */
export async function checkedProfileName(profile: Sourced<string>): Promise<string> {
  const r = await parseAccepted<string>(
    acceptProfileName,
    async () => (await import('./schema.js')).profileNameSchema(),
    profile.value,
  )
  if (!r.success)
    throw new UsageError(
      `${profile.origin}: ${r.error.issues[0]?.message ?? 'invalid profile name'}`,
      'e.g. --profile ci',
    )
  return r.data
}

/** The run's {base_url}: what a flag, variable or profile names, else the service itself (the table's default). */
export function baseUrlOf(settings: Settings): string {
  return settings.baseUrl?.value ?? serviceBaseUrl
}

/** baseUrl → base-url */
export function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
}

/** base-url, base_url or baseUrl → baseUrl; undefined when not a known key. */
export function settingKeyFromName(name: string): SettingKey | undefined {
  const camel = name.replace(/[-_]([a-zA-Z])/g, (_m, c: string) => c.toUpperCase())
  return Object.hasOwn(settingsTable, camel) ? (camel as SettingKey) : undefined
}
