import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { scenarioHandlers } from '../../src/emulator/handlers/scenarios.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { call, setup } from './resources-harness.js'

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex')
const summarize = demoSecrets.scenarios.scn_summarize

function execute(env: ReturnType<typeof setup>['env'], id: string, body: string, headers: Record<string, string>) {
  return call(scenarioHandlers, 'scenarioExecute', env, {
    params: { scenarioId: id },
    raw: body,
    headers: { 'content-type': 'application/json', ...headers },
    principal: null,
  })
}

describe('scenarios list and get', () => {
  it('lists scenarios with pagination and never shows signature_secret', async () => {
    const { env } = setup()
    const res = await call(scenarioHandlers, 'scenariosList', env, { query: 'limit=2' })
    expect(res.status).toBe(200)
    expect(res.json.data).toHaveLength(2)
    expect(res.json.pagination).toEqual({ total: 4, page: 1, page_count: 2, page_size: 2 })
    const all = await call(scenarioHandlers, 'scenariosList', env, { query: 'limit=100' })
    for (const s of all.json.data) {
      expect(s).not.toHaveProperty('signature_secret')
      expect(s.signature_name).toBeTypeOf('string')
    }
    expect(JSON.stringify(all.json)).not.toContain(summarize.secret)
  })

  it('shows only the scenarios a scoped key may use', async () => {
    const { env } = setup()
    const principal = {
      kind: 'api-key' as const,
      id: 'k',
      accountId: 'acc_demo',
      scopes: { scenarios: ['scn_translate'] },
    }
    const res = await call(scenarioHandlers, 'scenariosList', env, { principal })
    expect(res.json.data.map((s: { id: string }) => s.id)).toEqual(['scn_translate'])
  })

  it('gets one scenario without its secret, and 404s an unknown one', async () => {
    const { env } = setup()
    const res = await call(scenarioHandlers, 'scenariosGet', env, { params: { scenarioId: 'scn_summarize' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: 'scn_summarize', signature_name: 'X-Signature', enabled: true })
    expect(res.json).not.toHaveProperty('signature_secret')
    const missing = await call(scenarioHandlers, 'scenariosGet', env, { params: { scenarioId: 'nope' } })
    expect(missing.status).toBe(404)
    expect(missing.json.error.message).toContain('nope')
  })

  it('rejects bad paging parameters', async () => {
    const { env } = setup()
    const res = await call(scenarioHandlers, 'scenariosList', env, { query: 'page=0' })
    expect(res.status).toBe(400)
    expect(res.json.error.message).toMatch(/^page /)
  })
})

describe('scenario execution (signed)', () => {
  it('runs with a good signature of the exact bytes and records the execution', async () => {
    const { env, state, clock } = setup()
    const body = '{"input":"Customer cannot log in since Monday"}'
    const res = await execute(env, 'scn_summarize', body, { 'X-Signature': sign(summarize.secret, body) })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      id: expect.stringMatching(/^exe_/),
      scenarioId: 'scn_summarize',
      status: 'completed',
      output: expect.any(String),
      startedAt: new Date(clock.now).toISOString(),
      finishedAt: new Date(clock.now).toISOString(),
    })
    expect(res.json.output.length).toBeGreaterThan(0)
    const stored = state.executions.get(res.json.id)
    expect(stored).toMatchObject({ trigger: 'signed', input: 'Customer cannot log in since Monday' })
  })

  it('verifies the bytes as sent: spacing differences are a different body', async () => {
    const { env } = setup()
    const body = '{ "input" : "hi" }'
    const ok = await execute(env, 'scn_summarize', body, { 'x-signature': sign(summarize.secret, body) })
    expect(ok.status).toBe(200)
    const reSerialized = sign(summarize.secret, JSON.stringify({ input: 'hi' }))
    const bad = await execute(env, 'scn_summarize', body, { 'x-signature': reSerialized })
    expect(bad.status).toBe(401)
  })

  it('answers 401 for a missing, wrong, uppercase or truncated signature', async () => {
    const { env, state } = setup()
    const body = '{"input":"x"}'
    const good = sign(summarize.secret, body)
    const cases: Record<string, string>[] = [
      {},
      { 'X-Signature': '' },
      { 'X-Signature': sign('wrong', body) },
      { 'X-Signature': good.toUpperCase() },
    ]
    cases.push({ 'X-Signature': good.slice(0, 40) }, { 'X-Signature': summarize.secret }, { 'X-Other': good })
    for (const headers of cases) {
      const res = await execute(env, 'scn_summarize', body, headers)
      expect(res.status, JSON.stringify(headers)).toBe(401)
      expect(res.json.error.message).toContain('X-Signature')
    }
    expect(state.executions.size).toBe(0)
  })

  it('uses the header the scenario names', async () => {
    const { env } = setup()
    const t = demoSecrets.scenarios.scn_translate
    const body = '{"input":"hello"}'
    const wrongHeader = await execute(env, 'scn_translate', body, { 'X-Signature': sign(t.secret, body) })
    expect(wrongHeader.status).toBe(401)
    const ok = await execute(env, 'scn_translate', body, { 'X-Agentry-Signature': sign(t.secret, body) })
    expect(ok.status).toBe(200)
  })

  it('answers 404 for an unknown scenario and 409 for a disabled one', async () => {
    const { env } = setup()
    const body = '{"input":"x"}'
    expect((await execute(env, 'scn_nope', body, { 'X-Signature': sign('x', body) })).status).toBe(404)
    const a = demoSecrets.scenarios.scn_archive
    const res = await execute(env, 'scn_archive', body, { 'X-Signature': sign(a.secret, body) })
    expect(res.status).toBe(409)
    expect(res.json.error.message).toBe('Scenario is disabled')
    // the signature is checked first: a disabled scenario does not answer unsigned callers with 409
    expect((await execute(env, 'scn_archive', body, {})).status).toBe(401)
  })

  it('answers 400 naming input when the body is not {input: string}', async () => {
    const { env } = setup()
    const bodies: [string, RegExp][] = [
      ['{}', /^input is required/],
      ['{"input":42}', /^input must be a string/],
      ['["x"]', /JSON object/],
      ['not json', /JSON/],
      ['', /JSON object/],
    ]
    for (const [body, message] of bodies) {
      const res = await execute(env, 'scn_summarize', body, { 'X-Signature': sign(summarize.secret, body) })
      expect(res.status, body).toBe(400)
      expect(res.json.error.message).toMatch(message)
    }
  })

  it('answers 200 with a failed execution when the agent is gone', async () => {
    const { env, state } = setup()
    const o = demoSecrets.scenarios.scn_orphan
    const body = '{"input":"x"}'
    const res = await execute(env, 'scn_orphan', body, { 'X-Signature': sign(o.secret, body) })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('failed')
    expect(res.json.output).toContain('agent_deleted')
    expect(state.executions.get(res.json.id)?.status).toBe('failed')
  })
})
