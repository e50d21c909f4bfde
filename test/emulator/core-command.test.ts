// `agentry emulator start` in-process: labelled lines on stdout, serves until the run is aborted, port-in-use error.
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { run } from '../../src/cli.js'
import { testContext } from '../helpers/test-context.js'
import { pollUntil } from '../helpers/poll.js'

/** Polls until `check` holds, failing after `ms` (test/helpers/poll.ts). */
const waitFor = (check: () => boolean, ms = 5_000) => pollUntil(check, { timeoutMs: ms })

describe('agentry emulator start', () => {
  it('prints url, base-url, account, api-key and hook-token, serves them, and stops when the run is aborted', async () => {
    const t = testContext()
    const ctx = t.newContext()
    const done = run(['emulator', 'start', '--port', '0', '--seed', 'none'], ctx)
    await waitFor(() => t.stdout().includes('hook-token: '))
    const lines = Object.fromEntries(
      t
        .stdout()
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
    )
    expect(Object.keys(lines)).toEqual(['url', 'base-url', 'account', 'api-key', 'hook-token'])
    expect(lines.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(lines['base-url']).toBe(`${lines.url}/api/v1beta`)
    const res = await fetch(`${lines['base-url']}/${lines.account}/agents`, {
      headers: { authorization: `Bearer ${lines['api-key']}` },
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: unknown[] }).data).toEqual([])
    expect(t.stderr()).toContain('Ctrl-C')
    const counters = `${lines.url}/__emulator/counters`
    expect((await fetch(counters)).status).toBe(401)
    expect((await fetch(counters, { headers: { authorization: `Bearer ${lines['hook-token']}` } })).status).toBe(200)
    ctx.abort.abort()
    expect(await done).toBe(0)
    await expect(fetch(`${lines.url}/__emulator/counters`)).rejects.toThrow()
  })

  it('exits 1 with a hint when the port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()))
    const port = (blocker.address() as { port: number }).port
    try {
      const t = testContext()
      expect(await t.run(['emulator', 'start', '--port', String(port)])).toBe(1)
      expect(t.stderr()).toContain(`port ${port} is already in use`)
      expect(t.stderr()).toContain('--port 0')
      expect(t.stdout()).toBe('')
    } finally {
      blocker.close()
    }
  })

  it('prints the demo secrets, delays answers by --latency and logs each request with --log-requests', async () => {
    const t = testContext()
    const ctx = t.newContext()
    const done = run(['emulator', 'start', '--port', '0', '--latency', '120', '--log-requests'], ctx)
    await waitFor(() => t.stdout().includes('webhook whk_legacy: '))
    expect(t.stdout()).toContain('scenario scn_summarize: X-Signature demo-summarize-secret\n')
    expect(t.stdout()).toContain('webhook whk_orders: X-Webhook-Secret whsec_demo_orders\n')
    expect(t.stderr()).toContain('AGENTRY_SCENARIO_SECRET=demo-summarize-secret agentry scenario run scn_summarize')
    const url = /^url: (.+)$/m.exec(t.stdout())![1]!
    const key = /^api-key: (.+)$/m.exec(t.stdout())![1]!
    const started = performance.now()
    const res = await fetch(`${url}/api/v1beta/acc_demo/agents?code=s3cret`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(res.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(110)
    await waitFor(() => /GET \/api\/v1beta\/acc_demo\/agents 200 \d+ms/.test(t.stderr()))
    const logged = t
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('GET '))
    expect(logged.join('\n')).not.toContain('s3cret')
    expect(logged.join('\n')).not.toContain(key)
    ctx.abort.abort()
    expect(await done).toBe(0)
  })

  it('documents every test hook with a curl example in --help', async () => {
    const t = testContext()
    expect(await t.run(['emulator', 'start', '--help'])).toBe(0)
    const { hookDocs } = await import('../../src/emulator/hook-docs.js')
    for (const h of hookDocs) {
      const [method, path] = h.route.split(' ')
      expect(t.stdout()).toContain(`curl -X ${method} -H "authorization: Bearer $TOKEN"`)
      expect(t.stdout()).toContain(`http://127.0.0.1:4010${path}`)
    }
    expect(t.stdout()).toContain('--latency')
    expect(t.stdout()).toContain('--log-requests')
  })

  it('refuses bad option values as usage errors', async () => {
    const t = testContext()
    expect(await t.run(['emulator', 'start', '--port', '70000'])).toBe(2)
    expect(t.stderr()).toContain('--port: 70000 must be a whole number from 0 to 65535')
    expect(await t.run(['emulator', 'start', '--seed', 'lots'])).toBe(2)
    const model = testContext()
    expect(await model.run(['emulator', 'start', '--upstream-url', 'x', '--upstream-model', ' '])).toBe(2)
    expect(model.stderr()).toContain('--upstream-url: must be a URL such as http://127.0.0.1:11434/v1')
  })

  it.each(['slow', '200:', '1:2:3', '-5', '1000000'])('refuses --latency %j as a usage error', async (bad) => {
    const b = testContext()
    expect(await b.run(['emulator', 'start', '--latency', bad])).toBe(2)
    expect(b.stderr()).toContain('--latency: must be <ms> or <ms>:<jitter-ms>, e.g. 200 or 200:50')
  })
})
