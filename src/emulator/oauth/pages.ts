// The browser pages of the emulator's authorization endpoint (RFC 6749 3.1): a consent page whose form POSTs the
// decision back to /oauth/authorize, and an error page for requests that cannot be redirected (RFC 6749 4.1.2.1:
// with a bad client_id or redirect_uri the user is told, never redirected), and the user-code page of the device
// authorization grant (RFC 8628 3.3). They share the CLI's look (src/io/html-page.ts).
import { escapeHtml, htmlPage, htmlPageHeaders, type PageTone } from '../../io/html-page.js'
import type { EmuResponse } from '../types.js'
import { oauthScope } from './tokens.js'

function page(status: number, title: string, body: string, tone?: PageTone): EmuResponse {
  return {
    status,
    body: htmlPage({ title, body, ...(tone ? { tone } : {}) }),
    contentType: 'text/html; charset=utf-8',
    headers: htmlPageHeaders,
  }
}

/** What a scope lets the client do, in words; an unknown scope is shown as it is. */
const scopeWords: Record<string, string> = {
  [oauthScope]: 'use the agentry API as you: your agents, scenarios, schedules, webhooks, CMS, files and API keys',
}

/** Who asks, for which account, to do what: the part the consent and device pages share. */
function request(p: { clientName: string; account: string; scope: string }): string {
  const scopes = p.scope.split(' ').filter(Boolean)
  const what = scopes
    .map(
      (s) =>
        `<li>${escapeHtml(scopeWords[s] ?? 'a permission this page cannot describe')} (<code>${escapeHtml(s)}</code>)</li>`,
    )
    .join('')
  return (
    `<p><strong>${escapeHtml(p.clientName)}</strong> asks for access to the account ` +
    `<strong>${escapeHtml(p.account)}</strong>, to:</p><ul>${what}</ul>`
  )
}

const buttons =
  '<button class="primary" type="submit" name="decision" value="approve">Approve</button>' +
  '<button type="submit" name="decision" value="deny">Deny</button>'
const emulatorNote =
  '<p><small>agentry emulator: no sign-in is needed; approving grants access to the demo account.</small></p>'

/** The consent page; `fields` go back as hidden inputs and are validated again when the form comes back. */
export function consentPage(p: {
  clientName: string
  account: string
  redirectUri: string
  scope: string
  fields: Record<string, string>
}): EmuResponse {
  const hidden = Object.entries(p.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
  return page(
    200,
    `Authorize ${p.clientName}`,
    request(p) +
      `<p>You will be sent back to <code>${escapeHtml(p.redirectUri)}</code>.</p>` +
      `<form method="post" action="/oauth/authorize">${hidden}${buttons}</form>${emulatorNote}`,
  )
}

/** RFC 8628 3.3: the page where the user types the code shown on the device, and approves or denies it. */
export function deviceCodePage(p: {
  userCode: string
  account: string
  clientName?: string | undefined
  scope?: string
}): EmuResponse {
  const who = p.clientName
    ? request({ clientName: p.clientName, account: p.account, scope: p.scope ?? '' })
    : '<p>Type the code your device shows.</p>'
  return page(
    200,
    'Connect a device',
    `${who}<form method="post" action="/oauth/device">` +
      `<p><label>Code <input name="user_code" value="${escapeHtml(p.userCode)}" autocomplete="off" ` +
      `autocapitalize="characters" size="10"></label></p>${buttons}</form>${emulatorNote}`,
  )
}

/** A short page that tells the user what happened and what to do next. */
export function messagePage(status: number, title: string, message: string, tone?: PageTone): EmuResponse {
  return page(status, title, `<p>${escapeHtml(message)}</p>`, tone)
}

/** An error shown to the user instead of a redirect. */
export function errorPage(status: number, message: string): EmuResponse {
  return page(
    status,
    'Authorization failed',
    `<p>${escapeHtml(message)}</p><p>Close this window and try again.</p>`,
    'bad',
  )
}

/** A 302 to `location` (RFC 6749 4.1.2: the authorization response travels as redirect query parameters). */
export function redirect(location: string): EmuResponse {
  return { status: 302, body: '', contentType: 'text/plain', headers: { location, 'cache-control': 'no-store' } }
}
