// The settings a profile holds, with their types (zod) and their environment variables (commands.md, Global).
import * as z from 'zod'

/** Every key `agentry config set` accepts, its env variable and its validation. */
export const settingKeys = {
  baseUrl: {
    env: 'AGENTRY_BASE_URL',
    schema: z
      .url({ message: 'base-url must be an http(s) URL such as https://host/api/v1beta' })
      .refine((u) => /^https?:\/\//.test(u), 'base-url must start with http:// or https://'),
    doc: 'the service {base_url}, e.g. https://host/api/v1beta',
  },
  account: {
    env: 'AGENTRY_ACCOUNT',
    schema: z
      .string()
      .min(1)
      .regex(/^[^/?#\s]+$/, 'account must not contain / ? # or spaces'),
    doc: 'account id for account-scoped paths',
  },
  output: { env: undefined, schema: z.enum(['table', 'json', 'ndjson', 'yaml', 'tsv']), doc: 'default output format' },
  timeout: {
    env: 'AGENTRY_TIMEOUT',
    schema: z.coerce
      .number({ message: 'timeout must be a number of seconds' })
      .positive('timeout must be a positive number of seconds'),
    doc: 'total request timeout in seconds',
  },
  retries: {
    env: 'AGENTRY_RETRIES',
    schema: z.coerce
      .number({ message: 'retries must be a whole number from 0 to 10' })
      .int('retries must be a whole number from 0 to 10')
      .min(0, 'retries must be a whole number from 0 to 10')
      .max(10, 'retries must be a whole number from 0 to 10'),
    doc: 'retries for idempotent requests',
  },
  signatureHeader: {
    env: undefined,
    schema: z.string().regex(/^[A-Za-z0-9-]+$/, 'not a valid header name'),
    doc: 'scenario signature header name',
  },
  secretFile: { env: undefined, schema: z.string().min(1), doc: 'path of a file holding the scenario signing secret' },
  defaultAgent: { env: 'AGENTRY_AGENT', schema: z.string().min(1), doc: 'agent used by `chat` when none is named' },
  log: {
    env: 'AGENTRY_LOG',
    schema: z.enum(['on', 'off'], { message: 'log is on or off' }),
    doc: 'keep a local log of chats (agentry logs): on (default) or off',
  },
} as const
export type SettingKey = keyof typeof settingKeys

/** Where a resolved value came from (shown by `config list`). */
export type Source = 'flag' | 'env' | 'profile' | 'default'

/** A profile name: safe as a JSON member and in a file name, never an object-prototype key. */
export const profileNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a profile name is 1-64 letters, digits, dots, dashes or underscores')
  .refine((n) => !['__proto__', 'constructor', 'prototype'].includes(n), 'that name is reserved')

const k = settingKeys
/**
 * One profile's settings as stored: each key checked by the same schema `config set` uses, so that a hand-broken
 * value is reported with its file and line when the file is read (unknown keys are kept for newer versions).
 */
export const profileSchema = z
  .object({
    baseUrl: k.baseUrl.schema.optional(),
    account: k.account.schema.optional(),
    output: k.output.schema.optional(),
    timeout: k.timeout.schema.optional(),
    retries: k.retries.schema.optional(),
    signatureHeader: k.signatureHeader.schema.optional(),
    secretFile: k.secretFile.schema.optional(),
    defaultAgent: k.defaultAgent.schema.optional(),
    log: k.log.schema.optional(),
  })
  .loose()
export type Profile = z.infer<typeof profileSchema>

/** config.json */
export const configFileSchema = z.object({ profiles: z.record(z.string(), profileSchema).default({}) }).loose()
export type ConfigData = z.infer<typeof configFileSchema>

/** A stored OAuth grant: the tokens plus what a refresh or a revocation needs without rediscovery. */
export const oauthGrantSchema = z
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
