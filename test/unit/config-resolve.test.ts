import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { configRows } from '../../src/commands/config/keys.js'
import { configDir } from '../../src/config/paths.js'
import {
  checkedProfileName,
  defaults,
  kebab,
  resolveSettings,
  type Sourced,
  settingKeyFromName,
  validateSetting,
} from '../../src/config/resolve.js'
import { configFileSchema, credentialsFileSchema, profileSchema } from '../../src/config/schema.js'
import { emptyStoreFile } from '../../src/config/store.js'
import { settingKeyList, settingsTable } from '../../src/config/settings.js'
import { UsageError } from '../../src/errors.js'

const def: Sourced<string> = { value: 'default', source: 'default', origin: 'default' }

describe('precedence: flag > env > profile > default', () => {
  it('takes each layer over the ones below it (property)', async () => {
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
    await fc.assert(
      fc.asyncProperty(
        maybe(fc.integer({ min: 1, max: 999 })),
        maybe(fc.integer({ min: 1, max: 999 })),
        maybe(fc.integer({ min: 1, max: 999 })),
        async (flag, env, stored) => {
          const s = await resolveSettings(
            flag === undefined ? {} : { timeout: flag },
            env === undefined ? {} : { AGENTRY_TIMEOUT: String(env) },
            def,
            stored === undefined ? undefined : { timeout: stored },
          )
          const expected =
            flag !== undefined
              ? { value: flag, source: 'flag', origin: '--timeout' }
              : env !== undefined
                ? { value: env, source: 'env', origin: 'AGENTRY_TIMEOUT' }
                : stored !== undefined
                  ? { value: stored, source: 'profile', origin: 'default' }
                  : { value: defaults.timeout, source: 'default', origin: 'default' }
          expect(s.timeout).toEqual(expected)
        },
      ),
    )
  })

  it('ignores an empty environment variable, and validates a set one naming it', async () => {
    const s = await resolveSettings({}, { AGENTRY_BASE_URL: '' }, def, { baseUrl: 'https://p/api/v1beta' })
    expect(s.baseUrl).toEqual({ value: 'https://p/api/v1beta', source: 'profile', origin: 'default' })
    await expect(resolveSettings({}, { AGENTRY_TIMEOUT: 'soon' }, def, undefined)).rejects.toThrow(/^AGENTRY_TIMEOUT: /)
    await expect(resolveSettings({}, { AGENTRY_BASE_URL: 'ftp://x' }, def, undefined)).rejects.toThrow(UsageError)
  })

  it('leaves a key without a default unset', async () => {
    expect((await resolveSettings({}, {}, def, undefined)).account).toBeUndefined()
  })
})

describe('the settings table', () => {
  const ranged: [string, number, number, boolean][] = [
    ['timeout', 0.1, 86_400, false],
    ['idleTimeout', 0.1, 3600, false],
    ['retries', 0, 10, true],
  ]
  it.each(ranged)(
    '%s: takes %d to %d (whole numbers: %s) and refuses the rest, naming the range',
    async (key, min, max, whole) => {
      const k = key as 'timeout'
      const inside = whole ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true })
      await fc.assert(
        fc.asyncProperty(inside, async (n) => {
          expect(await validateSetting(k, String(n), 'X')).toBe(n)
        }),
      )
      const outside = fc.oneof(
        // as typed: -0 is "0"
        fc.double({ max: min, maxExcluded: true, noNaN: true }).filter((n) => Number(String(n)) < min),
        fc.double({ min: max, minExcluded: true, noNaN: true }),
        fc.constantFrom('abc', '', ' ', '1s', 'Infinity', '--1'),
      )
      await fc.assert(
        fc.asyncProperty(outside, async (v) => {
          await expect(validateSetting(k, String(v), 'X')).rejects.toThrow(UsageError)
          try {
            await validateSetting(k, String(v), 'X')
          } catch (e) {
            expect((e as UsageError).message).toMatch(/^X: /)
            expect((e as UsageError).hint).toContain(settingsTable[k].allowed)
          }
        }),
      )
    },
  )

  it('keeps every run-only key out of the profile schema and every default valid', async () => {
    for (const key of settingKeyList) {
      const spec = settingsTable[key]
      if (spec.default !== undefined) expect(await validateSetting(key, spec.default, 'default')).toEqual(spec.default)
    }
    expect(profileSchema().parse({ errorFormat: 'json', timeout: 5 })).toMatchObject({ timeout: 5 })
    expect(() => profileSchema().parse({ timeout: 0 })).toThrow()
  })

  it('reads an absent config or credentials file as what its schema makes of {}', () => {
    expect(configFileSchema().parse({})).toEqual(emptyStoreFile())
    expect(credentialsFileSchema().parse({})).toEqual(emptyStoreFile())
  })

  it('reads debug as on/off words, refusing others', async () => {
    for (const on of ['1', 'true', 'YES', 'on']) expect(await validateSetting('debug', on, 'X')).toBe(true)
    for (const off of ['0', 'false', 'no', 'Off']) expect(await validateSetting('debug', off, 'X')).toBe(false)
    await expect(validateSetting('debug', 'maybe', 'AGENTRY_DEBUG')).rejects.toThrow(/^AGENTRY_DEBUG: not on or off/)
  })
})

describe('config list rows', () => {
  it('lists the profile and every key with its source, unset ones included', async () => {
    const s = await resolveSettings(
      { account: 'acc_flag' },
      { AGENTRY_BASE_URL: 'https://env/api/v1beta' },
      { value: 'ci', source: 'env', origin: 'AGENTRY_PROFILE' },
      { output: 'json', timeout: 60 },
    )
    const rows = configRows(s)
    const by = Object.fromEntries(rows.map((r) => [r.key, r]))
    expect(rows[0]).toEqual({ key: 'profile', value: 'ci', source: 'env', origin: 'AGENTRY_PROFILE' })
    expect(by.account).toEqual({ key: 'account', value: 'acc_flag', source: 'flag', origin: '--account' })
    expect(by['base-url']).toMatchObject({ value: 'https://env/api/v1beta', source: 'env', origin: 'AGENTRY_BASE_URL' })
    expect(by.output).toMatchObject({ value: 'json', source: 'profile', origin: 'ci' })
    expect(by.timeout).toMatchObject({ value: 60, source: 'profile' })
    expect(by.retries).toMatchObject({ value: 2, source: 'default' })
    expect(by['default-agent']).toEqual({ key: 'default-agent', value: null, source: 'unset', origin: null })
  })
})

describe('names', () => {
  it('accepts kebab-case, camelCase and snake_case key names', () => {
    expect(settingKeyFromName('base-url')).toBe('baseUrl')
    expect(settingKeyFromName('baseUrl')).toBe('baseUrl')
    expect(settingKeyFromName('base_url')).toBe('baseUrl')
    expect(settingKeyFromName('signature-header')).toBe('signatureHeader')
    expect(settingKeyFromName('nope')).toBeUndefined()
    expect(settingKeyFromName('constructor')).toBeUndefined()
    expect(settingKeyFromName('__proto__')).toBeUndefined()
    expect(kebab('defaultAgent')).toBe('default-agent')
  })

  it('round-trips every key through kebab-case', () => {
    for (const key of settingKeyList) expect(settingKeyFromName(kebab(key))).toBe(key)
  })

  it('checks profile names', async () => {
    expect(await checkedProfileName({ value: 'ci-1.prod_x', source: 'flag', origin: '--profile' })).toBe('ci-1.prod_x')
    for (const bad of ['', '../x', 'a b', '__proto__', '-x', 'a/b'])
      await expect(checkedProfileName({ value: bad, source: 'flag', origin: '--profile' })).rejects.toThrow(
        /^--profile: /,
      )
  })

  it('finds the config dir: AGENTRY_CONFIG_DIR, then XDG_CONFIG_HOME (absolute only), then ~/.config', () => {
    expect(configDir({ AGENTRY_CONFIG_DIR: '/c', XDG_CONFIG_HOME: '/x' })).toBe('/c')
    expect(configDir({ XDG_CONFIG_HOME: '/x' })).toBe('/x/agentry')
    expect(configDir({ XDG_CONFIG_HOME: 'relative' })).toMatch(/\.config\/agentry$/)
  })
})
