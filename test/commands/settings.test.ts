// The settings table in use (src/config/settings.ts): bad flag and environment values are usage errors naming the
// flag or variable and the allowed values, before any request; the profile's `output` is honoured; keys a profile
// cannot hold are refused by `config set`; the run's inputs are fixed once.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { globalFlagOf } from '../../src/config/global-flags.js'
import { configFile } from '../../src/config/paths.js'
import { kebab } from '../../src/config/resolve.js'
import { settingKeyList, settingsTable } from '../../src/config/settings.js'
import { CliError, ExitCode, exitCodeOf, exitCodeSummary, exitCodeTable, kindOf, UsageError } from '../../src/errors.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { testContext } from '../helpers/test-context.js'

// answers unpaced: these tests read what is answered, not how fast it streams
const fx = emulatorFixture({ emulator: { tokenDelayMs: 0 } })

describe('bad flag and environment values', () => {
  // No stub is registered: a request would fail the run differently (the MockAgent refuses it).
  const cases: [string, Record<string, string>, string[], RegExp][] = [
    ['AGENTRY_IDLE_TIMEOUT=abc', { AGENTRY_IDLE_TIMEOUT: 'abc' }, [], /^error: AGENTRY_IDLE_TIMEOUT: .*0\.1 to 3600/],
    ['AGENTRY_IDLE_TIMEOUT=0', { AGENTRY_IDLE_TIMEOUT: '0' }, [], /^error: AGENTRY_IDLE_TIMEOUT: must be a number of/],
    ['AGENTRY_TIMEOUT=-1', { AGENTRY_TIMEOUT: '-1' }, [], /^error: AGENTRY_TIMEOUT: must be .*0\.1 to 86400/],
    ['--timeout 0', {}, ['--timeout', '0'], /^error: --timeout: must be a number of seconds from 0\.1 to 86400/],
    ['--timeout 1e9', {}, ['--timeout', '1e9'], /^error: --timeout: must be a number of seconds/],
    ['--timeout soon', {}, ['--timeout', 'soon'], /^error: --timeout: must be a number of seconds/],
    [
      'AGENTRY_RETRIES=11',
      { AGENTRY_RETRIES: '11' },
      [],
      /^error: AGENTRY_RETRIES: must be a whole number from 0 to 10/,
    ],
    ['--retries 1.5', {}, ['--retries', '1.5'], /^error: --retries: must be a whole number from 0 to 10/],
    // one number parser (src/text/whole-number.ts) for flags, variables and settings: no exponent, sign or blank
    ['--retries 1e1', {}, ['--retries', '1e1'], /^error: --retries: must be a whole number from 0 to 10/],
    ['--retries " 3"', {}, ['--retries', ' 3'], /^error: --retries: must be a whole number/],
    ['AGENTRY_RETRIES=1e1', { AGENTRY_RETRIES: '1e1' }, [], /^error: AGENTRY_RETRIES: must be a whole number/],
    ['AGENTRY_RETRIES=+2', { AGENTRY_RETRIES: '+2' }, [], /^error: AGENTRY_RETRIES: must be a whole number/],
    ['--timeout 1e3', {}, ['--timeout', '1e3'], /^error: --timeout: must be a number of seconds/],
    ['AGENTRY_TIMEOUT=" 30"', { AGENTRY_TIMEOUT: ' 30' }, [], /^error: AGENTRY_TIMEOUT: must be a number of seconds/],
    ['AGENTRY_BASE_URL=ftp://x', { AGENTRY_BASE_URL: 'ftp://x' }, [], /^error: AGENTRY_BASE_URL: not an http\(s\) URL/],
    ['AGENTRY_ERROR_FORMAT=xml', { AGENTRY_ERROR_FORMAT: 'xml' }, [], /^error: AGENTRY_ERROR_FORMAT: not text or json/],
    ['AGENTRY_DEBUG=maybe', { AGENTRY_DEBUG: 'maybe' }, [], /^error: AGENTRY_DEBUG: not on or off/],
  ]
  it.each(cases)('%s: exit 2 before any request, naming it and the allowed values', async (_, env, flags, message) => {
    const t = testContext({ env })
    expect(await t.run([...flags, 'agents', 'list'])).toBe(2)
    expect(t.stderr()).toMatch(message)
    expect(t.stderr()).toMatch(/\nhint: [a-z-]+ takes /)
    expect(t.stdout()).toBe('')
  })

  it('refuses a profile name that could not be a profile (AGENTRY_PROFILE or --profile)', async () => {
    const t = testContext({ env: { AGENTRY_PROFILE: '../x' } })
    expect(await t.run(['agents', 'list'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: AGENTRY_PROFILE: a profile name is 1-64 letters/)
    t.clearOutput()
    expect(await t.run(['--profile', 'constructor', 'config', 'list'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: --profile: that name is reserved/)
  })

  it('config set and a stored value go through the same number parser', async () => {
    const t = testContext()
    for (const [key, value] of [
      ['retries', '1e1'],
      ['retries', '1.0'],
      ['timeout', '1e3'],
      ['idle-timeout', ' 5'],
    ]) {
      t.clearOutput()
      expect(await t.run(['config', 'set', key!, value!]), t.stderr()).toBe(2)
      expect(t.stderr()).toMatch(/must be a (whole )?number/)
    }
    expect(await t.run(['config', 'set', 'retries', '3'])).toBe(0)
    // a hand-edited profile with a number that is not whole is refused like the flag
    const file = configFile(t.configDir)
    const config = JSON.parse(await readFile(file, 'utf8'))
    config.profiles.default.retries = 2.5
    await writeFile(file, JSON.stringify(config))
    t.clearOutput()
    expect(await t.run(['agents', 'list'])).toBe(1)
    expect(t.stderr()).toMatch(/invalid value at profiles\.default\.retries: must be a whole number from 0 to 10/)
  })

  it.each([' 5', '5 ', '1e1', '+5', '0x5'])(
    '--limit takes digits only, like every number flag: %j is refused',
    async (value) => {
      const t = testContext()
      expect(await t.run(['agents', 'list', '--limit', value])).toBe(2)
      expect(t.stderr()).toBe(`error: --limit: ${value} must be a whole number from 1 to 100\n`)
    },
  )

  it('refuses a bad value even for a command that sends nothing', async () => {
    const t = testContext({ env: { AGENTRY_TIMEOUT: 'abc' } })
    expect(await t.run(['config', 'list'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: AGENTRY_TIMEOUT: /)
  })

  it('docs/commands.md "Settings" has the row of every setting as the table has it', async () => {
    const docs = await readFile(new URL('../../docs/commands.md', import.meta.url), 'utf8')
    const code = (s: string | undefined) => (s ? `\`${s}\`` : '—')
    for (const key of settingKeyList) {
      const s = settingsTable[key]
      const cells = [
        code(kebab(key)),
        code(globalFlagOf(key)),
        // the official tools' names (BRIGHTSY_*) after ours, in the order they are read
        [s.env, ...(('envAlso' in s && s.envAlso) || [])].filter(Boolean).map(code).join(', ') || '—',
        s.profile ? 'yes' : 'no',
        s.default ?? '—',
        s.allowed,
      ]
      expect(docs).toContain(`| ${cells.join(' | ')} |`)
    }
  })
})

describe('the global --help', () => {
  it('names the range of every ranged global flag as the table has it', async () => {
    const t = testContext()
    expect(await t.run(['--help'])).toBe(0)
    const help = t.stdout().replace(/\s+/g, ' ')
    for (const key of settingKeyList) {
      const { allowed } = settingsTable[key]
      const flag = globalFlagOf(key)
      const range = / from (\S+ to \S+)$/.exec(allowed)?.[1]
      if (flag && range) expect(help).toMatch(new RegExp(`${flag} <\\w+> [^-]*${range.replace('.', '\\.')}`))
    }
  })
})

describe('config set refuses what a profile cannot hold', () => {
  it('names the allowed values of a bad value, and the flag and variable of a run-only key', async () => {
    const t = testContext()
    expect(await t.run(['config', 'set', 'timeout', '0'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: config set timeout: must be a number of seconds from 0\.1 to 86400/)
    expect(t.stderr()).toMatch(/hint: timeout takes a number of seconds from 0\.1 to 86400/)
    t.clearOutput()
    expect(await t.run(['config', 'set', 'idle-timeout', 'never'])).toBe(2)
    expect(t.stderr()).toMatch(/hint: idle-timeout takes a number of seconds from 0\.1 to 3600/)
    t.clearOutput()
    expect(await t.run(['config', 'set', 'error-format', 'json'])).toBe(2)
    expect(t.stderr()).toMatch(
      /error-format is not stored in a profile\nhint: .*--error-format or AGENTRY_ERROR_FORMAT/,
    )
    t.clearOutput()
    expect(await t.run(['config', 'unset', 'profile'])).toBe(2)
    expect(t.stderr()).toMatch(/profile is not stored in a profile/)
    t.clearOutput()
    expect(await t.run(['config', 'set', 'colour', 'red'])).toBe(2)
    expect(t.stderr()).toMatch(/hint: keys: base-url, account, output, timeout, idle-timeout, retries, /)
    await expect(readFile(configFile(t.configDir))).rejects.toThrow(/ENOENT/)
    expect(await t.run(['config', 'set', 'idle-timeout', '5'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['config', 'get', 'idle-timeout', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual({ key: 'idle-timeout', value: 5, source: 'profile', origin: 'default' })
  })
})

describe('the profile output format', () => {
  it('is used when no --json or -o is given, and a flag still wins', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['config', 'set', 'output', 'json'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['agents', 'list'])).toBe(0)
    const agents = JSON.parse(t.stdout()) as { id: string }[]
    expect(agents.length).toBeGreaterThan(0)
    t.clearOutput()
    expect(await t.run(['agents', 'list', '-o', 'tsv'])).toBe(0)
    expect(t.stdout().split('\n')[0]).toContain(agents[0]!.id)
    expect(t.stdout()).not.toMatch(/^\[/)
  })

  it('counts as asking for a format where a command prints differently without one (keys create, piped)', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['keys', 'create', '--name', 'plain'])).toBe(0)
    expect(t.stdout()).toMatch(/^agk_\S+\n$/)
    expect(await t.run(['config', 'set', 'output', 'json'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['keys', 'create', '--name', 'as-json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ name: 'as-json', key: expect.stringMatching(/^agk_/) })
  })

  it('does not change chat, which prints text unless -o says otherwise', async () => {
    for (const stored of ['table', 'json']) {
      const t = emulatorContext(fx)
      expect(await t.run(['config', 'set', 'output', stored])).toBe(0)
      t.clearOutput()
      expect(await t.run(['chat', 'demo-assistant', '-m', 'hello'])).toBe(0)
      expect(t.stdout().length).toBeGreaterThan(0)
      expect(t.stdout()).not.toMatch(/^\{/)
    }
  })
})

describe('a broken config file', () => {
  it('is reported by the first command that needs the settings, while `config path` still finds it', async () => {
    const t = testContext()
    await mkdir(t.configDir, { recursive: true })
    await writeFile(configFile(t.configDir), '{"profiles": {"default": {"timeout": "soon"}}}\n')
    expect(await t.run(['config', 'path'])).toBe(0)
    expect(t.stdout()).toBe(`${configFile(t.configDir)}\n`)
    expect(await t.run(['agents', 'list'])).toBe(1)
    expect(t.stderr()).toMatch(
      /config\.json:1:\d+: invalid value at profiles\.default\.timeout: must be a number of seconds/,
    )
  })
})

describe('transports that need no base URL', () => {
  const noService = { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined }

  it("use the run's HTTP client from the Context: a card by URL with no service configured, per --retries", async () => {
    const t = testContext({ env: noService })
    const origin = 'https://agents.example.com'
    const pool = t.agent.get(origin)
    pool.intercept({ path: '/.well-known/agent-card.json', method: 'GET' }).reply(503, 'busy')
    pool.intercept({ path: '/.well-known/agent-card.json', method: 'GET' }).reply(200, {
      protocolVersion: '0.3.0',
      name: 'Echo',
      description: 'Echoes',
      url: `${origin}/a2a`,
      version: '1.0.0',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    })
    // --retries 0: the 503 ends the run (with the default 2 it would have been retried into the 200)
    expect(await t.run(['--retries', '0', 'a2a', 'card', origin, '--json'])).toBe(7)
    t.clearOutput()
    expect(await t.run(['a2a', 'card', origin, '--json']), t.stderr()).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ name: 'Echo' })
  })

  it('still refuse a bad setting before sending anything', async () => {
    const t = testContext({ env: { ...noService, AGENTRY_WEBHOOK_SECRET: 'whsec_x', AGENTRY_IDLE_TIMEOUT: 'x' } })
    expect(await t.run(['webhook', 'trigger', '--url', 'https://hooks.example.com/api/webhooks/whk_1'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: AGENTRY_IDLE_TIMEOUT: /)
  })
})

describe('the run inputs', () => {
  it('are fixed once: a second resolve is refused', async () => {
    const t = testContext()
    await t.ctx.resolve({ globals: { timeout: '5' } })
    expect(Object.isFrozen(t.ctx.globals)).toBe(true)
    await expect(t.ctx.resolve({ globals: {} })).rejects.toThrow(/fixed once/)
    expect((await t.ctx.settings()).timeout).toEqual({ value: 5, source: 'flag', origin: '--timeout' })
  })

  it('take the --emulator base URL and account as the run settings, named as such', async () => {
    const t = testContext({ env: { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined } })
    expect(await t.run(['--emulator', 'config', 'list', '--json'])).toBe(0)
    const rows = JSON.parse(t.stdout()) as { key: string; value: unknown; origin: string }[]
    const base = rows.find((r) => r.key === 'base-url')
    expect(base?.origin).toBe('--emulator')
    expect(String(base?.value)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  })
})

describe('the exit code table', () => {
  it('is the one docs/exit-codes.md shows, and every CliError takes its kind from it', async () => {
    const docs = await readFile(new URL('../../docs/exit-codes.md', import.meta.url), 'utf8')
    for (const e of Object.values(exitCodeTable)) {
      if (e.code === 0) continue
      expect(docs).toContain(`| ${e.code} | \`${e.kind}\` |`)
      expect(kindOf(new CliError('x', { exitCode: e.code }))).toBe(e.kind)
    }
    expect(kindOf(new CliError('x', { exitCode: 99 }))).toBe('error')
    expect(exitCodeOf(new UsageError('x'))).toBe(ExitCode.usage)
    const t = testContext()
    expect(await t.run(['--help'])).toBe(0)
    expect(t.stdout()).toContain(`Exit codes: ${exitCodeSummary(104, '            ')}.`)
  })
})
