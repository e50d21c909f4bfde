// Unknown options and commands are usage errors wherever they appear (issue 22 items 1 and 3): on stderr, exit 2,
// stdout empty, with a "did you mean" from the one rule (src/io/did-you-mean.ts) — never the help with exit 0.
import { describe, expect, it } from 'vitest'
import { closestNames, didYouMean } from '../../src/io/did-you-mean.js'
import { testContext } from '../helpers/test-context.js'

describe('unknown options and commands: exit 2 on stderr, never help', () => {
  for (const [argv, said, guess] of [
    [['--bogus'], "unknown option '--bogus'", undefined],
    [['-x'], "unknown option '-x'", undefined],
    [['--jsn', 'agents', 'list'], "unknown option '--jsn'", '(Did you mean --json?)'],
    [['-v'], "unknown option '-v'", '(Did you mean -V (--version)?)'],
    [['nosuch', '--help'], "unknown command 'nosuch'", undefined],
    [['help', 'agnets'], "unknown command 'agnets'", '(Did you mean agents?)'],
    [['agnets', 'list'], "unknown command 'agnets'", '(Did you mean agents?)'],
    [['agents', 'lst', '--help'], "unknown command 'lst'", '(Did you mean list?)'],
    [['--profile', 'p', 'agents', 'lst', '-h'], "unknown command 'lst'", '(Did you mean list?)'],
    [['agents', 'list', '--limt', '3'], "unknown option '--limt'", '(Did you mean --limit?)'],
  ] as const) {
    it(`agentry ${argv.join(' ')}`, async () => {
      const t = testContext()
      expect(await t.run([...argv])).toBe(2)
      expect(t.stdout()).toBe('')
      expect(t.stderr()).toContain(`error: ${said}`)
      if (guess) expect(t.stderr()).toContain(guess)
      expect(t.stderr()).not.toMatch(/Usage:/)
    })
  }

  it.each([[['--error-format', 'json', 'agnets', '--help']], [['--error-format', 'json', '--jsn']]])(
    'with --error-format json: one JSON line, the suggestion as its hint: %j',
    async (argv) => {
      const t = testContext()
      expect(await t.run(argv)).toBe(2)
      expect(t.stdout()).toBe('')
      const lines = t.stderr().trim().split('\n')
      expect(lines).toHaveLength(1)
      const { error } = JSON.parse(lines[0]!)
      expect(error).toMatchObject({ kind: 'usage', exitCode: 2 })
      expect(error.message).not.toMatch(/Did you mean/)
      expect(error.hint).toMatch(/^Did you mean (agents|--json)\?; run with --help for usage$/)
    },
  )

  it('global options alone still print the help (exit 0), as bare agentry does; -V prints the version', async () => {
    const t = testContext()
    expect(await t.run(['--profile', 'p'])).toBe(0)
    expect(t.stdout()).toMatch(/^Usage: agentry/)
    const v = testContext()
    expect(await v.run(['-V'])).toBe(0)
    expect(v.stdout()).toMatch(/^\S+\n$/)
  })

  it.each([[['agents', 'help', 'list']], [['help', 'agents', 'list']], [['agents', 'list', '--help']]])(
    'help of a real command still shows: %j',
    async (argv) => {
      const t = testContext()
      expect(await t.run(argv)).toBe(0)
      expect(t.stdout()).toMatch(/^Usage: agentry agents list/)
    },
  )
})

describe('one did-you-mean rule everywhere', () => {
  it('config set acount x: did you mean account?', async () => {
    const t = testContext()
    expect(await t.run(['config', 'set', 'acount', 'x'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: unknown key "acount"\nhint: did you mean account\? keys: /)
    const u = testContext()
    expect(await u.run(['config', 'get', 'base_urll'])).toBe(2)
    expect(u.stderr()).toMatch(/hint: did you mean base-url\?/)
  })

  it('a --profile that names no saved profile suggests the nearest saved one', async () => {
    const t = testContext()
    expect(await t.run(['--profile', 'work', 'config', 'set', 'account', 'acc_9'])).toBe(0)
    expect(await t.run(['--profile', 'wrok', 'config', 'list'])).toBe(2)
    expect(t.stderr()).toMatch(/hint: did you mean work\? saved profiles: /)
  })

  it('the rule: nearest names under 3 edits and more than 40% alike, ties together, none for one letter', () => {
    expect(closestNames('acount', ['account', 'accounts', 'amount'])).toEqual(['account', 'amount'])
    expect(closestNames('x', ['x', 'y'])).toEqual([])
    expect(closestNames('zzzzzz', ['agents'])).toEqual([])
    expect(didYouMean('lst', ['list', 'ls'], (n) => (n === 'ls' ? 'list' : n))).toBe('did you mean list?')
  })
})
