// `agentry scenario run`: in-process against an undici MockAgent that rejects anything not stubbed, so each test
// sees the exact request bytes and headers the command sends.
import { createHmac } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { updateConfig } from '../../src/config/store.js'
import { type TestContext, testAccount, testApiKey, testContext } from '../helpers/test-context.js'

const secret = 'scn-secret-0123456789'
const withSecret = { AGENTRY_SCENARIO_SECRET: secret }
const recordPath = `/api/v1beta/${testAccount}/scenarios/scn_1`
const execPath = '/api/v1beta/scenario/scn_1'
const record = { id: 'scn_1', name: 'Summarize', enabled: true, signature_name: 'X-Sig' }
const completed = {
  id: 'exe_1',
  scenarioId: 'scn_1',
  status: 'completed',
  output: 'A summary.',
  startedAt: '2030-01-01T00:00:00.000Z',
  finishedAt: '2030-01-01T00:00:01.000Z',
}

interface Seen {
  body: Buffer
  headers: Record<string, string>
}

const hmac = (key: string, bytes: Buffer | string) => createHmac('sha256', key).update(bytes).digest('hex')

/** Stubs one execute call and records what was sent. */
function stubExecute(t: TestContext, status = 200, data: object = completed): Seen[] {
  const seen: Seen[] = []
  t.http.post(execPath).reply((req) => {
    const body = req.body instanceof Uint8Array ? Buffer.from(req.body) : Buffer.from(String(req.body))
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries((req.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = v
    seen.push({ body, headers })
    return { statusCode: status, data }
  })
  return seen
}

describe('scenario run: signing', () => {
  it('signs the exact bytes it sends, in the header named by the record, and prints the execution', async () => {
    const t = testContext({ env: withSecret })
    t.http.get(recordPath).reply(200, record)
    const seen = stubExecute(t)
    const input = 'Zusammenfassung: "quotes", \\ backslash, émoji 🎉\nsecond line'
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', input, '--json'])).toBe(0)
    t.agent.assertNoPendingInterceptors()
    expect(seen).toHaveLength(1)
    const sent = seen[0]!
    expect(sent.body.toString('utf8')).toBe(JSON.stringify({ input }))
    expect(JSON.parse(sent.body.toString('utf8'))).toEqual({ input })
    expect(sent.headers['x-sig']).toBe(hmac(secret, sent.body))
    expect(sent.headers['x-sig']).toMatch(/^[0-9a-f]{64}$/)
    expect(sent.headers['content-type']).toBe('application/json')
    expect(sent.headers.authorization).toBeUndefined()
    expect(JSON.parse(t.stdout())).toEqual(completed)
    expect(t.stderr()).toBe('')
    expect(t.stdout() + t.stderr()).not.toContain(secret)
  })

  it('keeps the secret and the signature out of the --debug trace', async () => {
    const t = testContext({ env: withSecret })
    t.http.get(recordPath).reply(200, record)
    const seen = stubExecute(t)
    expect(await t.run(['--debug', 'scenario', 'run', 'scn_1', '--input', 'hi'])).toBe(0)
    const trace = t.stderr()
    expect(trace).toContain(`> POST http://agentry.test${execPath}`)
    expect(trace).toMatch(/> x-sig: \[REDACTED\]/i)
    expect(trace).not.toContain(secret)
    expect(trace).not.toContain(hmac(secret, seen[0]!.body))
    expect(trace).not.toContain(testApiKey)
  })

  it('takes the header from --signature-header, then the profile, before reading the record', async () => {
    const t = testContext({ env: withSecret })
    const seen = stubExecute(t)
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'a', '--signature-header', 'X-Flag'])).toBe(0)
    expect(seen[0]!.headers['x-flag']).toBe(hmac(secret, seen[0]!.body))
    await updateConfig(t.configDir, (cfg) => {
      cfg.profiles.default = { signatureHeader: 'X-Profile' }
    })
    const again = stubExecute(t)
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'b'])).toBe(0)
    expect(again[0]!.headers['x-profile']).toBe(hmac(secret, again[0]!.body))
    t.agent.assertNoPendingInterceptors()
  })

  it('without a header name and without API credentials: exit 2 naming the ways, nothing sent', async () => {
    const t = testContext({ env: { ...withSecret, AGENTRY_API_KEY: undefined } })
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'a'])).toBe(2)
    expect(t.stderr()).toMatch(/needs API credentials/)
    expect(t.stderr()).toMatch(/--signature-header <name>/)
    expect(t.stdout()).toBe('')
  })

  it('runs without API credentials when the header is given', async () => {
    const t = testContext({ env: { ...withSecret, AGENTRY_API_KEY: undefined, AGENTRY_ACCOUNT: undefined } })
    const seen = stubExecute(t)
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'a', '--signature-header', 'X-Sig'])).toBe(0)
    expect(seen[0]!.headers.authorization).toBeUndefined()
  })

  it('rejects a header name that is not one', async () => {
    const t = testContext({ env: withSecret })
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'a', '--signature-header', 'X Sig:'])).toBe(2)
    expect(t.stderr()).toMatch(/--signature-header: not an HTTP header name/)
  })
})

describe('scenario run: the secret', () => {
  it('reads the first line of a private --secret-file, trimmed, over the environment', async () => {
    const t = testContext({ env: { AGENTRY_SCENARIO_SECRET: 'the-env-secret' } })
    const file = join(t.configDir, 'scn.secret')
    await writeFile(file, `  file-secret-xyz  \nsecond line\n`, { mode: 0o600 })
    const seen = stubExecute(t)
    const argv = ['scenario', 'run', 'scn_1', '--input', 'a', '--signature-header', 'X-Sig', '--secret-file', file]
    expect(await t.run(argv)).toBe(0)
    expect(seen[0]!.headers['x-sig']).toBe(hmac('file-secret-xyz', seen[0]!.body))
  })

  it('refuses a secret file that others can read: exit 4 with the chmod fix', async () => {
    const t = testContext()
    const file = join(t.configDir, 'open.secret')
    await writeFile(file, 'open-secret-123\n', { mode: 0o644 })
    const argv = ['scenario', 'run', 'scn_1', '--input', 'a', '--signature-header', 'X-Sig', '--secret-file', file]
    expect(await t.run(argv)).toBe(4)
    expect(t.stderr()).toContain(`chmod 600 ${file}`)
    expect(t.stderr()).not.toContain('open-secret-123')
  })

  it("uses the profile's secret-file when nothing else gives one", async () => {
    const t = testContext()
    const file = join(t.configDir, 'profile.secret')
    await writeFile(file, 'profile-secret-456\n', { mode: 0o600 })
    await updateConfig(t.configDir, (cfg) => {
      cfg.profiles.default = { secretFile: file, signatureHeader: 'X-Sig' }
    })
    const seen = stubExecute(t)
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'a'])).toBe(0)
    expect(seen[0]!.headers['x-sig']).toBe(hmac('profile-secret-456', seen[0]!.body))
  })

  it('without a secret: exit 2 naming the variable, the flag and the profile; an empty variable is called out', async () => {
    const t = testContext({ env: { AGENTRY_SCENARIO_SECRET: '' } })
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'a', '--signature-header', 'X-Sig'])).toBe(2)
    expect(t.stderr()).toMatch(/no signing secret \(AGENTRY_SCENARIO_SECRET is set but empty\)/)
    expect(t.stderr()).toMatch(
      /AGENTRY_SCENARIO_SECRET, pass --secret-file <path>, or run: agentry config set secret-file/,
    )
  })

  it('never takes the secret as a flag value', async () => {
    const t = testContext()
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'a', '--secret', 'argv-secret-1'])).toBe(2)
    expect(t.stderr()).toMatch(/secrets are never taken from the command line/)
    expect(t.stderr()).not.toContain('argv-secret-1')
  })
})

describe('scenario run: input', () => {
  const run = (t: TestContext, ...extra: string[]) =>
    t.run(['scenario', 'run', 'scn_1', '--signature-header', 'X-Sig', ...extra])

  it('reads piped stdin exactly when no flag is given', async () => {
    const t = testContext({ env: withSecret, stdin: 'line one\nline two\n' })
    const seen = stubExecute(t)
    expect(await run(t)).toBe(0)
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ input: 'line one\nline two\n' })
  })

  it('reads --input-file', async () => {
    const t = testContext({ env: withSecret })
    const file = join(t.configDir, 'in.txt')
    await writeFile(file, 'from a file')
    const seen = stubExecute(t)
    expect(await run(t, '--input-file', file)).toBe(0)
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ input: 'from a file' })
  })

  it.each([
    ['a terminal', { tty: true }],
    ['empty stdin', { stdin: '' }],
  ])('exit 2 naming the flags when there is no input: %s', async (_, opts) => {
    const t = testContext({ env: withSecret, ...opts })
    expect(await run(t)).toBe(2)
    expect(t.stderr()).toMatch(/no input for the scenario/)
    expect(t.stderr()).toMatch(/--input <text>, --input-file <path>, or pipe it on stdin/)
  })

  it('exit 2 for two sources or an unreadable file', async () => {
    const t = testContext({ env: withSecret })
    expect(await run(t, '--input', 'a', '--input-file', 'x.txt')).toBe(2)
    expect(t.stderr()).toMatch(/cannot be used with/)
    const u = testContext({ env: withSecret })
    expect(await run(u, '--input-file', join(u.configDir, 'missing.txt'))).toBe(2)
    expect(u.stderr()).toMatch(/--input-file .*missing\.txt: cannot read the file \(ENOENT\)/)
  })
})

describe('scenario run: outcomes', () => {
  const run = (t: TestContext, ...extra: string[]) =>
    t.run(['scenario', 'run', 'scn_1', '--input', 'a', '--signature-header', 'X-Sig', ...extra])

  it('a failed run prints the execution and exits 1 with the reason on stderr', async () => {
    const t = testContext({ env: withSecret })
    stubExecute(t, 200, { ...completed, status: 'failed', output: 'agent "ag_x" not found' })
    expect(await run(t, '--json')).toBe(1)
    expect(JSON.parse(t.stdout()).status).toBe('failed')
    expect(t.stderr()).toBe('error: scenario scn_1: run exe_1 failed: agent "ag_x" not found\n')
  })

  it('401 → exit 4 with a hint about the secret and the header; 409 → 5; 404 → 3', async () => {
    const cases: [number, string, number, RegExp][] = [
      [
        401,
        'invalid signature',
        4,
        /signature in X-Sig \(header from --signature-header\) was refused.*AGENTRY_SCENARIO_SECRET/,
      ],
      [409, 'Scenario is disabled', 5, /must be enabled/],
      [404, 'scenario "scn_1" not found', 3, /404 scenario "scn_1" not found/],
    ]
    for (const [status, message, code, pattern] of cases) {
      const t = testContext({ env: withSecret })
      stubExecute(t, status, { error: { message } })
      expect(await run(t)).toBe(code)
      expect(t.stderr()).toMatch(pattern)
      expect(t.stdout()).toBe('')
      expect(t.stderr()).not.toContain(secret)
    }
  })

  it('never sends the POST twice, even on a 503 that a GET would retry', async () => {
    const t = testContext({ env: withSecret })
    const seen = stubExecute(t, 503, { error: { message: 'busy' } })
    expect(await run(t)).toBe(7)
    expect(seen).toHaveLength(1)
  })

  it('--dry-run prints the body, header and signature without sending, and never the secret', async () => {
    const t = testContext({ env: withSecret })
    t.http.get(recordPath).reply(200, record)
    expect(await t.run(['scenario', 'run', 'scn_1', '--input', 'hi', '--dry-run', '--json'])).toBe(0)
    const out = JSON.parse(t.stdout())
    const body = JSON.stringify({ input: 'hi' })
    expect(out).toEqual({
      method: 'POST',
      url: `http://agentry.test${execPath}`,
      header: 'X-Sig',
      signature: hmac(secret, body),
      body,
    })
    expect(t.stdout()).not.toContain(secret)
    t.agent.assertNoPendingInterceptors()
  })
})

describe('oneLine', () => {
  it('puts a run output on one short line without control characters', async () => {
    const { oneLine } = await import('../../src/scenario/run.js')
    expect(oneLine('a\n\tb  c')).toBe('a b c')
    expect(oneLine('\x1b[31mred\x1b[0m')).toBe('[31mred[0m')
    expect(oneLine({ error: 'x' })).toBe('{"error":"x"}')
    expect(oneLine('')).toBe('(no output)')
    expect(oneLine(undefined)).toBe('(no output)')
    expect(oneLine('y'.repeat(600))).toHaveLength(500)
  })
})
