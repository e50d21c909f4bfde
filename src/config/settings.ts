// The one table of settings (commands.md "Global", "Precedence"): for each, its environment variable, whether a
// profile may store it, its default and its parser with the allowed values; its global flag, when it has one, is
// the global option of the same key (src/config/global-flags.ts: `--base-url` sets baseUrl). Precedence, validation,
// `config list|get|set|unset` and the profile file's schema are all driven by this table (src/config/resolve.ts).
// The parsers are zod schemas (./setting-schemas.ts), loaded only when a value fails the generated check of
// ./accept.gen.ts or a writer needs them: a run with valid settings loads no zod (start-up budget).

import { apiBaseOfOrigin, serviceBaseUrl } from '../api/service-url.js'
import { defaultIdleTimeoutSeconds } from '../limits.js'

/** One row of the table. */
interface SettingSpec<T = unknown> {
  /** the environment variable that sets it */
  env: string | undefined
  /** the official tools' names for it, read after `env` (docs/wire.md "Real defaults"; public-facts row 52) */
  envAlso?: readonly string[]
  /** how a variable of `envAlso` that names something else is made into the value (BRIGHTSY_API_URL is an origin) */
  fromEnv?: Readonly<Record<string, (raw: string) => string>>
  /** `config set` may store it in a profile */
  profile: boolean
  /** the value when nothing sets it */
  default: T | undefined
  /** the allowed values, in words: every refusal names them */
  allowed: string
  /** one line for `config --help` and the docs */
  doc: string
}

const spec = <T>(s: SettingSpec<T>): SettingSpec<T> => s

/** The output formats a profile may choose (commands.md "Output"). */
export const profileOutputFormats = ['table', 'json', 'ndjson', 'yaml', 'tsv'] as const

export const httpUrl = 'an http(s) URL such as https://host/api/v1beta'
const timeoutRange = 'a number of seconds from 0.1 to 86400'
const idleRange = 'a number of seconds from 0.1 to 3600'
const retriesRange = 'a whole number from 0 to 10'

/** Every setting, in the order `config list` shows them. */
export const settingsTable = {
  baseUrl: spec<string>({
    env: 'AGENTRY_BASE_URL',
    // the official MCP server's name: the service's origin, the API under it (public-facts §5, injected-mcp.ts)
    envAlso: ['BRIGHTSY_API_URL'],
    fromEnv: { BRIGHTSY_API_URL: apiBaseOfOrigin },
    profile: true,
    // the service itself, as the official SDK and CLI default to it (docs/wire.md "Real defaults")
    default: serviceBaseUrl,
    allowed: httpUrl,
    doc: `the service {base_url} (default ${serviceBaseUrl})`,
  }),
  account: spec<string>({
    env: 'AGENTRY_ACCOUNT',
    envAlso: ['BRIGHTSY_ACCOUNT_ID'],
    profile: true,
    default: undefined,
    allowed: 'an account id without / ? # or spaces',
    doc: 'account id for account-scoped paths',
  }),
  output: spec<(typeof profileOutputFormats)[number]>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: `one of ${profileOutputFormats.join(', ')}`,
    doc: 'default output format (else a table on a terminal, TSV when piped)',
  }),
  timeout: spec<number>({
    env: 'AGENTRY_TIMEOUT',
    profile: true,
    default: 300,
    allowed: timeoutRange,
    doc: 'total request timeout in seconds (a stream: the whole answer when set, by default until its headers)',
  }),
  idleTimeout: spec<number>({
    env: 'AGENTRY_IDLE_TIMEOUT',
    profile: true,
    default: defaultIdleTimeoutSeconds,
    allowed: idleRange,
    doc: 'seconds a stream or a download may go without a byte',
  }),
  retries: spec<number>({
    env: 'AGENTRY_RETRIES',
    profile: true,
    default: 2,
    allowed: retriesRange,
    doc: 'retries for idempotent requests',
  }),
  defaultAgent: spec<string>({
    env: 'AGENTRY_AGENT',
    envAlso: ['BRIGHTSY_AGENT_ID'],
    profile: true,
    default: undefined,
    allowed: 'an agent id',
    doc: 'agent used by `chat` when none is named',
  }),
  signatureHeader: spec<string>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: 'an HTTP header name (letters, digits and dashes)',
    doc: 'scenario signature header name (`scenario run --signature-header` for one run)',
  }),
  secretFile: spec<string>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: 'the path of a file only you can read',
    doc: 'file holding the scenario signing secret (AGENTRY_SCENARIO_SECRET and --secret-file come first)',
  }),
  log: spec<'on' | 'off'>({
    env: 'AGENTRY_LOG',
    profile: true,
    default: 'on',
    allowed: 'on or off',
    doc: 'keep a local log of chats (agentry logs)',
  }),
  mcpServers: spec<string[]>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: 'MCP server command lines: a JSON array of strings, or one command line',
    doc: 'local MCP servers whose tools `chat` offers the agent (as --mcp, which adds to them)',
  }),
  errorFormat: spec<'text' | 'json'>({
    env: 'AGENTRY_ERROR_FORMAT',
    profile: false,
    default: 'text',
    allowed: 'text or json',
    doc: 'how errors are written on stderr',
  }),
  debug: spec<boolean>({
    env: 'AGENTRY_DEBUG',
    profile: false,
    default: false,
    allowed: 'on or off (1, true, yes, on / 0, false, no, off)',
    doc: 'trace HTTP on stderr, secrets redacted',
  }),
}

/** A setting's key (camelCase; `config` also takes kebab-case and snake_case). */
export type SettingKey = keyof typeof settingsTable
/** The value type of a setting. */
export type SettingValue<K extends SettingKey> = (typeof settingsTable)[K] extends SettingSpec<infer T> ? T : never

/** Every key, in table order. */
export const settingKeyList = Object.keys(settingsTable) as SettingKey[]

/** The settings a profile may store (keys `config set` accepts). */
export const profileKeys = settingKeyList.filter((k) => settingsTable[k].profile)
