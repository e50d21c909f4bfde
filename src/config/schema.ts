// The files' schemas: config.json (profiles of settings, see settings.ts) and credentials.json. Loaded with import()
// only when a file fails its generated check (./accept.gen.ts, written by `npm run gen` from these schemas) or is
// written: the types are what the rest of the code imports from here.
import * as z from '../api/zod.js'
import { settingSchemas } from './setting-schemas.js'
import { profileKeys, type SettingKey, type SettingValue } from './settings.js'
import { notReservedName } from './value-checks.js'

/** Where a resolved value came from (shown by `config list`). */
export type Source = 'flag' | 'env' | 'profile' | 'default'

// Every schema here is built on first use (z.lazySchema): a run reads these files at most once.

/** A profile name: safe as a JSON member and in a file name, never an object-prototype key. */
export const profileNameSchema = z.lazySchema(() =>
  z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
        'a profile name is 1-64 letters, digits, dots, dashes or underscores',
      ),
    )
    .check(z.refine(notReservedName, 'that name is reserved')),
)

/**
 * One profile's settings as stored: each key of the settings table that a profile may hold, checked by the same
 * parser `config set` uses, so that a hand-broken value is reported with its file and line when the file is read
 * (unknown keys are kept for newer versions).
 */
export const profileSchema = z.lazySchema(
  () =>
    z.looseObject(
      Object.fromEntries(profileKeys.map((k) => [k, z.optional(settingSchemas[k]())])),
    ) as unknown as z.ZodMiniType<Profile>,
)
/** One profile's stored settings. */
export type Profile = { [K in SettingKey]?: SettingValue<K> } & Record<string, unknown>

/** config.json */
const buildConfigFileSchema = () =>
  z.looseObject({
    profiles: z._default(z.record(z.string(), profileSchema()), {}),
    /** the profile used without --profile or AGENTRY_PROFILE (`agentry config use`) */
    currentProfile: z.optional(profileNameSchema()),
  })
export const configFileSchema = z.lazySchema(buildConfigFileSchema)
export type ConfigData = z.infer<ReturnType<typeof buildConfigFileSchema>>

/** A stored OAuth grant: the tokens plus what a refresh or a revocation needs without rediscovery. */
const buildOAuthGrantSchema = () =>
  z.looseObject({
    accessToken: z.string().check(z.minLength(1)),
    refreshToken: z.optional(z.string().check(z.minLength(1))),
    /** when the access token expires, ms since the epoch (from `expires_in`, RFC 6749 5.1) */
    expiresAt: z.optional(z.number()),
    clientId: z.string().check(z.minLength(1)),
    issuer: z.optional(z.string()),
    tokenEndpoint: z.string().check(z.minLength(1)),
    revocationEndpoint: z.optional(z.string()),
    scope: z.optional(z.string()),
    accountId: z.optional(z.string()),
  })
export type OAuthGrant = z.infer<ReturnType<typeof buildOAuthGrantSchema>>

/**
 * credentials.json: one entry a profile; `accounts` holds the OAuth grants of the login's other accounts, by account
 * id (`agentry teams switch` swaps one with `oauth`, the grant of the profile's account).
 */
const buildCredentialsFileSchema = () =>
  z.looseObject({
    profiles: z._default(
      z.record(
        z.string(),
        z.looseObject({
          apiKey: z.optional(z.string()),
          oauth: z.optional(buildOAuthGrantSchema()),
          accounts: z.optional(z.record(z.string(), buildOAuthGrantSchema())),
          /** the origin (scheme, host, port) the credential was stored for: it is sent nowhere else */
          origin: z.optional(z.string()),
        }),
      ),
      {},
    ),
  })
export const credentialsFileSchema = z.lazySchema(buildCredentialsFileSchema)
export type CredentialsData = z.infer<ReturnType<typeof buildCredentialsFileSchema>>
