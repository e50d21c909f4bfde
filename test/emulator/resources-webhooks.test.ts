import { describe, expect, it } from 'vitest'
import { webhookHandlers } from '../../src/emulator/handlers/webhooks.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { call, setup } from './resources-harness.js'

const valid = { name: 'Orders', description: 'new orders', status: 'active', scenarioId: 'scn_summarize' }

describe('webhook CRUD', () => {
  it('creates a webhook with generated id, secret, url and timestamps', async () => {
    const { env, clock } = setup()
    const res = await call(webhookHandlers, 'webhooksCreate', env, { json: valid, origin: 'http://127.0.0.1:5555' })
    expect(res.status).toBe(201)
    const at = new Date(clock.now).toISOString()
    expect(res.json).toEqual({
      ...valid,
      id: expect.stringMatching(/^whk_/),
      secret: expect.stringMatching(/^whsec_.{20,}/),
      url: `http://127.0.0.1:5555/api/webhooks/${res.json.id}`,
      createdAt: at,
      updatedAt: at,
    })
    const got = await call(webhookHandlers, 'webhooksGet', env, {
      params: { webhookId: res.json.id },
      origin: 'http://127.0.0.1:5555',
    })
    expect(got.json).toEqual(res.json)
  })

  it('gives each webhook its own secret', async () => {
    const { env } = setup()
    const a = await call(webhookHandlers, 'webhooksCreate', env, { json: valid })
    const b = await call(webhookHandlers, 'webhooksCreate', env, { json: valid })
    expect(a.json.secret).not.toBe(b.json.secret)
    expect(a.json.id).not.toBe(b.json.id)
  })

  it('validates create bodies with 400s naming the field', async () => {
    const { env } = setup()
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, name: 'x' }, /^name must be 2 to 100 characters/],
      [{ ...valid, name: 'x'.repeat(101) }, /^name must be 2 to 100 characters/],
      [{ ...valid, description: 'd'.repeat(1001) }, /^description must be at most 1000 characters/],
      [{ ...valid, status: 'paused' }, /^status/],
      [{ ...valid, scenarioId: 'scn_missing' }, /^scenarioId: scenario "scn_missing" does not exist/],
      [{ name: 'Orders', status: 'active' }, /^scenarioId is required/],
      [{ ...valid, name: undefined }, /^name is required/],
      [{ ...valid, secret: 'mine', url: 'x' }, /^unknown fields "secret", "url"/],
    ]
    for (const [json, message] of cases) {
      const res = await call(webhookHandlers, 'webhooksCreate', env, { json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.json.error.message).toMatch(message)
    }
    const edge = await call(webhookHandlers, 'webhooksCreate', env, {
      json: { ...valid, name: 'ab', description: 'd'.repeat(1000) },
    })
    expect(edge.status).toBe(201)
  })

  it('edits: status moves between active and inactive and updatedAt changes', async () => {
    const { env, clock } = setup()
    const created = await call(webhookHandlers, 'webhooksCreate', env, { json: valid })
    clock.now += 5000
    const params = { webhookId: created.json.id }
    const res = await call(webhookHandlers, 'webhooksEdit', env, { params, json: { status: 'inactive' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: 'inactive', name: 'Orders', createdAt: created.json.createdAt })
    expect(res.json.updatedAt).toBe(new Date(clock.now).toISOString())
    expect(res.json.secret).toBe(created.json.secret)
    const bad = await call(webhookHandlers, 'webhooksEdit', env, { params, json: { scenarioId: 'nope' } })
    expect(bad.status).toBe(400)
    expect((await call(webhookHandlers, 'webhooksEdit', env, { params, json: { id: 'x' } })).status).toBe(400)
    const missing = await call(webhookHandlers, 'webhooksEdit', env, { params: { webhookId: 'x' }, json: {} })
    expect(missing.status).toBe(404)
  })

  it('lists without secrets and deletes with 204', async () => {
    const { env } = setup()
    const list = await call(webhookHandlers, 'webhooksList', env)
    expect(list.json.pagination.total).toBe(2)
    for (const w of list.json.data) {
      expect(w).not.toHaveProperty('secret')
      expect(w.url).toBe(`http://127.0.0.1:4010/api/webhooks/${w.id}`)
    }
    const params = { webhookId: 'whk_orders' }
    expect((await call(webhookHandlers, 'webhooksDelete', env, { params })).status).toBe(204)
    expect((await call(webhookHandlers, 'webhooksGet', env, { params })).status).toBe(404)
    expect((await call(webhookHandlers, 'webhooksDelete', env, { params })).status).toBe(404)
  })
})

describe('webhook test delivery', () => {
  it('runs the scenario with a sample payload, or the one given', async () => {
    const { env, state } = setup()
    const params = { webhookId: 'whk_orders' }
    const sample = await call(webhookHandlers, 'webhooksTest', env, { params })
    expect(sample.status).toBe(200)
    expect(sample.json).toMatchObject({ delivered: true, status: 200, execution: { status: 'completed' } })
    expect(JSON.parse(state.executions.get(sample.json.execution.id)!.input)).toMatchObject({ event: 'webhook.test' })
    const given = await call(webhookHandlers, 'webhooksTest', env, { params, json: { payload: { order: 7 } } })
    expect(state.executions.get(given.json.execution.id)).toMatchObject({ input: '{"order":7}', trigger: 'test' })
    const bad = await call(webhookHandlers, 'webhooksTest', env, { params, json: { payload: [1] } })
    expect(bad.status).toBe(400)
    expect(bad.json.error.message).toMatch(/^payload/)
  })

  it('does not deliver to an inactive webhook', async () => {
    const { env, state } = setup()
    const res = await call(webhookHandlers, 'webhooksTest', env, { params: { webhookId: 'whk_legacy' } })
    expect(res.json).toEqual({ delivered: false, status: 409, execution: null })
    expect(state.executions.size).toBe(0)
  })
})

describe('webhook trigger', () => {
  const secret = demoSecrets.webhooks.whk_orders
  const trigger = (env: ReturnType<typeof setup>['env'], id: string, headers: Record<string, string>, raw: string) =>
    call(webhookHandlers, 'webhookTrigger', env, { params: { webhookId: id }, headers, raw, principal: null })
  const json = { 'Content-Type': 'application/json' }

  it('accepts a JSON object with the right secret and passes the body to the scenario as input', async () => {
    const { env, state } = setup()
    const body = '{"order":{"id":42,"total":9.5}}'
    const res = await trigger(env, 'whk_orders', { ...json, 'X-Webhook-Secret': secret }, body)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ received: true, executionId: expect.stringMatching(/^exe_/) })
    expect(state.executions.get(res.json.executionId)).toMatchObject({
      scenarioId: 'scn_summarize',
      trigger: 'webhook',
      input: body,
      status: 'completed',
    })
  })

  it('accepts a charset parameter on the Content-Type', async () => {
    const { env } = setup()
    const headers = { 'Content-Type': 'application/json; charset=utf-8', 'X-Webhook-Secret': secret }
    expect((await trigger(env, 'whk_orders', headers, '{}')).status).toBe(200)
  })

  it('answers 404, 401, 400 and 409 as the interface says', async () => {
    const { env, state } = setup()
    const ok = { ...json, 'X-Webhook-Secret': secret }
    const cases: [string, Record<string, string>, string, number, RegExp][] = [
      ['whk_nope', ok, '{}', 404, /whk_nope/],
      ['whk_orders', json, '{}', 401, /X-Webhook-Secret/],
      ['whk_orders', { ...json, 'X-Webhook-Secret': `${secret}x` }, '{}', 401, /secret/],
      ['whk_orders', { ...json, 'X-Webhook-Secret': secret.toUpperCase() }, '{}', 401, /secret/],
      ['whk_orders', { 'X-Webhook-Secret': secret }, '{}', 400, /Content-Type must be application\/json/],
      ['whk_orders', { 'X-Webhook-Secret': secret, 'Content-Type': 'text/plain' }, '{}', 400, /Content-Type/],
      ['whk_orders', ok, '[1,2]', 400, /JSON object/],
      ['whk_orders', ok, '"text"', 400, /JSON object/],
      ['whk_orders', ok, '', 400, /JSON object/],
      [
        'whk_legacy',
        { ...json, 'X-Webhook-Secret': demoSecrets.webhooks.whk_legacy },
        '{}',
        409,
        /^Webhook is inactive$/,
      ],
      ['whk_legacy', { ...json, 'X-Webhook-Secret': secret }, '{}', 401, /secret/],
    ]
    for (const [id, headers, body, status, message] of cases) {
      const res = await trigger(env, id, headers, body)
      expect(res.status, `${id} ${JSON.stringify(headers)} ${body}`).toBe(status)
      expect(res.json.error.message).toMatch(message)
    }
    expect(state.executions.size).toBe(0)
  })

  it('records a failed execution when the linked scenario is disabled', async () => {
    const { env, state } = setup()
    await call(webhookHandlers, 'webhooksEdit', env, {
      params: { webhookId: 'whk_orders' },
      json: { scenarioId: 'scn_archive' },
    })
    const res = await trigger(env, 'whk_orders', { ...json, 'X-Webhook-Secret': secret }, '{}')
    expect(res.status).toBe(200)
    expect(state.executions.get(res.json.executionId)).toMatchObject({
      status: 'failed',
      output: 'Scenario is disabled',
    })
  })
})
