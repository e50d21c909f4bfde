// Key names as `agentry config` accepts them (kebab-case `base-url`, camelCase `baseUrl`, snake `base_url`) and the
// rows of `config list` and `config get`: each key with its value and where that value came from.
import type { Credential } from '../../auth/credential.js'
import { globalFlagOf } from '../../config/global-flags.js'
import { kebab, type Settings, settingKeyFromName } from '../../config/resolve.js'
import { profileKeys, type SettingKey, settingKeyList, settingsTable } from '../../config/settings.js'
import { UsageError } from '../../errors.js'
import { didYouMean } from '../../io/did-you-mean.js'
import type { Field } from '../../io/output.js'

/** One row of `config list`: the key (kebab-case), its value (null when unset) and its source. */
export interface ConfigRow {
  key: string
  value: unknown
  source: 'flag' | 'env' | 'profile' | 'default' | 'unset'
  /** the flag, env variable or profile name it came from */
  origin: string | null
}

/** Columns of `config list`. */
export const configRowFields: Field<ConfigRow>[] = [
  { header: 'KEY', get: (r) => r.key },
  { header: 'VALUE', get: (r) => r.value },
  { header: 'SOURCE', get: (r) => r.source },
  { header: 'ORIGIN', get: (r) => (r.source === 'unset' ? '' : r.origin) },
]

/** Every key `config set|unset` takes (kebab-case), for messages. */
export const keyNames = (): string[] => profileKeys.map(kebab)

/** Every key `config get` takes (kebab-case): the profile and every setting. */
export const readableKeyNames = (): string[] => ['profile', ...settingKeyList.map(kebab)]

/** Names that look like a secret: never a config value, never argv (ARCHITECTURE.md "Secrets"). */
const secretNames = /key|token|secret|password/i

/** The setting a user-typed name means, or a usage error listing the keys. */
export function parseKeyName(name: string, known: string[] = readableKeyNames()): SettingKey {
  const key = settingKeyFromName(name)
  if (key) return key
  if (secretNames.test(name))
    throw new UsageError(
      `${name} is not a setting: secrets are never stored with config set (nor passed as arguments)`,
      'store an API key with: agentry login --with-api-key < keyfile   (or set AGENTRY_API_KEY)',
    )
  const guess = didYouMean(kebab(name).replace(/_/g, '-'), known)
  throw new UsageError(`unknown key ${JSON.stringify(name)}`, `${guess ? `${guess} ` : ''}keys: ${known.join(', ')}`)
}

/** A key a profile may store (`config set|unset`); the others are named with the flag and variable that set them. */
export function parseStoredKeyName(name: string): SettingKey {
  if (name === 'profile')
    throw new UsageError('profile is not stored in a profile', 'choose one with --profile <name> or AGENTRY_PROFILE')
  const key = parseKeyName(name, keyNames())
  const spec = settingsTable[key]
  if (!spec.profile)
    throw new UsageError(
      `${kebab(key)} is not stored in a profile`,
      `set it for a run with ${[globalFlagOf(key), spec.env].filter(Boolean).join(' or ')}; stored keys: ${keyNames().join(', ')}`,
    )
  return key
}

/**
 * The last row of `config list`: the run's credential, by its kind (never the secret) and where it came from, as a
 * setting's row says (a stored one refused for this run's server shows `refused`).
 */
export function credentialRow(credential: Credential): ConfigRow {
  const value = credential.kind !== 'none' ? credential.kind : credential.refusal ? 'refused' : null
  if (value === null) return { key: 'credential', value, source: 'unset', origin: null }
  return { key: 'credential', value, source: credential.from ?? 'profile', origin: credential.source }
}

/** The rows of `config list`: the profile first, then every key in schema order, set or not. */
export function configRows(settings: Settings): ConfigRow[] {
  const p = settings.profile
  const rows: ConfigRow[] = [{ key: 'profile', value: p.value, source: p.source, origin: p.origin }]
  for (const key of settingKeyList) {
    const s = settings[key]
    rows.push(
      s
        ? { key: kebab(key), value: s.value, source: s.source, origin: s.origin }
        : { key: kebab(key), value: null, source: 'unset', origin: null },
    )
  }
  return rows
}
