// The one table of global options (src/config/global-flags.ts): each key is the attribute name commander gives its
// flag (what optsWithGlobals() names it, what GlobalOptions types and what the settings of the same key read).
import { Option } from 'commander'
import { expect, it } from 'vitest'
import { globalFlagOf, globalFlags, takesGlobalValue } from '../../src/config/global-flags.js'
import { settingKeyList } from '../../src/config/settings.js'

it("keys each global option by commander's attribute name, and lists the spellings that take a value", () => {
  for (const [key, f] of Object.entries(globalFlags))
    expect(new Option(f.flags, f.help).attributeName(), f.flags).toBe(key)
  const spellings = Object.values(globalFlags).flatMap((f) => f.flags.split(/[ ,]+/).filter((w) => w.startsWith('-')))
  expect(spellings.filter(takesGlobalValue).sort()).toEqual(
    [
      '--account',
      '--api-key-file',
      '--base-url',
      '--error-format',
      '--jq',
      '--output',
      '--profile',
      '--retries',
      '--timeout',
      '-o',
    ].sort(),
  )
})

it('gives a setting the global flag of the same key (no other setting has one)', () => {
  const flagged = settingKeyList.filter((k) => globalFlagOf(k) !== undefined)
  expect(flagged).toEqual(['baseUrl', 'account', 'output', 'timeout', 'retries', 'errorFormat', 'debug'])
  expect(globalFlagOf('baseUrl')).toBe('--base-url')
  expect(globalFlagOf('idleTimeout')).toBeUndefined()
})
