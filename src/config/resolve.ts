// Resolves every setting with its source: flag > environment > profile > default (commands.md, Precedence).
import { UsageError } from '../errors.js'
import { type Profile, type SettingKey, type Source, profileNameSchema, settingKeys } from './schema.js'

/** A value and where it came from. */
export interface Sourced<T> {
  value: T
  source: Source
  /** the flag, env variable or profile the value came from */
  origin: string
}

/** Built-in defaults. */
export const defaults: Partial<Record<SettingKey, unknown>> = { timeout: 300, retries: 2 }

/** The resolved settings of one run. */
export type Settings = { [K in SettingKey]?: Sourced<unknown> } & { profile: Sourced<string> }

/** Validates one value for a key, with an error naming where it came from. */
export function validateSetting(key: SettingKey, value: unknown, origin: string): unknown {
  const r = settingKeys[key].schema.safeParse(value)
  if (!r.success)
    throw new UsageError(`${origin}: ${r.error.issues[0]?.message ?? 'invalid value'}`, `see: agentry config --help`)
  return r.data
}

/** Resolves settings from flags (already parsed), the environment and the chosen profile. */
export function resolveSettings(
  flags: Partial<Record<SettingKey, unknown>>,
  env: NodeJS.ProcessEnv,
  profileName: Sourced<string>,
  profile: Profile | undefined,
): Settings {
  const out: Settings = { profile: profileName }
  for (const key of Object.keys(settingKeys) as SettingKey[]) {
    const spec = settingKeys[key]
    const flag = flags[key]
    const envName = spec.env
    const envValue = envName ? env[envName] : undefined
    const stored = profile?.[key]
    if (flag !== undefined) out[key] = { value: flag, source: 'flag', origin: `--${kebab(key)}` }
    else if (envName && envValue !== undefined && envValue !== '')
      out[key] = { value: validateSetting(key, envValue, envName), source: 'env', origin: envName }
    else if (stored !== undefined)
      out[key] = {
        value: validateSetting(key, stored, `profile ${profileName.value}: ${key}`),
        source: 'profile',
        origin: profileName.value,
      }
    else if (defaults[key] !== undefined) out[key] = { value: defaults[key], source: 'default', origin: 'default' }
  }
  return out
}

/** The profile name of a run, checked before it is used as a member of a file (a usage error names its origin). */
export function checkedProfileName(profile: Sourced<string>): string {
  const r = profileNameSchema.safeParse(profile.value)
  if (!r.success)
    throw new UsageError(
      `${profile.origin}: ${r.error.issues[0]?.message ?? 'invalid profile name'}`,
      'e.g. --profile ci',
    )
  return r.data
}

/** baseUrl → base-url */
export function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
}

/** base-url, base_url or baseUrl → baseUrl; undefined when not a known key. */
export function settingKeyFromName(name: string): SettingKey | undefined {
  const camel = name.replace(/[-_]([a-zA-Z])/g, (_m, c: string) => c.toUpperCase())
  return Object.hasOwn(settingKeys, camel) ? (camel as SettingKey) : undefined
}
