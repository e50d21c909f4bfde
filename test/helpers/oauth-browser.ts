// Plays the user's browser against the emulator's OAuth pages with plain HTTP, as a browser would: GET the consent
// page, submit its form (hidden fields + the button pressed), and read the redirect; or type a device user code.
import { expect } from 'vitest'

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))

/** Opens the authorization URL, presses Approve or Deny, and returns where the server redirects (not followed). */
export async function consent(authorizeUrl: string, decision: 'approve' | 'deny' = 'approve'): Promise<URL> {
  const page = await fetch(authorizeUrl)
  const html = await page.text()
  expect(page.status, html).toBe(200)
  const form = /<form method="post" action="([^"]+)">/.exec(html)
  expect(form, html).not.toBeNull()
  const fields = new URLSearchParams()
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescapeHtml(m[1]!), unescapeHtml(m[2]!))
  fields.set('decision', decision)
  const posted = await fetch(new URL(unescapeHtml(form![1]!), authorizeUrl), {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  })
  expect(posted.status).toBe(302)
  return new URL(posted.headers.get('location')!)
}

/** Opens the device page (RFC 8628 3.3), types the user code and presses a button; returns the page's status. */
export async function decideDevice(
  verificationUri: string,
  userCode: string,
  decision: 'approve' | 'deny' = 'approve',
): Promise<{ status: number; html: string }> {
  const page = await fetch(verificationUri)
  expect(page.status).toBe(200)
  const html = await page.text()
  const form = /<form method="post" action="([^"]+)">/.exec(html)
  expect(form, html).not.toBeNull()
  const res = await fetch(new URL(unescapeHtml(form![1]!), verificationUri), {
    method: 'POST',
    body: new URLSearchParams({ user_code: userCode, decision }),
  })
  return { status: res.status, html: await res.text() }
}

/** Approves (or denies) on the consent page and follows the redirect to the CLI's loopback; returns its status. */
export async function consentAndReturn(
  authorizeUrl: string,
  decision: 'approve' | 'deny' = 'approve',
): Promise<number> {
  const back = await fetch(await consent(authorizeUrl, decision))
  await back.text()
  return back.status
}
