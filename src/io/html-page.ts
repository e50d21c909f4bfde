// The one look of every page agentry shows in a browser: the CLI's loopback answers (src/auth/loopback.ts) and the
// emulator's OAuth pages (src/emulator/oauth/pages.ts). Small and self-contained: no script, no external resource
// (the CSP below forbids both), a light and a dark theme from the system setting, visible keyboard focus, and a
// language and viewport so that screen readers and phones read it right. Text put into a page goes through escapeHtml.

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The headers of every page: never cached, never framed (clickjacking), no Referer (it would carry the code). */
export const htmlPageHeaders = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
} as const

// Colours from one palette in both themes; every text/background pair is at least 4.5:1 (WCAG AA).
const style =
  ':root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#59636e;--accent:#0969da;--on-accent:#fff;' +
  '--box:#f0f2f5;--line:#d1d9e0;--ok:#1a7f37;--bad:#cf222e}' +
  '@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--accent:#4493f8;' +
  '--on-accent:#0d1117;--box:#262c36;--line:#3d444d;--ok:#3fb950;--bad:#f85149}}' +
  'body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:var(--fg);' +
  'background:var(--bg)}h1{font-size:1.5rem;margin:.25rem 0 1rem}.brand{color:var(--muted);font-size:.875rem;margin:0}' +
  '.ok h1{color:var(--ok)}.bad h1{color:var(--bad)}' +
  'button{font:inherit;padding:.5rem 1.25rem;margin:0 .5rem .5rem 0;border-radius:.4rem;border:1px solid var(--line);' +
  'background:var(--bg);color:var(--fg);cursor:pointer}.primary{background:var(--accent);color:var(--on-accent);' +
  'border-color:var(--accent)}:focus-visible{outline:3px solid var(--accent);outline-offset:2px}' +
  'input{font:inherit;padding:.25rem .5rem;color:var(--fg);background:var(--bg);border:1px solid var(--line);' +
  'border-radius:.3rem}code{background:var(--box);padding:0 .25rem;border-radius:.2rem;overflow-wrap:anywhere}' +
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:var(--muted)}dd{margin:0}' +
  'small{color:var(--muted)}'

/** How a page reads at a glance (the words say it too: colour is never the only signal). */
export type PageTone = 'ok' | 'bad' | 'neutral'

/** A whole page: `title` is text (escaped here), `body` is HTML the caller built with escapeHtml. */
export function htmlPage(p: { title: string; body: string; tone?: PageTone }): string {
  const title = escapeHtml(p.title)
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">' +
    `<title>agentry: ${title}</title><style>${style}</style></head>` +
    `<body class="${p.tone ?? 'neutral'}"><main><p class="brand">agentry</p><h1>${title}</h1>${p.body}</main></body></html>`
  )
}
