// `agentry webhook trigger`: the exact body and headers sent to the webhook's URL, where the secret comes from,
// --url without an API key, exit codes, and no secret in any output or the --debug trace.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type TestContext, testAccount, testApiKey, testContext } from '../helpers/test-context.js'

const hooksOrigin = 'http://hooks.test'
const recordSecret = 'whsec_record_0123456789'
const envSecret = 'whsec_env_0123456789'
const record = {
  id: 'whk_1',
  name: 'New orders',
  status: 'active',
  scenarioId: 'scn_1',
  secret: recordSecret,
  url: `${hooksOrigin}/api/webhooks/whk_1`,
}

interface Seen {
  body: string
  headers: Record<string, string>
}

/** Stubs the trigger URL on the hooks origin and records what it got. */
function stubTrigger(t: TestContext, status = 200, data: object = { received: true, executionId: 'exe_9' }): Seen[] {
  const seen: Seen[] = []
  t.agent
    .get(hooksOrigin)
    .intercept({ path: '/api/webhooks/whk_1', method: 'POST' })
    .reply((req) => {
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries((req.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = v
      const body = req.body instanceof Uint8Array ? Buffer.from(req.body).toString('utf8') : String(req.body)
      seen.push({ body, headers })
      return { statusCode: status, data }
    })
  return seen
}

const stubRecord = (t: TestContext, data: object = record) =>
  t.http.get(`/api/v1beta/${testAccount}/webhooks/whk_1`).reply(200, data)

describe('webhook trigger by id', () => {
  it("reads URL and secret from the record and sends the body exactly as given, with the interface's headers", async () => {
    const t = testContext()
    stubRecord(t)
    const seen = stubTrigger(t)
    const data = '{ "order": 42,\n  "note": "é" }'
    expect(await t.run(['webhook', 'trigger', 'whk_1', '--data', data, '--json'])).toBe(0)
    t.agent.assertNoPendingInterceptors()
    expect(seen).toHaveLength(1)
    expect(seen[0]!.body).toBe(data)
    expect(seen[0]!.headers['x-webhook-secret']).toBe(recordSecret)
    expect(seen[0]!.headers['content-type']).toBe('application/json')
    expect(seen[0]!.headers.authorization).toBeUndefined()
    expect(JSON.parse(t.stdout())).toEqual({ received: true, executionId: 'exe_9' })
    expect(t.stdout() + t.stderr()).not.toContain(recordSecret)
  })

  it('prefers AGENTRY_WEBHOOK_SECRET over the record; the body defaults to {}', async () => {
    const t = testContext({ env: { AGENTRY_WEBHOOK_SECRET: envSecret } })
    stubRecord(t)
    const seen = stubTrigger(t)
    expect(await t.run(['webhook', 'trigger', 'whk_1'])).toBe(0)
    expect(seen[0]!.headers['x-webhook-secret']).toBe(envSecret)
    expect(seen[0]!.body).toBe('{}')
    expect(t.stdout()).toBe('received\ttrue\nexecutionId\texe_9\n')
  })

  it('hides the secret in the --debug trace', async () => {
    const t = testContext()
    stubRecord(t)
    stubTrigger(t)
    expect(await t.run(['--debug', 'webhook', 'trigger', 'whk_1', '--data', '{"a":1}'])).toBe(0)
    expect(t.stderr()).toContain(`> POST ${hooksOrigin}/api/webhooks/whk_1`)
    expect(t.stderr()).toMatch(/> x-webhook-secret: \[REDACTED\]/)
    expect(t.stderr()).not.toContain(recordSecret)
    expect(t.stderr()).not.toContain(testApiKey)
  })

  it('without API credentials and without --url: exit 2 pointing at --url', async () => {
    const t = testContext({ env: { AGENTRY_API_KEY: undefined, AGENTRY_WEBHOOK_SECRET: envSecret } })
    expect(await t.run(['webhook', 'trigger', 'whk_1'])).toBe(2)
    expect(t.stderr()).toMatch(/needs API credentials\nhint: .*--url <url>/)
  })
})

describe('webhook trigger --url', () => {
  const noApi = { AGENTRY_API_KEY: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_BASE_URL: undefined }

  it('triggers without an API key or a base URL, the secret from the environment, the body from a file', async () => {
    const t = testContext({ env: { ...noApi, AGENTRY_WEBHOOK_SECRET: envSecret } })
    const file = join(t.configDir, 'event.json')
    await writeFile(file, '{"event":"deploy"}\n')
    const seen = stubTrigger(t)
    expect(await t.run(['webhook', 'trigger', '--url', record.url, '--data', `@${file}`])).toBe(0)
    expect(seen[0]!.body).toBe('{"event":"deploy"}\n')
    expect(seen[0]!.headers['x-webhook-secret']).toBe(envSecret)
    expect(seen[0]!.headers.authorization).toBeUndefined()
  })

  it('reads the secret from a private --secret-file and the body from stdin', async () => {
    const t = testContext({ env: noApi, stdin: '{"from":"stdin"}' })
    const key = join(t.configDir, 'hook.secret')
    await writeFile(key, `${envSecret}\n`, { mode: 0o600 })
    const seen = stubTrigger(t)
    expect(await t.run(['webhook', 'trigger', 'whk_1', '--url', record.url, '--secret-file', key, '--data', '-'])).toBe(
      0,
    )
    expect(seen[0]!.body).toBe('{"from":"stdin"}')
    expect(seen[0]!.headers['x-webhook-secret']).toBe(envSecret)
  })

  it('needs the secret from the environment or a file (exit 2), and an http(s) URL', async () => {
    const t = testContext({ env: noApi })
    expect(await t.run(['webhook', 'trigger', '--url', record.url])).toBe(2)
    expect(t.stderr()).toMatch(/--url needs the secret from AGENTRY_WEBHOOK_SECRET or --secret-file/)
    const u = testContext({ env: { ...noApi, AGENTRY_WEBHOOK_SECRET: envSecret } })
    expect(await u.run(['webhook', 'trigger', '--url', 'ftp://x/y'])).toBe(2)
    expect(u.stderr()).toMatch(/--url: must be an http\(s\) URL/)
  })
})

describe('webhook trigger: bad input and answers', () => {
  const env = { AGENTRY_WEBHOOK_SECRET: envSecret }

  it.each(['[1,2]', '"text"', 'null', '42', '{broken'])(
    'refuses a body that is not a JSON object before sending (exit 2): %s',
    async (data) => {
      const t = testContext({ env })
      expect(await t.run(['webhook', 'trigger', '--url', record.url, '--data', data])).toBe(2)
      expect(t.stderr()).toMatch(/--data (must be a JSON object|is not valid JSON)/)
    },
  )

  it('refuses a trigger that names no webhook (exit 2)', async () => {
    const t = testContext({ env })
    expect(await t.run(['webhook', 'trigger'])).toBe(2)
    expect(t.stderr()).toMatch(/which webhook\?/)
  })

  it('409 inactive → 5 with the fix; 401 → 4 naming the secret source; 404 → 3; 400 → 1', async () => {
    const cases: [number, string, number, RegExp][] = [
      [409, 'Webhook is inactive', 5, /409 Webhook is inactive\nhint: activate it: agentry webhook edit whk_1/],
      [401, 'invalid webhook secret', 4, /hint: the secret from AGENTRY_WEBHOOK_SECRET was refused/],
      [404, 'webhook "whk_1" not found', 3, /404/],
      [400, 'Content-Type must be application/json', 1, /400 Content-Type/],
    ]
    for (const [status, message, code, pattern] of cases) {
      const t = testContext({ env })
      stubTrigger(t, status, { error: { message } })
      expect(await t.run(['webhook', 'trigger', 'whk_1', '--url', record.url])).toBe(code)
      expect(t.stderr()).toMatch(pattern)
      expect(t.stderr()).not.toContain(envSecret)
      expect(t.stdout()).toBe('')
    }
  })

  it('names the webhook the --url points at in the hint of a refused secret, not a <webhookId> placeholder', async () => {
    const t = testContext({ env: { ...env, AGENTRY_API_KEY: undefined } })
    stubTrigger(t, 401, { error: { message: 'invalid webhook secret' } })
    expect(await t.run(['webhook', 'trigger', '--url', record.url])).toBe(4)
    expect(t.stderr()).toContain('check it against webhook whk_1 (agentry webhook get whk_1 --show-secret)')
    expect(t.stderr()).not.toContain('<webhookId>')
  })

  it('is never retried: one 503 is the answer (exit 7)', async () => {
    const t = testContext({ env })
    const seen = stubTrigger(t, 503, { error: { message: 'busy' } })
    expect(await t.run(['webhook', 'trigger', '--url', record.url])).toBe(7)
    expect(seen).toHaveLength(1)
  })

  it('never takes the secret as a flag value', async () => {
    const t = testContext()
    expect(await t.run(['webhook', 'trigger', 'whk_1', '--secret', 'whsec_argv_123'])).toBe(2)
    expect(t.stderr()).toMatch(/set AGENTRY_WEBHOOK_SECRET, or pass --secret-file/)
    // refused first, before any other flag is looked at
    const u = testContext()
    expect(await u.run(['webhook', 'trigger', 'whk_1', '--secret', 'x', '--concurrency', 'many'])).toBe(2)
    expect(u.stderr()).toMatch(/^error: --secret: secrets are never taken from the command line/)
  })

  it('checks the batch flags before sending: --concurrency 1 to 64, the others only with --batch', async () => {
    const cases: [string[], RegExp][] = [
      [['--batch', '-', '--concurrency', '65'], /--concurrency: 65 must be a whole number from 1 to 64/],
      [['--batch', '-', '--concurrency', 'many'], /--concurrency: many must be a whole number from 1 to 64/],
      [['--batch', '-', '--shard', '3/2'], /--shard 3\/2: expected <i>\/<n>/],
      [['--concurrency', '2'], /--concurrency works only with --batch <file>/],
      [['--batch', '-', '--data', '{}'], /--data cannot be used with --batch/],
    ]
    for (const [flags, pattern] of cases) {
      const t = testContext({ env })
      expect(await t.run(['webhook', 'trigger', 'whk_1', ...flags])).toBe(2)
      expect(t.stderr()).toMatch(pattern)
    }
  })
})
