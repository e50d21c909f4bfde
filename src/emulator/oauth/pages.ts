// The browser pages of the emulator's authorization endpoint (RFC 6749 3.1): a consent page whose form POSTs the
// decision back to /oauth/authorize, and an error page for requests that cannot be redirected (RFC 6749 4.1.2.1:
// with a bad client_id or redirect_uri the user is told, never redirected), and the user-code page of the device
// authorization grant (RFC 8628 3.3).
import type { EmuResponse } from '../types.js'

/** Escapes text for HTML element content and double-quoted attributes. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

// No script at all; framing is refused so the Approve button cannot be clickjacked.
const pageHeaders = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}

const style =
  'body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}' +
  'button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:.4rem;border:1px solid #888}' +
  '.approve{background:#1f6feb;color:#fff;border-color:#1f6feb}code{background:#f2f2f2;padding:0 .25rem}'

function page(status: number, title: string, body: string): EmuResponse {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${style}</style></head><body>${body}</body></html>`
  return { status, body: html, contentType: 'text/html; charset=utf-8', headers: pageHeaders }
}

/** The consent page; `fields` go back as hidden inputs and are validated again when the form comes back. */
export function consentPage(p: {
  clientName: string
  redirectUri: string
  scope: string
  fields: Record<string, string>
}): EmuResponse {
  const hidden = Object.entries(p.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
  return page(
    200,
    'Authorize access',
    `<h1>Authorize ${escapeHtml(p.clientName)}</h1>` +
      `<p><strong>${escapeHtml(p.clientName)}</strong> asks for access to your account with the scope ` +
      `<code>${escapeHtml(p.scope)}</code>.</p>` +
      `<p>You will be sent back to <code>${escapeHtml(p.redirectUri)}</code>.</p>` +
      `<form method="post" action="/oauth/authorize">${hidden}` +
      '<button class="approve" type="submit" name="decision" value="approve">Approve</button>' +
      '<button type="submit" name="decision" value="deny">Deny</button></form>' +
      '<p><small>agentry emulator: no sign-in is needed; approving grants access to the demo account.</small></p>',
  )
}

/** RFC 8628 3.3: the page where the user types the code shown on the device, and approves or denies it. */
export function deviceCodePage(p: { userCode: string; clientName?: string | undefined; scope?: string }): EmuResponse {
  const who = p.clientName
    ? `<p><strong>${escapeHtml(p.clientName)}</strong> asks for access to your account with the scope ` +
      `<code>${escapeHtml(p.scope ?? '')}</code>.</p>`
    : '<p>Type the code your device shows.</p>'
  return page(
    200,
    'Connect a device',
    `<h1>Connect a device</h1>${who}<form method="post" action="/oauth/device">` +
      `<p><label>Code <input name="user_code" value="${escapeHtml(p.userCode)}" autocomplete="off" ` +
      'autocapitalize="characters" size="10"></label></p>' +
      '<button class="approve" type="submit" name="decision" value="approve">Approve</button>' +
      '<button type="submit" name="decision" value="deny">Deny</button></form>' +
      '<p><small>agentry emulator: no sign-in is needed; approving grants access to the demo account.</small></p>',
  )
}

/** A short page that tells the user what happened and what to do next. */
export function messagePage(status: number, title: string, message: string): EmuResponse {
  return page(status, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`)
}

/** An error shown to the user instead of a redirect. */
export function errorPage(status: number, message: string): EmuResponse {
  return page(
    status,
    'Authorization failed',
    `<h1>Authorization failed</h1><p>${escapeHtml(message)}</p><p>Close this window and try again.</p>`,
  )
}

/** A 302 to `location` (RFC 6749 4.1.2: the authorization response travels as redirect query parameters). */
export function redirect(location: string): EmuResponse {
  return { status: 302, body: '', contentType: 'text/plain', headers: { location, 'cache-control': 'no-store' } }
}
