// The OAuth client in-process against the real emulator (not stubs): ctx.openBrowser is the injected "browser",
// which opens the consent page, approves, and follows the redirect to the loopback listener.
import { describe, expect, it } from 'vitest'
import { loadCredentials } from '../../src/config/store.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'

const fx = emulatorFixture()

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

/** A context with no account and no key: the OAuth login supplies both. */
const ctxFor = (openBrowser: (url: string) => Promise<void>, configDir?: string) =>
  emulatorContext(fx, {
    openBrowser,
    ...(configDir ? { configDir } : {}),
    env: { AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined },
  })

describe('OAuth against the emulator, in-process', () => {
  it('logs in, uses the token, refreshes it, and logs out with revocation', async () => {
    const opened: string[] = []
    const t = ctxFor(browser('approve', opened))
    expect(await t.run(['login'])).toBe(0)
    expect(opened).toHaveLength(1)
    expect(t.stderr()).toContain(opened[0])
    const first = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(first?.accountId).toBe(fx.emu.accountId)

    t.clearOutput()
    expect(await t.run(['agents', 'list', '--json'])).toBe(0)
    expect((JSON.parse(t.stdout()) as unknown[]).length).toBeGreaterThan(0)

    expect(await t.run(['oauth', 'refresh'])).toBe(0)
    const second = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(second?.accessToken).not.toBe(first?.accessToken)
    expect(second?.refreshToken).not.toBe(first?.refreshToken)

    expect(await t.run(['logout'])).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles.default).toBeUndefined()
    const res = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`, {
      headers: { authorization: `Bearer ${second?.accessToken}` },
    })
    expect(res.status).toBe(401)
    expect(t.stdout() + t.stderr()).not.toContain(String(second?.refreshToken))
  })

  it('exits 4 when the user denies, and stores no grant (only the client, for the next login)', async () => {
    const t = ctxFor(browser('deny'))
    expect(await t.run(['oauth', 'login'])).toBe(4)
    await expect(loadCredentials(t.configDir)).resolves.toMatchObject({ profiles: {} })
  })
})
