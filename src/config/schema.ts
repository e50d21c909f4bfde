// The settings a profile holds, with their types (zod) and their environment variables (commands.md, Global).
import { z } from 'zod'

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
    schema: z.coerce.number().positive('timeout must be a positive number of seconds'),
    doc: 'total request timeout in seconds',
  },
  retries: {
    env: 'AGENTRY_RETRIES',
    schema: z.coerce.number().int().min(0).max(10),
    doc: 'retries for idempotent requests',
  },
  signatureHeader: {
    env: undefined,
    schema: z.string().regex(/^[A-Za-z0-9-]+$/, 'not a valid header name'),
    doc: 'scenario signature header name',
  },
  secretFile: { env: undefined, schema: z.string().min(1), doc: 'path of a file holding the scenario signing secret' },
  defaultAgent: { env: 'AGENTRY_AGENT', schema: z.string().min(1), doc: 'agent used by `chat` when none is named' },
} as const
export type SettingKey = keyof typeof settingKeys

/** Where a resolved value came from (shown by `config list`). */
export type Source = 'flag' | 'env' | 'profile' | 'default'

/** One profile's settings as stored. */
export const profileSchema = z
  .object({
    baseUrl: z.string().optional(),
    account: z.string().optional(),
    output: z.string().optional(),
    timeout: z.number().optional(),
    retries: z.number().optional(),
    signatureHeader: z.string().optional(),
    secretFile: z.string().optional(),
    defaultAgent: z.string().optional(),
  })
  .loose()
export type Profile = z.infer<typeof profileSchema>

/** config.json */
export const configFileSchema = z.object({ profiles: z.record(z.string(), profileSchema).default({}) }).loose()
export type ConfigData = z.infer<typeof configFileSchema>

/** A stored OAuth grant. */
export const oauthGrantSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    expiresAt: z.number().optional(),
    clientId: z.string(),
    tokenEndpoint: z.string(),
    revocationEndpoint: z.string().optional(),
    scope: z.string().optional(),
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
