// login, logout, whoami and oauth as declared with defineCommand (issue 7 item 6): each manifest entry loads its own
// folder's declaration, and bad option values are usage errors (exit 2) naming the flag and the range, before any
// request (the test context's MockAgent refuses every request that is not stubbed, and none is).
import { describe, expect, it } from 'vitest'
import { groups } from '../../src/commands/manifest.js'
import { testContext } from '../helpers/test-context.js'

describe('auth commands as declared', () => {
  it.each(['login', 'logout', 'whoami', 'oauth'])(
    'the manifest entry of %s loads its own declaration',
    async (name) => {
      const entry = groups.find((g) => g.name === name)!
      const mod = await entry.load()
      expect('default' in mod && mod.default.path).toEqual([name])
      expect('default' in mod && mod.default.kind).toBe(name === 'oauth' ? 'group' : 'command')
    },
  )

  it.each([
    [['login', '--wait', '0'], '--wait: 0 must be a whole number from 1 to 3600'],
    [['login', '--wait', '3601'], '--wait: 3601 must be a whole number from 1 to 3600'],
    [['login', '--wait', '1e3'], '--wait: 1e3 must be a whole number from 1 to 3600'],
    [['oauth', 'login', '--no-browser', '--wait', '-5'], '--wait: -5 must be a whole number from 1 to 3600'],
    [['login', '--scope', ' '], '--scope: give a value'],
    [['oauth', 'login', '--device', '--scope', ''], '--scope: give a value'],
    [['oauth', 'register', '--redirect-uri', 'not a url'], '--redirect-uri not a url: not a URL'],
  ])('%j is a usage error', async (argv, message) => {
    const t = testContext({ env: { AGENTRY_API_KEY: undefined } })
    expect(await t.run(argv)).toBe(2)
    expect(t.stderr()).toContain(message)
    expect(t.stdout()).toBe('')
  })

  it('login --help shows the --wait range', async () => {
    const t = testContext()
    expect(await t.run(['login', '--help'])).toBe(0)
    expect(t.stdout()).toMatch(/--wait <seconds>\s+how long to wait for the browser, 1 to 3600, default 300/)
  })
})
