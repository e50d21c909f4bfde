import { afterEach, describe, expect, it } from 'vitest'
import { type LoopbackListener, startLoopbackListener } from '../../src/auth/loopback.js'
import { CancelledError, TimeoutError } from '../../src/errors.js'

const open: LoopbackListener[] = []
const listen = async () => {
  const l = await startLoopbackListener()
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
    const ok = await get(`${l.redirectUri}?code=the-code&state=s-good`)
    expect(ok.status).toBe(200)
    expect(ok.text).toContain('close this tab')
    expect(ok.r.headers.get('referrer-policy')).toBe('no-referrer')
    await expect(waiting).resolves.toEqual({ code: 'the-code' })
  })

  it('hands back an error response (access_denied) with its description', async () => {
    const l = await listen()
    const waiting = l.wait('st', { timeoutMs: 5000 })
    await get(`${l.redirectUri}?error=access_denied&error_description=user%20said%20no&state=st`)
    await expect(waiting).resolves.toEqual({ error: 'access_denied', errorDescription: 'user said no' })
  })

  it('times out with exit 124', async () => {
    const l = await listen()
    const err = await l.wait('st', { timeoutMs: 50 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(TimeoutError)
    expect((err as TimeoutError).exitCode).toBe(124)
  })

  it('is cancelled by the run signal (Ctrl-C) with exit 130', async () => {
    const l = await listen()
    const ac = new AbortController()
    const waiting = l.wait('st', { timeoutMs: 5000, signal: ac.signal })
    ac.abort()
    const err = await waiting.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CancelledError)
    expect((err as CancelledError).exitCode).toBe(130)
  })

  it('refuses a callback that arrives after the login ended', async () => {
    const l = await listen()
    const waiting = l.wait('st', { timeoutMs: 5000 })
    await get(`${l.redirectUri}?code=one&state=st`)
    await waiting
    expect((await get(`${l.redirectUri}?code=two&state=st`)).status).toBe(400)
  })
})
