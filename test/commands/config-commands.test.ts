import { readFile, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { configFile, credentialsFile } from '../../src/config/paths.js'
import { loadConfig, updateCredentials } from '../../src/config/store.js'
import { testContext } from '../helpers/test-context.js'

// No AGENTRY_* settings from the environment unless a test sets them.
const bare = { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined }

describe('config set / get / unset', () => {
  it('stores a value (kebab-case or camelCase key) in the profile and reads it back with its source', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['config', 'set', 'base-url', 'https://h.example/api/v1beta'])).toBe(0)
    expect(await t.run(['--profile', 'ci', 'config', 'set', 'baseUrl', 'https://ci.example/api/v1beta'])).toBe(0)
    expect(await t.run(['config', 'set', 'timeout', '600'])).toBe(0)
    const cfg = await loadConfig(t.configDir)
    expect(cfg.profiles.default).toEqual({ baseUrl: 'https://h.example/api/v1beta', timeout: 600 })
    expect(cfg.profiles.ci).toEqual({ baseUrl: 'https://ci.example/api/v1beta' })
    t.clearOutput()
    expect(await t.run(['config', 'get', 'base-url'])).toBe(0)
    expect(t.stdout()).toBe('https://h.example/api/v1beta\n')
    t.clearOutput()
    expect(await t.run(['config', 'get', 'timeout', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual({ key: 'timeout', value: 600, source: 'profile', origin: 'default' })
    expect(await t.run(['config', 'unset', 'timeout'])).toBe(0)
    expect((await loadConfig(t.configDir)).profiles.default).toEqual({ baseUrl: 'https://h.example/api/v1beta' })
  })

  it('get shows the value this run sees (env over profile), and exits 1 when unset', async () => {
    const t = testContext({ env: { ...bare, AGENTRY_ACCOUNT: 'acc_env' } })
    expect(await t.run(['config', 'set', 'account', 'acc_profile'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['config', 'get', 'account'])).toBe(0)
    expect(t.stdout()).toBe('acc_env\n')
    t.clearOutput()
    expect(await t.run(['--account', 'acc_flag', 'config', 'get', 'account'])).toBe(0)
    expect(t.stdout()).toBe('acc_flag\n')
    t.clearOutput()
    expect(await t.run(['config', 'get', 'default-agent'])).toBe(1)
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toMatch(/default-agent is not set/)
  })

  it.each([
    ['base-url', 'not a url'],
    ['base-url', 'ftp://h/x'],
    ['timeout', '-3'],
    ['retries', 'many'],
    ['output', 'xml'],
    ['account', 'a/b'],
  ])('refuses %s %j with exit 2 and writes nothing', async (key, value) => {
    const t = testContext({ env: bare })
    expect(await t.run(['config', 'set', key, value])).toBe(2)
    expect(t.stderr()).toMatch(/^error: config set /)
    await expect(readFile(configFile(t.configDir))).rejects.toThrow(/ENOENT/)
  })

  it('rejects unknown keys, naming the valid ones, and secrets with a pointer to login', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['config', 'set', 'colour', 'red'])).toBe(2)
    expect(t.stderr()).toMatch(/unknown key "colour"/)
    expect(t.stderr()).toMatch(/keys: base-url, account, /)
    t.clearOutput()
    expect(await t.run(['config', 'set', 'api-key', 'agk_x'])).toBe(2)
    expect(t.stderr()).toMatch(/login --with-api-key/)
    t.clearOutput()
    expect(await t.run(['--profile', '../evil', 'config', 'set', 'account', 'a'])).toBe(2)
    expect(t.stderr()).toMatch(/--profile: /)
  })

  it('reports a hand-broken config.json with its path and line, exit 1, and leaves its bytes alone', async () => {
    const t = testContext({ env: bare })
    const broken = '{\n  "profiles": {\n    "default": { "account": "a", }\n  }\n}\n'
    await writeFile(configFile(t.configDir), broken)
    expect(await t.run(['config', 'set', 'account', 'b'])).toBe(1)
    expect(t.stderr()).toContain(`${configFile(t.configDir)}:3:34`)
    expect(t.stderr()).toMatch(/hint: .*never overwrites/)
    expect(await readFile(configFile(t.configDir), 'utf8')).toBe(broken)
    t.clearOutput()
    expect(await t.run(['config', 'list'])).toBe(1)
    expect(t.stdout()).toBe('')
  })
})

describe('config list', () => {
  const setup = async (tty: boolean) => {
    const t = testContext({ tty, env: { ...bare, AGENTRY_BASE_URL: 'https://env.example/api/v1beta' } })
    await writeFile(
      configFile(t.configDir),
      JSON.stringify({ profiles: { default: { account: 'acc_p', timeout: 60 } } }),
    )
    return t
  }

  it('prints TSV when piped: key, value, source, origin for every key', async () => {
    const t = await setup(false)
    expect(await t.run(['--retries', '5', 'config', 'list'])).toBe(0)
    expect(t.stdout()).toBe(
      [
        'profile\tdefault\tdefault\tdefault',
        'base-url\thttps://env.example/api/v1beta\tenv\tAGENTRY_BASE_URL',
        'account\tacc_p\tprofile\tdefault',
        'output\t\tunset\t',
        'timeout\t60\tprofile\tdefault',
        'idle-timeout\t300\tdefault\tdefault',
        'retries\t5\tflag\t--retries',
        'default-agent\t\tunset\t',
        'signature-header\t\tunset\t',
        'secret-file\t\tunset\t',
        'log\ton\tdefault\tdefault',
        'mcp-servers\t\tunset\t',
        'error-format\ttext\tdefault\tdefault',
        'debug\tfalse\tdefault\tdefault',
        // the run's credential by its kind, never the secret (issue 37 item 7)
        'credential\t\tunset\t',
        '',
      ].join('\n'),
    )
    expect(t.stderr()).toBe('')
  })

  it('prints an aligned table on a terminal', async () => {
    const t = await setup(true)
    expect(await t.run(['config', 'list'])).toBe(0)
    const lines = t.stdout().split('\n')
    expect(lines[0]).toMatch(/^KEY +VALUE +SOURCE +ORIGIN$/)
    expect(lines).toContainEqual(
      expect.stringMatching(/^base-url +https:\/\/env\.example\/api\/v1beta +env +AGENTRY_BASE_URL$/),
    )
    expect(lines).toContainEqual(expect.stringMatching(/^default-agent +unset$/))
    const col = lines[0]!.indexOf('SOURCE')
    for (const l of lines.filter(Boolean)) expect(l.slice(col)).toMatch(/^(SOURCE|flag|env|profile|default|unset)/)
  })

  it('prints JSON with --json, the same with and without a terminal', async () => {
    const a = await setup(false)
    const b = await setup(true)
    expect(await a.run(['config', 'list', '--json'])).toBe(0)
    expect(await b.run(['config', 'list', '--json'])).toBe(0)
    expect(a.stdout()).toBe(b.stdout())
    const rows = JSON.parse(a.stdout()) as { key: string; value: unknown; source: string; origin: string | null }[]
    expect(rows.find((r) => r.key === 'timeout')).toEqual({
      key: 'timeout',
      value: 60,
      source: 'profile',
      origin: 'default',
    })
    expect(rows.find((r) => r.key === 'output')).toEqual({ key: 'output', value: null, source: 'unset', origin: null })
  })
})

describe('config profiles and path', () => {
  it('lists the profiles from both files and marks the current one', async () => {
    const t = testContext({ env: { ...bare, AGENTRY_PROFILE: 'ci' } })
    await writeFile(
      configFile(t.configDir),
      JSON.stringify({ profiles: { default: { baseUrl: 'https://a/api/v1beta' }, ci: { account: 'acc_ci' } } }),
    )
    await updateCredentials(t.configDir, (c) => {
      c.profiles.ci = { apiKey: 'agk_ci_0123456789' }
      c.profiles.bot = { oauth: { accessToken: 'at_123456', clientId: 'c', tokenEndpoint: 'https://a/oauth/token' } }
    })
    expect(await t.run(['config', 'profiles'])).toBe(0)
    expect(t.stdout()).toBe(
      ['bot\tfalse\t\t\toauth', 'ci\ttrue\t\tacc_ci\tapi-key', 'default\tfalse\thttps://a/api/v1beta\t\tnone', ''].join(
        '\n',
      ),
    )
    expect(t.stdout()).not.toContain('agk_ci')
    t.clearOutput()
    expect(await t.run(['--profile', 'new', 'config', 'profiles', '--json'])).toBe(0)
    const rows = JSON.parse(t.stdout()) as { name: string; current: boolean }[]
    expect(rows.filter((r) => r.current).map((r) => r.name)).toEqual(['new'])
  })

  it('prints the config file path, and every path with --json', async () => {
    const t = testContext({ env: bare })
    expect(await t.run(['config', 'path'])).toBe(0)
    expect(t.stdout()).toBe(`${configFile(t.configDir)}\n`)
    t.clearOutput()
    expect(await t.run(['config', 'path', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual({
      dir: t.configDir,
      config: configFile(t.configDir),
      credentials: credentialsFile(t.configDir),
    })
  })
})
