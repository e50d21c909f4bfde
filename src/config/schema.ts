// The files' schemas: config.json (profiles of settings, see settings.ts) and credentials.json.
import * as z from 'zod'
import { profileKeys, type SettingKey, type SettingValue, settingsTable } from './settings.js'

/** Where a resolved value came from (shown by `config list`). */
export type Source = 'flag' | 'env' | 'profile' | 'default'

/** A profile name: safe as a JSON member and in a file name, never an object-prototype key. */
export const profileNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a profile name is 1-64 letters, digits, dots, dashes or underscores')
  .refine((n) => !['__proto__', 'constructor', 'prototype'].includes(n), 'that name is reserved')

/**
 * One profile's settings as stored: each key of the settings table that a profile may hold, checked by the same
 * parser `config set` uses, so that a hand-broken value is reported with its file and line when the file is read
 * (unknown keys are kept for newer versions).
 */
export const profileSchema = z
  .object(Object.fromEntries(profileKeys.map((k) => [k, settingsTable[k].schema.optional()])))
  .loose() as unknown as z.ZodType<Profile>
/** One profile's stored settings. */
export type Profile = { [K in SettingKey]?: SettingValue<K> } & Record<string, unknown>

/** config.json */
export const configFileSchema = z
  .object({
    profiles: z.record(z.string(), profileSchema).default({}),
    /** the profile used without --profile or AGENTRY_PROFILE (`agentry config use`) */
    currentProfile: profileNameSchema.optional(),
  })
  .loose()
export type ConfigData = z.infer<typeof configFileSchema>

/** A stored OAuth grant: the tokens plus what a refresh or a revocation needs without rediscovery. */
const oauthGrantSchema = z
  .object({
    accessToken: z.string().min(1),
    refreshToken: z.string().min(1).optional(),
    /** when the access token expires, ms since the epoch (from `expires_in`, RFC 6749 5.1) */
    expiresAt: z.number().optional(),
    clientId: z.string().min(1),
    issuer: z.string().optional(),
    tokenEndpoint: z.string().min(1),
    revocationEndpoint: z.string().optional(),
    scope: z.string().optional(),
    accountId: z.string().optional(),
  })
  .loose()
export type OAuthGrant = z.infer<typeof oauthGrantSchema>

/** credentials.json: one entry a profile. */
export const credentialsFileSchema = z
  .object({
    profiles: z
      .record(z.string(), z.object({ apiKey: z.string().optional(), oauth: oauthGrantSchema.optional() }).loose())
      .default({}),
  })
  .loose()
export type CredentialsData = z.infer<typeof credentialsFileSchema>
