// The OAuth client in-process against the real emulator (not stubs): ctx.openBrowser is the injected "browser",
// which opens the consent page, approves, and follows the redirect to the loopback listener.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCredentials } from '../../src/config/store.js'
import { createEmulator, type Emulator } from '../../src/emulator/index.js'
import { testContext } from '../helpers/test-context.js'

let emu: Emulator
beforeAll(async () => {
  emu = await createEmulator({ port: 0, seed: 'demo', log: () => {} })
})
afterAll(async () => {
  await emu?.close()
})

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))

/** A browser whose user clicks `decision` on the consent page. */
const browser = (decision: 'approve' | 'deny', opened: string[] = []) => {
  return async (url: string) => {
    opened.push(url)
    const html = await (await fetch(url)).text()
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]
    if (!action) throw new Error(`no consent form in ${html}`)
    const form = new URLSearchParams()
    for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
      form.set(unescapeHtml(m[1]!), unescapeHtml(m[2]!))
    form.set('decision', decision)
    const res = await fetch(new URL(unescapeHtml(action), url), { method: 'POST', body: form, redirect: 'manual' })
    await (await fetch(res.headers.get('location')!)).text()
  }
}

function ctxFor(openBrowser: (url: string) => Promise<void>, configDir?: string) {
  const t = testContext({
    openBrowser,
    ...(configDir ? { configDir } : {}),
    env: { AGENTRY_BASE_URL: emu.baseUrl, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined },
  })
  t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
  return t
}

describe('OAuth against the emulator, in-process', () => {
  it('logs in, uses the token, refreshes it, and logs out with revocation', async () => {
    const opened: string[] = []
    const t = ctxFor(browser('approve', opened))
    expect(await t.run(['login'])).toBe(0)
    expect(opened).toHaveLength(1)
    expect(t.stderr()).toContain(opened[0])
    const first = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(first?.accountId).toBe(emu.accountId)

    t.clearOutput()
    expect(await t.run(['agents', 'list', '--json'])).toBe(0)
    expect((JSON.parse(t.stdout()) as unknown[]).length).toBeGreaterThan(0)

    expect(await t.run(['oauth', 'refresh'])).toBe(0)
    const second = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(second?.accessToken).not.toBe(first?.accessToken)
    expect(second?.refreshToken).not.toBe(first?.refreshToken)

    expect(await t.run(['logout'])).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles.default).toBeUndefined()
    const res = await fetch(`${emu.baseUrl}/${emu.accountId}/agents`, {
      headers: { authorization: `Bearer ${second?.accessToken}` },
    })
    expect(res.status).toBe(401)
    expect(t.stdout() + t.stderr()).not.toContain(String(second?.refreshToken))
  })

  it('exits 4 when the user denies, and stores nothing', async () => {
    const t = ctxFor(browser('deny'))
    expect(await t.run(['oauth', 'login'])).toBe(4)
    await expect(loadCredentials(t.configDir)).resolves.toEqual({ profiles: {} })
  })
})
