// Profiles (issue 12): a --profile that names no saved profile is refused; `config use`; `config profiles delete`.
import { describe, expect, it } from 'vitest'
import { loadConfig, loadCredentials, updateCredentials } from '../../src/config/store.js'
import { fakePrompter, testContext } from '../helpers/test-context.js'

const bare = { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined }

describe('--profile names a saved profile', () => {
  it('refuses a typo with exit 2 and the list of profiles, before any request', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['--profile', 'staging', 'config', 'set', 'account', 'acc_s'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['--profile', 'stagign', 'agents', 'list'])).toBe(2)
    expect(t.stderr()).toMatch(/--profile: no profile named stagign/)
    expect(t.stderr()).toMatch(/saved profiles: staging/)
    t.clearOutput()
    const e = testContext({ env: { ...bare, AGENTRY_PROFILE: 'nope' }, configDir: t.configDir })
    expect(await e.run(['config', 'list'])).toBe(2)
    expect(e.stderr()).toMatch(/AGENTRY_PROFILE: no profile named nope/)
  })
  it('lets the commands that create a profile name a new one', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['--profile', 'fresh', 'config', 'set', 'account', 'acc_f'])).toBe(0)
    expect(await t.run(['--profile', 'fresh', 'config', 'get', 'account'])).toBe(0)
    expect(t.stdout()).toBe('acc_f\n')
  })
})

describe('config use', () => {
  it('makes a saved profile the default from now on; flag and env still win', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['--profile', 'ci', 'config', 'set', 'account', 'acc_ci'])).toBe(0)
    expect(await t.run(['config', 'use', 'ci'])).toBe(0)
    expect((await loadConfig(t.configDir)).currentProfile).toBe('ci')
    t.clearOutput()
    expect(await t.run(['config', 'get', 'account'])).toBe(0)
    expect(t.stdout()).toBe('acc_ci\n')
    expect(await t.run(['config', 'use', 'default'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['config', 'get', 'account'])).toBe(1)
  })
  it('refuses a profile that does not exist (exit 3, with the list)', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['--profile', 'ci', 'config', 'set', 'account', 'acc_ci'])).toBe(0)
    expect(await t.run(['config', 'use', 'cj'])).toBe(3)
    expect(t.stderr()).toMatch(/no profile named cj[\s\S]*saved profiles: ci/)
  })
})

describe('config profiles delete', () => {
  it('deletes the settings and the stored credential after asking; a no keeps it and exits 0', async () => {
    const t = testContext({ env: bare, tty: true, prompter: fakePrompter([false, true]) })
    expect(await t.run(['--profile', 'old', 'config', 'set', 'account', 'acc_o'])).toBe(0)
    await updateCredentials(t.configDir, (c) => {
      c.profiles.old = { apiKey: 'agk_old_0123456789' }
    })
    expect(await t.run(['config', 'use', 'old'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['config', 'profiles', 'delete', 'old'])).toBe(0)
    expect(t.stderr()).toMatch(/not deleted/)
    expect((await loadConfig(t.configDir)).profiles.old).toBeDefined()
    expect(await t.run(['config', 'profiles', 'delete', 'old'])).toBe(0)
    const cfg = await loadConfig(t.configDir)
    expect(cfg.profiles.old).toBeUndefined()
    expect(cfg.currentProfile).toBeUndefined()
    expect((await loadCredentials(t.configDir)).profiles.old).toBeUndefined()
  })
  it('needs --yes without a terminal, and names an unknown profile', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['--profile', 'x', 'config', 'set', 'account', 'a'])).toBe(0)
    expect(await t.run(['config', 'profiles', 'delete', 'x'])).toBe(2)
    expect(await t.run(['config', 'profiles', 'delete', 'y', '--yes'])).toBe(3)
    expect(await t.run(['config', 'profiles', 'rm', 'x', '--yes'])).toBe(0)
    expect((await loadConfig(t.configDir)).profiles.x).toBeUndefined()
  })
})
