// One model seam (issue 8 item 5): with --upstream-url, completions, stateful chats, A2A, scenario runs, webhook runs
// and schedule runs all answer from the upstream. The upstream here is a real OpenAI-compatible node:http server that
// refuses what a real one refuses: a wrong bearer (401), a model it does not serve (404), and it sends usage only
// when asked with stream_options.include_usage (OpenAI's behaviour), so each check fails if the relay drifts.
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerText as wholeAnswer } from '../../src/emulator/completions/answer.js'
import { createEmulator, type Emulator } from '../../src/emulator/index.js'
import { startScheduler } from '../../src/emulator/scheduler.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { chunkFrame, fakeUpstream, sseFrame } from '../helpers/fake-upstream.js'
import { call, sseData, workspaceMessage } from './core-client.js'

const key = 'sk-upstream-test-0123456789'
const model = 'openai/gpt-4o-mini'
let emu: Emulator
let wrongKey: Emulator
let upstreamUrl = ''

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => chunkFrame(model, delta, finish)

const upstream = fakeUpstream((req, res) => {
  const json = (status: number, message: string) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message } }))
  if (req.path !== '/v1/chat/completions') return json(404, 'no such route')
  if (req.auth !== `Bearer ${key}`) return json(401, `Incorrect API key provided: ${String(req.auth).slice(7)}`)
  if (req.body.model !== model) return json(404, `model ${String(req.body.model)} does not exist`)
  const last = JSON.stringify((req.body.messages as unknown[]).at(-1))
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(chunk({ role: 'assistant', content: '', reasoning: 'Thinking it over.' }))
  res.write(chunk({ content: 'Upstream says: ' }))
  res.write(chunk({ content: last.length > 20 ? 'noted' : 'hi' }))
  res.write(chunk({}, 'stop'))
  const options = req.body.stream_options as { include_usage?: unknown } | undefined
  if (options?.include_usage === true)
    res.write(sseFrame({ id: 'up', object: 'chat.completion.chunk', model, choices: [], usage: usage }))
  res.end('data: [DONE]\n\n')
})
const seen = upstream.seen

beforeAll(async () => {
  upstreamUrl = `${upstream.origin}/v1`
  const opts = { port: 0, scheduler: false, upstreamUrl, upstreamModel: model, log: () => {} } as const
  emu = await createEmulator({ ...opts, upstreamApiKey: key })
  wrongKey = await createEmulator({ ...opts, upstreamApiKey: 'sk-wrong-key-000' })
})
afterAll(async () => {
  await emu?.close()
  await wrongKey?.close()
})

const usage = { prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 }
const answerText = 'Upstream says: noted'

/** Every upstream request since the last look was authorised with the key, for the model, asking for usage. */
function expectProperRequests(n: number) {
  const got = seen.splice(0)
  expect(got).toHaveLength(n)
  for (const r of got) {
    expect(r.auth).toBe(`Bearer ${key}`)
    expect(r.body).toMatchObject({ model, stream: true, stream_options: { include_usage: true } })
  }
}

describe('the model seam with --upstream-url', () => {
  it('completions: streamed and not, with the upstream usage and reasoning', async () => {
    seen.length = 0
    const messages = [{ role: 'user', content: 'tell me something long enough' }]
    const whole = await call(emu, 'POST', '/agent/demo-assistant/chat/completion', { body: { messages } })
    expect(whole.status).toBe(200)
    expect(whole.json).toMatchObject({ model, usage, choices: [{ message: { content: answerText } }] })
    expect(whole.json.choices[0].message.reasoning).toBe('Thinking it over.')
    const streamed = await call(emu, 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages, stream: true },
    })
    const chunks = sseData(streamed.text).slice(0, -1) as {
      choices: { delta: { content?: string; reasoning?: string } }[]
      usage?: unknown
    }[]
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(answerText)
    expect(chunks.map((c) => c.choices[0]?.delta.reasoning ?? '').join('')).toBe('Thinking it over.')
    expect(chunks.at(-1)?.usage).toEqual(usage)
    expectProperRequests(2)
  })

  it('stateful chats', async () => {
    const r = await call(emu, 'POST', workspaceMessage('demo-assistant', crypto.randomUUID()), {
      body: { message: { role: 'user', content: 'and in a stateful chat?' } },
    })
    expect(r.json.choices[0].message.content).toBe(answerText)
    expectProperRequests(1)
  })

  it('A2A message/send', async () => {
    const message = { role: 'user', parts: [{ kind: 'text', text: 'hello over A2A' }], messageId: 'm-1' }
    const r = await call(emu, 'POST', '/agent/demo-assistant/a2a', {
      body: { jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { ...message, kind: 'message' } } },
    })
    expect(JSON.stringify(r.json.result)).toContain(answerText)
    expectProperRequests(1)
  })

  it('signed scenario runs and webhook runs', async () => {
    const body = JSON.stringify({ input: 'Customer cannot log in since Monday' })
    const { header, secret } = demoSecrets.scenarios.scn_summarize
    const run = await call(emu, 'POST', '/scenario/scn_summarize', {
      rawBody: body,
      key: null,
      headers: {
        'content-type': 'application/json',
        [header]: createHmac('sha256', secret).update(body).digest('hex'),
      },
    })
    expect(run.json).toMatchObject({ status: 'completed', output: answerText })
    expectProperRequests(1)
    const hook = await call(emu, 'POST', '//api/webhooks/whk_orders', {
      body: { order: 42 },
      key: null,
      headers: { 'x-webhook-secret': demoSecrets.webhooks.whk_orders },
    })
    expect(hook.json.received).toBe(true)
    expect(emu.state.executions.get(hook.json.executionId)).toMatchObject({ trigger: 'webhook', output: answerText })
    expectProperRequests(1)
  })

  it('schedule runs', async () => {
    const s = emu.state.schedules.get('sch_hourly')!
    let now = Date.parse(s.nextRunAt ?? '') - 1000
    const scheduler = startScheduler(
      { state: emu.state, now: () => now, options: { upstreamUrl, upstreamApiKey: key, upstreamModel: model } },
      { tickMs: 60_000 },
    )
    try {
      now += 2000
      await scheduler.tick()
    } finally {
      await scheduler.stop()
    }
    const runs = [...emu.state.executions.values()].filter((e) => e.trigger === 'schedule')
    expect(runs.at(-1)).toMatchObject({ scenarioId: 'scn_translate', status: 'completed', output: answerText })
    expectProperRequests(1)
  })

  it('an upstream that refuses the key is a 502 that never shows the key', async () => {
    const r = await call(wrongKey, 'POST', '/agent/demo-assistant/chat/completion', {
      body: { messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(r.status).toBe(502)
    expect(r.json.error.message).toMatch(/upstream answered 401: .*Incorrect API key provided: \*\*\*/)
    expect(r.text).not.toContain('sk-wrong-key-000')
    seen.length = 0
  })

  it('a run waits a bounded time for a silent upstream, then fails with a reason', async () => {
    const silent = createServer(() => {})
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()))
    try {
      const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}/v1`
      const env = { state: emu.state, now: Date.now, options: { upstreamUrl: url } }
      const agent = emu.state.agents.get('demo-assistant')!
      await expect(wholeAnswer(env, agent, [{ role: 'user', content: 'hi' }], { timeoutMs: 200 })).rejects.toThrow(
        'the model did not answer within 0.2 s',
      )
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })
})
