import { MockAgent } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Redactor } from '../../src/api/redact.js'
import { ConflictError } from '../../src/api/errors.js'
import { HttpClient } from '../../src/api/request.js'
import { ApiError, CancelledError, ExitCode, exitCodeOf, NetworkError, TimeoutError } from '../../src/errors.js'

const origin = 'http://svc.test'
let agent: MockAgent
let trace: string[]
let sleeps: number[]

function client(extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) {
  const redactor = new Redactor()
  redactor.add('agk_secret_value_123')
  return new HttpClient({
    userAgent: 'agentry/test',
    timeoutMs: 2000,
    idleTimeoutMs: 2000,
    retries: 2,
    token: async () => 'agk_secret_value_123',
    redactor,
    trace: (l) => trace.push(l),
    dispatcher: agent,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...extra,
  })
}

beforeEach(() => {
  agent = new MockAgent()
  agent.disableNetConnect()
  trace = []
  sleeps = []
})
// Every stub must be used, as in testContext(): a test that passed with an interceptor never called fails (a stub
// nobody calls is a check that cannot fail); a failed test already says what went wrong.
afterEach(async ({ task }) => {
  try {
    if (task.result?.state !== 'fail') agent.assertNoPendingInterceptors()
  } finally {
    await agent.close()
  }
})

describe('HttpClient', () => {
  it('sends the bearer token and parses a 200', async () => {
    agent
      .get(origin)
      .intercept({ path: '/x', method: 'GET', headers: { authorization: 'Bearer agk_secret_value_123' } })
      .reply(200, { ok: true }, { headers: { 'content-type': 'application/json' } })
    const res = await client().send({ method: 'GET', url: `${origin}/x` })
    expect(res.status).toBe(200)
    expect(await res.body.json()).toEqual({ ok: true })
  })

  it('retries an idempotent request on 503 and honours Retry-After', async () => {
    const pool = agent.get(origin)
    pool
      .intercept({ path: '/x', method: 'GET' })
      .reply(503, { error: { message: 'busy' } }, { headers: { 'retry-after': '3' } })
    pool.intercept({ path: '/x', method: 'GET' }).reply(200, 'ok')
    const res = await client().send({ method: 'GET', url: `${origin}/x` })
    expect(res.status).toBe(200)
    expect(sleeps).toEqual([3000])
  })

  it('does not retry a POST on 503', async () => {
    agent
      .get(origin)
      .intercept({ path: '/x', method: 'POST' })
      .reply(503, { error: { message: 'busy' } })
    const err = await client()
      .send({ method: 'POST', url: `${origin}/x`, body: '{}' })
      .catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(exitCodeOf(err)).toBe(ExitCode.server)
    expect(sleeps).toEqual([])
  })

  it('gives up after --retries and reports the last status with the request id', async () => {
    const pool = agent.get(origin)
    for (let i = 0; i < 3; i++)
      pool
        .intercept({ path: '/x', method: 'GET' })
        .reply(429, { error: { message: 'slow down' } }, { headers: { 'x-request-id': 'rq1', 'retry-after': '1' } })
    const err = await client()
      .send({ method: 'GET', url: `${origin}/x` })
      .catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(exitCodeOf(err)).toBe(ExitCode.rateLimited)
    expect(err.message).toContain('429 slow down (request rq1)')
    expect(sleeps).toHaveLength(2)
  })

  it('does not wait for a Retry-After longer than 60 s', async () => {
    agent
      .get(origin)
      .intercept({ path: '/x', method: 'GET' })
      .reply(429, {}, { headers: { 'retry-after': '3600' } })
    const err = await client()
      .send({ method: 'GET', url: `${origin}/x` })
      .catch((e) => e)
    expect(err.status).toBe(429)
    expect(sleeps).toEqual([])
  })

  it('maps statuses to exit codes: 401 auth, 404 not found, 409 conflict', async () => {
    const pool = agent.get(origin)
    pool.intercept({ path: '/a', method: 'GET' }).reply(401, { error: { message: 'no' } })
    pool.intercept({ path: '/b', method: 'GET' }).reply(404, { error: { message: 'gone' } })
    pool.intercept({ path: '/c', method: 'GET' }).reply(409, { error: { message: 'Webhook is inactive' } })
    const c = client()
    expect(exitCodeOf(await c.send({ method: 'GET', url: `${origin}/a` }).catch((e) => e))).toBe(ExitCode.auth)
    expect(exitCodeOf(await c.send({ method: 'GET', url: `${origin}/b` }).catch((e) => e))).toBe(ExitCode.notFound)
    const conflict = await c.send({ method: 'GET', url: `${origin}/c` }).catch((e) => e)
    expect(exitCodeOf(conflict)).toBe(ExitCode.conflict)
    // the HTTP core types the error where it reads the answer: nothing re-wraps it later
    expect(conflict).toBeInstanceOf(ConflictError)
    expect(conflict.serverMessage).toBe('Webhook is inactive')
  })

  it('refuses to follow a redirect with credentials', async () => {
    agent
      .get(origin)
      .intercept({ path: '/x', method: 'GET' })
      .reply(302, '', { headers: { location: 'http://evil.test/' } })
    const err = await client()
      .send({ method: 'GET', url: `${origin}/x` })
      .catch((e) => e)
    expect(err.message).toContain('not following it')
  })

  it('retries connection errors for GET and then reports a network error', async () => {
    const pool = agent.get(origin)
    for (let i = 0; i < 3; i++)
      pool
        .intercept({ path: '/x', method: 'GET' })
        .replyWithError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))
    const err = await client()
      .send({ method: 'GET', url: `${origin}/x` })
      .catch((e) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(exitCodeOf(err)).toBe(ExitCode.network)
    expect(sleeps).toHaveLength(2)
  })

  it('a POST that could not connect was not sent: a plain network error, not retried', async () => {
    agent
      .get(origin)
      .intercept({ path: '/x', method: 'POST' })
      .replyWithError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))
    const err = await client()
      .send({ method: 'POST', url: `${origin}/x`, body: '{}' })
      .catch((e) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err.message).not.toMatch(/answer was lost/)
    expect(sleeps).toEqual([])
  })

  it('a POST whose connection broke after sending: the outcome is unknown, said once, not retried', async () => {
    agent
      .get(origin)
      .intercept({ path: '/x', method: 'POST' })
      .replyWithError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }))
    const err = await client()
      .send({ method: 'POST', url: `${origin}/x`, body: '{}' })
      .catch((e) => e)
    expect(exitCodeOf(err)).toBe(ExitCode.network)
    expect(err.message).toBe(
      `POST ${origin}/x: the request was sent but the answer was lost (UND_ERR_SOCKET other side closed); it may or may not have taken effect`,
    )
    expect(err.hint).toMatch(/^check before sending it again/)
    expect(sleeps).toEqual([])
  })

  it('hands back a non-streamed body already read, as text, JSON and bytes', async () => {
    agent.get(origin).intercept({ path: '/x', method: 'GET' }).reply(200, '{"a":1}')
    const res = await client().send({ method: 'GET', url: `${origin}/x` })
    expect(res.bytes?.toString()).toBe('{"a":1}')
    expect(await res.body.json()).toEqual({ a: 1 })
  })

  it('times out with exit 124', async () => {
    agent.get(origin).intercept({ path: '/x', method: 'GET' }).reply(200, 'late').delay(500)
    const err = await client({ timeoutMs: 50, retries: 0 })
      .send({ method: 'GET', url: `${origin}/x` })
      .catch((e) => e)
    expect(err).toBeInstanceOf(TimeoutError)
    expect(exitCodeOf(err)).toBe(124)
  })

  it('is cancelled by the run signal', async () => {
    agent.get(origin).intercept({ path: '/x', method: 'GET' }).reply(200, 'late').delay(500)
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 20)
    const err = await client({ signal: ac.signal })
      .send({ method: 'GET', url: `${origin}/x` })
      .catch((e) => e)
    expect(err).toBeInstanceOf(CancelledError)
  })

  it('redacts the token, secret headers and body members in the debug trace', async () => {
    agent
      .get(origin)
      .intercept({ path: '/x?token=abc123456&page=1', method: 'POST' })
      .reply(200, { access_token: 'zzz', ok: 1 }, { headers: { 'content-type': 'application/json' } })
    await client().send({
      method: 'POST',
      url: `${origin}/x?token=abc123456&page=1`,
      headers: { 'X-Webhook-Secret': 'whsec_abcdefgh' },
      body: JSON.stringify({ secret: 'whsec_abcdefgh', note: 'contains agk_secret_value_123 inline' }),
    })
    const all = trace.join('\n')
    expect(all).toContain('authorization: Bearer [REDACTED]')
    expect(all).not.toContain('agk_secret_value_123')
    expect(all).not.toContain('whsec_abcdefgh')
    expect(all).not.toContain('abc123456')
    expect(all).toContain('page=1')
  })

  it('refreshes once on 401 when the credential can', async () => {
    let token = 'old-token-0001'
    const pool = agent.get(origin)
    pool.intercept({ path: '/x', method: 'GET', headers: { authorization: 'Bearer old-token-0001' } }).reply(401, {})
    pool.intercept({ path: '/x', method: 'GET', headers: { authorization: 'Bearer new-token-0002' } }).reply(200, 'ok')
    const res = await client({
      token: async () => token,
      onUnauthorized: async () => {
        token = 'new-token-0002'
        return true
      },
    }).send({ method: 'GET', url: `${origin}/x` })
    expect(res.status).toBe(200)
  })
})
