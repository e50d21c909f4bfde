import { afterEach, describe, expect, it } from 'vitest'
import { type LoopbackListener, startLoopbackListener } from '../../src/auth/loopback.js'
import { CancelledError, exitCodeOf, TimeoutError } from '../../src/errors.js'

const open: LoopbackListener[] = []
const listen = async (holdMs?: number) => {
  const l = await startLoopbackListener(holdMs === undefined ? {} : { holdMs })
  open.push(l)
  return l
}
afterEach(async () => {
  for (const l of open.splice(0)) await l.close()
})

const get = (url: string) => fetch(url).then(async (r) => ({ status: r.status, text: await r.text(), r }))

describe('loopback listener (RFC 8252 7.3)', () => {
  it('listens on 127.0.0.1 with an OS-assigned port and a /callback path', async () => {
    const l = await listen()
    expect(l.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(Number(new URL(l.redirectUri).port)).toBeGreaterThan(0)
  })

  it('answers the matching state with the code, and ignores (400) a wrong state without ending the wait', async () => {
    const l = await listen()
    const waiting = l.wait('s-good', { timeoutMs: 5000 })
    const wrong = await get(`${l.redirectUri}?code=evil&state=s-bad`)
    expect(wrong.status).toBe(400)
    const none = await get(`${l.redirectUri}?code=evil`)
    expect(none.status).toBe(400)
    const elsewhere = await get(l.redirectUri.replace('/callback', '/other?code=x&state=s-good'))
    expect(elsewhere.status).toBe(404)
    const answered = get(`${l.redirectUri}?code=the-code&state=s-good`)
    await expect(waiting).resolves.toEqual({ code: 'the-code' })
    l.finish({ tone: 'ok', title: 'Logged in', text: 'You can close this tab.' })
    const ok = await answered
    expect(ok.status).toBe(200)
    expect(ok.text).toContain('close this tab')
    expect(ok.r.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('hands back an error response (access_denied) with its description', async () => {
    const l = await listen()
    const waiting = l.wait('st', { timeoutMs: 5000 })
    const page = get(`${l.redirectUri}?error=access_denied&error_description=user%20said%20no&state=st`)
    await expect(waiting).resolves.toEqual({ error: 'access_denied', errorDescription: 'user said no' })
    l.finish({ tone: 'bad', title: 'Login cancelled', text: 'no' })
    expect((await page).text).toContain('Login cancelled')
  })

  it('times out with exit 124', async () => {
    const l = await listen()
    const err = await l.wait('st', { timeoutMs: 50 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(TimeoutError)
    expect(exitCodeOf(err)).toBe(124)
  })

  it('is cancelled by the run signal (Ctrl-C) with exit 130', async () => {
    const l = await listen()
    const ac = new AbortController()
    const waiting = l.wait('st', { timeoutMs: 5000, signal: ac.signal })
    ac.abort()
    const err = await waiting.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CancelledError)
    expect(exitCodeOf(err)).toBe(130)
  })

  it('refuses a callback that arrives after the login ended', async () => {
    const l = await listen()
    const waiting = l.wait('st', { timeoutMs: 5000 })
    const first = get(`${l.redirectUri}?code=one&state=st`)
    await waiting
    expect((await get(`${l.redirectUri}?code=two&state=st`)).status).toBe(400)
    l.finish({ tone: 'ok', title: 'Logged in', text: 'done' })
    expect((await first).status).toBe(200)
  })

  it('holds the browser until the login has ended, then shows the outcome it is given, escaped', async () => {
    const l = await listen()
    const waiting = l.wait('st', { timeoutMs: 5000 })
    let settled = false
    const page = get(`${l.redirectUri}?code=c&state=st`).finally(() => {
      settled = true
    })
    await waiting
    // the exchange is still running: the browser has had no answer yet
    await new Promise((r) => setImmediate(r))
    expect(settled).toBe(false)
    l.finish({ tone: 'bad', title: 'Login failed', text: 'server said <b>503</b>' })
    l.finish({ tone: 'ok', title: 'Logged in', text: 'a second outcome is ignored' })
    const { text } = await page
    expect(text).toContain('<h1>Login failed</h1>')
    expect(text).toContain('server said &#60;b&#62;503&#60;/b&#62;')
    expect(text).not.toContain('Logged in')
  })

  it('lets a held browser go after holdMs, or at close, pointing to the terminal (never "Logged in")', async () => {
    const l = await listen(30)
    const waiting = l.wait('st', { timeoutMs: 5000 })
    const page = get(`${l.redirectUri}?code=c&state=st`)
    await waiting
    const { status, text } = await page
    expect(status).toBe(200)
    expect(text).toContain('Almost done')
    expect(text).toContain('the terminal says how it ends')
    const l2 = await listen()
    const w2 = l2.wait('st', { timeoutMs: 5000 })
    const p2 = get(`${l2.redirectUri}?code=c&state=st`)
    await w2
    await l2.close()
    expect((await p2).text).toContain('Almost done')
  })

  it('pages have a language, a viewport, a dark theme, no script and no external resource', async () => {
    const l = await listen()
    const { text, r } = await get(`${l.redirectUri}?code=x&state=none`)
    expect(text).toMatch(/^<!doctype html><html lang="en">/)
    expect(text).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">')
    expect(text).toContain('@media (prefers-color-scheme:dark)')
    expect(text).not.toMatch(/<script|<link|src=|url\(/i)
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})
