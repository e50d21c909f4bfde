// The one table of settings (commands.md "Global", "Precedence"): for each, its environment variable, whether a
// profile may store it, its default and its parser with the allowed values; its global flag, when it has one, is
// the global option of the same key (src/config/global-flags.ts: `--base-url` sets baseUrl). Precedence, validation,
// `config list|get|set|unset` and the profile file's schema are all driven by this table (src/config/resolve.ts).
import * as z from '../api/zod.js'
import { parseDecimal, parseWholeNumber } from '../io/whole-number.js'

/** One row of the table. */
interface SettingSpec<T = unknown> {
  /** the environment variable that sets it */
  env: string | undefined
  /** `config set` may store it in a profile */
  profile: boolean
  /** the value when nothing sets it */
  default: T | undefined
  /** the allowed values, in words: every refusal names them */
  allowed: string
  /** parses a string (flag, env, `config set`) or a stored JSON value; built on first use (lazySchema) */
  schema: () => z.ZodMiniType<T, unknown>
  /** one line for `config --help` and the docs */
  doc: string
}

const spec = <T>(s: SettingSpec<T>): SettingSpec<T> => ({ ...s, schema: z.lazySchema(s.schema) })

/**
 * A number through the one parser of numbers people type (src/io/whole-number.ts): a string from a flag, an
 * environment variable or `config set`, or a stored JSON number (written back as text, so `1.5` is no whole number).
 */
function typedNumber(parse: (text: string) => number | { problem: string }) {
  return z.pipe(
    z.unknown(),
    z.transform((v, c) => {
      const n = parse(typeof v === 'number' || typeof v === 'string' ? String(v) : '')
      if (typeof n === 'number') return n
      c.issues.push({ code: 'custom', message: n.problem, input: v })
      return z.NEVER
    }),
  )
}

/** A number of seconds from `min` to `max`. */
const seconds = (min: number, max: number) => () =>
  typedNumber((text) => parseDecimal(text, { min, max, unit: 'seconds' }))

/** on/off as a variable: 1, true, yes, on / 0, false, no, off (any case). */
const onOff = () =>
  z.pipe(
    z.union([z.boolean(), z.string()]),
    z.transform((v, c) => {
      if (typeof v === 'boolean') return v
      const s = v.trim().toLowerCase()
      if (['1', 'true', 'yes', 'on'].includes(s)) return true
      if (['0', 'false', 'no', 'off'].includes(s)) return false
      c.issues.push({ code: 'custom', message: 'not on or off (1, true, yes, on / 0, false, no, off)', input: v })
      return z.NEVER
    }),
  )

/** The output formats a profile may choose (commands.md "Output"). */
const profileOutputFormats = ['table', 'json', 'ndjson', 'yaml', 'tsv'] as const

const httpUrl = 'an http(s) URL such as https://host/api/v1beta'
const timeoutRange = 'a number of seconds from 0.1 to 86400'
const idleRange = 'a number of seconds from 0.1 to 3600'
const retriesRange = 'a whole number from 0 to 10'

/** Every setting, in the order `config list` shows them. */
export const settingsTable = {
  baseUrl: spec<string>({
    env: 'AGENTRY_BASE_URL',
    profile: true,
    default: undefined,
    allowed: httpUrl,
    schema: () => z.string().check(z.refine((u) => URL.canParse(u) && /^https?:\/\//i.test(u), `not ${httpUrl}`)),
    doc: 'the service {base_url}, e.g. https://host/api/v1beta',
  }),
  account: spec<string>({
    env: 'AGENTRY_ACCOUNT',
    profile: true,
    default: undefined,
    allowed: 'an account id without / ? # or spaces',
    schema: () =>
      z
        .string()
        .check(z.minLength(1, 'empty'))
        .check(z.regex(/^[^/?#\s]+$/, 'account must not contain / ? # or spaces')),
    doc: 'account id for account-scoped paths',
  }),
  output: spec<(typeof profileOutputFormats)[number]>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: `one of ${profileOutputFormats.join(', ')}`,
    schema: () => z.enum(profileOutputFormats, { message: `not one of ${profileOutputFormats.join(', ')}` }),
    doc: 'default output format (else a table on a terminal, TSV when piped)',
  }),
  timeout: spec<number>({
    env: 'AGENTRY_TIMEOUT',
    profile: true,
    default: 300,
    allowed: timeoutRange,
    schema: seconds(0.1, 86_400),
    doc: 'total request timeout in seconds (a stream: the whole answer when set, by default until its headers)',
  }),
  idleTimeout: spec<number>({
    env: 'AGENTRY_IDLE_TIMEOUT',
    profile: true,
    default: 60,
    allowed: idleRange,
    schema: seconds(0.1, 3600),
    doc: 'seconds a stream or a download may go without a byte',
  }),
  retries: spec<number>({
    env: 'AGENTRY_RETRIES',
    profile: true,
    default: 2,
    allowed: retriesRange,
    schema: () => typedNumber((text) => parseWholeNumber(text, { min: 0, max: 10 })),
    doc: 'retries for idempotent requests',
  }),
  defaultAgent: spec<string>({
    env: 'AGENTRY_AGENT',
    profile: true,
    default: undefined,
    allowed: 'an agent id',
    schema: () => z.string().check(z.minLength(1, 'empty')),
    doc: 'agent used by `chat` when none is named',
  }),
  signatureHeader: spec<string>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: 'an HTTP header name (letters, digits and dashes)',
    schema: () => z.string().check(z.regex(/^[A-Za-z0-9-]+$/, 'not an HTTP header name (letters, digits and dashes)')),
    doc: 'scenario signature header name (`scenario run --signature-header` for one run)',
  }),
  secretFile: spec<string>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: 'the path of a file only you can read',
    schema: () => z.string().check(z.minLength(1, 'empty')),
    doc: 'file holding the scenario signing secret (AGENTRY_SCENARIO_SECRET and --secret-file come first)',
  }),
  log: spec<'on' | 'off'>({
    env: 'AGENTRY_LOG',
    profile: true,
    default: 'on',
    allowed: 'on or off',
    schema: () => z.enum(['on', 'off'], { message: 'not on or off' }),
    doc: 'keep a local log of chats (agentry logs)',
  }),
  mcpServers: spec<string[]>({
    env: undefined,
    profile: true,
    default: undefined,
    allowed: 'MCP server command lines: a JSON array of strings, or one command line',
    schema: () =>
      z.pipe(
        z.union([
          z.array(z.string().check(z.minLength(1, 'empty command line'))),
          z.string().check(z.minLength(1, 'empty')),
        ]),
        z.transform((v, c) => {
          if (Array.isArray(v)) return v
          if (!v.trim().startsWith('[')) return [v]
          try {
            const list = z.array(z.string().check(z.minLength(1))).parse(JSON.parse(v))
            return list
          } catch {
            c.issues.push({
              code: 'custom',
              message: 'not a JSON array of command lines, e.g. ["npx -y some-mcp-server"]',
              input: v,
            })
            return z.NEVER
          }
        }),
      ),
    doc: 'local MCP servers whose tools `chat` offers the agent (as --mcp, which adds to them)',
  }),
  errorFormat: spec<'text' | 'json'>({
    env: 'AGENTRY_ERROR_FORMAT',
    profile: false,
    default: 'text',
    allowed: 'text or json',
    schema: () => z.enum(['text', 'json'], { message: 'not text or json' }),
    doc: 'how errors are written on stderr',
  }),
  debug: spec<boolean>({
    env: 'AGENTRY_DEBUG',
    profile: false,
    default: false,
    allowed: 'on or off (1, true, yes, on / 0, false, no, off)',
    schema: onOff,
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
