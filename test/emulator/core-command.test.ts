// `agentry emulator start` in-process: labelled lines on stdout, serves until the run is aborted, port-in-use error.
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { run } from '../../src/cli.js'
import { testContext } from '../helpers/test-context.js'

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('agentry emulator start', () => {
  it('prints url, base-url, account and api-key, serves them, and stops when the run is aborted', async () => {
    const t = testContext()
    const ctx = t.newContext()
    const done = run(['emulator', 'start', '--port', '0', '--seed', 'none'], ctx)
    await waitFor(() => t.stdout().includes('api-key: '))
    const lines = Object.fromEntries(
      t
        .stdout()
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
    )
    expect(Object.keys(lines)).toEqual(['url', 'base-url', 'account', 'api-key'])
    expect(lines.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(lines['base-url']).toBe(`${lines.url}/api/v1beta`)
    const res = await fetch(`${lines['base-url']}/${lines.account}/agents`, {
      headers: { authorization: `Bearer ${lines['api-key']}` },
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: unknown[] }).data).toEqual([])
    expect(t.stderr()).toContain('Ctrl-C')
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

  it('refuses bad option values as usage errors', async () => {
    const t = testContext()
    expect(await t.run(['emulator', 'start', '--port', '70000'])).toBe(2)
    expect(t.stderr()).toContain('--port')
    expect(await t.run(['emulator', 'start', '--seed', 'lots'])).toBe(2)
  })
})
