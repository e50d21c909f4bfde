// The parsers of the settings table (./settings.ts), as zod schemas, each built on first use. Loaded with import()
// only where a value fails its generated check (./accept.gen.ts, written by `npm run gen` from these schemas) or a
// writer (`config set`, the config file's schema) needs them: zod is not loaded by a run whose settings are valid.
import * as z from '../api/zod.js'
import { parseDecimal, parseWholeNumber } from '../text/whole-number.js'
import { type SettingKey, type SettingValue, httpUrl, profileOutputFormats } from './settings.js'
import { isHttpUrl } from './value-checks.js'

/**
 * A number through the one parser of numbers people type (src/text/whole-number.ts): a string from a flag, an
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

/** Parses a string (flag, env, `config set`) or a stored JSON value, one schema a setting. */
type SettingSchemas = { readonly [K in SettingKey]: () => z.ZodMiniType<SettingValue<K>, unknown> }

const builders: SettingSchemas = {
  baseUrl: () => z.string().check(z.refine(isHttpUrl, `not ${httpUrl}`)),
  account: () =>
    z
      .string()
      .check(z.minLength(1, 'empty'))
      .check(z.regex(/^[^/?#\s]+$/, 'account must not contain / ? # or spaces')),
  output: () => z.enum(profileOutputFormats, { message: `not one of ${profileOutputFormats.join(', ')}` }),
  timeout: seconds(0.1, 86_400),
  idleTimeout: seconds(0.1, 3600),
  retries: () => typedNumber((text) => parseWholeNumber(text, { min: 0, max: 10 })),
  defaultAgent: () => z.string().check(z.minLength(1, 'empty')),
  signatureHeader: () =>
    z.string().check(z.regex(/^[A-Za-z0-9-]+$/, 'not an HTTP header name (letters, digits and dashes)')),
  secretFile: () => z.string().check(z.minLength(1, 'empty')),
  log: () => z.enum(['on', 'off'], { message: 'not on or off' }),
  mcpServers: () =>
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
  errorFormat: () => z.enum(['text', 'json'], { message: 'not text or json' }),
  debug: onOff,
}

/** Each setting's schema, built on first use (lazySchema) and kept. */
export const settingSchemas = Object.fromEntries(
  Object.entries(builders).map(([k, build]) => [k, z.lazySchema(build as () => z.ZodMiniType)]),
) as unknown as SettingSchemas
