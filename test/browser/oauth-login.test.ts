// `agentry login` with a real browser (Debian's chromium-headless-shell through test/helpers/browser.ts) against the
// emulator: the CLI runs in-process, its "system browser" is a chromium page that a test drives as a person would
// (click, or keyboard only). What the browser ends on must say how the login really ended; each of our pages is kept
// as a screenshot.
import { relative } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadCredentials } from '../../src/config/store.js'
import { artifactDir, launchOnePage, screenshot } from '../helpers/browser.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { clearFaults, injectFault } from '../helpers/emulator-faults.js'

const fx = emulatorFixture({ emulator: quietEmulator })
let browser: Browser
/** One page for the file's tests, one after the other (a new page costs a renderer process: 1-2 s here); nothing of
 * a login stays in it (no cookie, no storage: each login has its own state and loopback port) but the colour scheme,
 * reset after each test. */
let page: Page
beforeAll(async () => {
  // chromium starts while the CLI's first in-process run and the browser login's own modules load (first use,
  // ~0.6 s): the first login no longer pays for them
  const [one, whoami] = await Promise.all([
    launchOnePage(),
    emulatorContext(fx).run(['whoami']),
    import('../../src/auth-flows/browser.js'),
  ])
  expect(whoami).toBe(0)
  ;({ browser, page } = one)
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await clearFaults(fx.emu)
  await page.emulateMedia({ colorScheme: 'light' })
})

/** Starts `agentry login` in-process; `url` resolves with the authorization URL it "opens in the browser". */
function startLogin(args: string[] = []) {
  let opened!: (url: string) => void
  const url = new Promise<string>((resolve) => {
    opened = resolve
  })
  const t = emulatorContext(fx, {
    env: { AGENTRY_API_KEY: undefined },
    openBrowser: async (u) => opened(u),
  })
  return { t, url, exit: t.run(['login', ...args]) }
}

const loopback = /^http:\/\/127\.0\.0\.1:\d+\/callback\?/

/** Opens the consent page, checks what it says, keeps its screenshot. */
async function openConsent(page: Page, url: string, shot?: string): Promise<void> {
  await page.goto(url)
  expect(await page.locator('h1').textContent()).toBe('Authorize agentry')
  if (shot) await screenshot(page, shot)
}

/** The heading and text of the page the browser ended on (after the redirect to the CLI's loopback). */
async function landed(page: Page): Promise<{ h1: string; text: string }> {
  await page.waitForURL(loopback)
  return { h1: (await page.locator('h1').textContent()) ?? '', text: await page.locator('body').innerText() }
}

describe('agentry login in a real browser', () => {
  it('approve: the consent page names the account and the scope, and the browser ends on "Logged in"', async () => {
    const { t, url, exit } = startLogin()
    await openConsent(page, await url, 'oauth-consent')
    const consent = await page.locator('main').innerText()
    expect(consent).toContain(`access to the account ${fx.emu.accountId}`)
    expect(consent).toMatch(/use the agentry API as you/)
    await page.getByRole('button', { name: 'Approve' }).click()
    const end = await landed(page)
    expect(end.h1).toBe('Logged in')
    expect(end.text).toContain(`account ${fx.emu.accountId}`)
    const path = await screenshot(page, 'oauth-logged-in')
    expect(relative(artifactDir, path)).toBe('oauth-logged-in.png')
    expect(await exit).toBe(0)
    expect((await loadCredentials(t.configDir)).profiles.default?.oauth?.accountId).toBe(fx.emu.accountId)
  })

  it('keyboard only: Tab reaches Approve with a visible focus ring, Enter approves', async () => {
    const { exit, url } = startLogin()
    await openConsent(page, await url)
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLButtonElement
      return { value: el.value, outline: getComputedStyle(el).outlineStyle }
    })
    expect(focused).toEqual({ value: 'approve', outline: 'solid' })
    await screenshot(page, 'oauth-consent-keyboard-focus')
    await page.keyboard.press('Enter')
    expect((await landed(page)).h1).toBe('Logged in')
    expect(await exit).toBe(0)
  })

  it('deny: the browser says the login was cancelled; the CLI exits 4', async () => {
    const { t, exit, url } = startLogin()
    await openConsent(page, await url)
    await page.getByRole('button', { name: 'Deny' }).click()
    const end = await landed(page)
    expect(end.h1).toBe('Login cancelled')
    await screenshot(page, 'oauth-denied')
    expect(await exit).toBe(4)
    expect(t.stderr()).toMatch(/the login was denied in the browser/)
  })

  it('token endpoint failing (503): the browser says "Login failed", never "Logged in"; the CLI exits 7', async () => {
    await injectFault(fx.emu, { match: { method: 'POST', path: '/oauth/token' }, status: 503, count: 10 })
    const { t, exit, url } = startLogin()
    await openConsent(page, await url)
    await page.getByRole('button', { name: 'Approve' }).click()
    const end = await landed(page)
    expect(end.h1).toBe('Login failed')
    expect(end.text).not.toContain('Logged in')
    expect(end.text).toMatch(/agentry is not logged in: .*503/)
    await screenshot(page, 'oauth-token-endpoint-503')
    expect(await exit).toBe(7)
    expect((await loadCredentials(t.configDir)).profiles.default?.oauth).toBeUndefined()
  })

  it('wrong state: the stray response is refused in the browser and the login goes on', async () => {
    const { exit, url } = startLogin()
    const u = new URL(await url)
    await page.goto(`${u.searchParams.get('redirect_uri')}?code=forged&state=not-the-one`)
    expect(await page.locator('h1').textContent()).toBe('Login failed')
    expect(await page.locator('main').innerText()).toContain('does not belong to the login in progress')
    await screenshot(page, 'oauth-wrong-state')
    await openConsent(page, u.toString())
    await page.getByRole('button', { name: 'Approve' }).click()
    expect((await landed(page)).h1).toBe('Logged in')
    expect(await exit).toBe(0)
  })

  it('timeout: the CLI gives up (exit 124); approving afterwards never shows "Logged in"', async () => {
    const { t, exit, url } = startLogin(['--wait', '1'])
    await openConsent(page, await url)
    expect(await exit).toBe(124)
    expect(t.stderr()).toMatch(/no answer from the browser within 1 s/)
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.waitForURL(/^chrome-error:|127\.0\.0\.1:\d+\/callback/)
    // no screenshot: the page is the browser's own (nothing listens any more), not one of ours
    expect(await page.content()).not.toMatch(/Logged in/)
  })

  it('dark theme: the system setting turns every page dark (no script involved)', async () => {
    const { exit, url } = startLogin()
    await page.emulateMedia({ colorScheme: 'dark' })
    await openConsent(page, await url, 'oauth-consent-dark')
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(await bg()).toBe('rgb(13, 17, 23)')
    await page.getByRole('button', { name: 'Approve' }).click()
    expect((await landed(page)).h1).toBe('Logged in')
    expect(await bg()).toBe('rgb(13, 17, 23)')
    await screenshot(page, 'oauth-logged-in-dark')
    expect(await exit).toBe(0)
  })
})
