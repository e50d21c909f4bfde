// Redaction for --debug traces and messages: secret headers, secret-looking JSON members and query parameters,
// and every secret value the run knows about, wherever it appears (ARCHITECTURE.md "Secrets").

const secretName = /authorization|secret|token|password|api[-_]?key|signature|^key$|code_verifier|^code$|cookie/i

/** Holds the secret values of this run and scrubs them out of any text. */
export class Redactor {
  private readonly secrets = new Set<string>()
  private readonly headerNames = new Set([
    'authorization',
    'x-webhook-secret',
    'proxy-authorization',
    'cookie',
    'set-cookie',
  ])

  /** Remembers a secret value (ignored when too short to be one). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 6) this.secrets.add(secret)
  }

  /** Treats a header as secret (e.g. a scenario's signature header). */
  addHeader(name: string): void {
    this.headerNames.add(name.toLowerCase())
  }

  /** Is this header's value secret? */
  isSecretHeader(name: string): boolean {
    return this.headerNames.has(name.toLowerCase()) || secretName.test(name)
  }

  /** Scrubs known secret values out of text. */
  text(s: string): string {
    let out = s
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join('[REDACTED]')
    return out
  }

  /** A header value as it may be shown. */
  header(name: string, value: string): string {
    if (!this.isSecretHeader(name)) return this.text(value)
    const m = /^(Bearer|Basic)\s/i.exec(value)
    return m ? `${m[1]} [REDACTED]` : '[REDACTED]'
  }

  /** A URL with secret-looking query parameters and user info hidden. */
  url(u: string): string {
    try {
      const url = new URL(u)
      if (url.password) url.password = 'REDACTED'
      for (const k of [...url.searchParams.keys()]) if (secretName.test(k)) url.searchParams.set(k, 'REDACTED')
      return this.text(url.toString())
    } catch {
      return this.text(u)
    }
  }

  /** A body as it may be shown: JSON members with secret names hidden, form fields likewise, then known values. */
  body(s: string, contentType = ''): string {
    if (/json/.test(contentType) || /^\s*[[{]/.test(s)) {
      try {
        return this.text(JSON.stringify(scrubJson(JSON.parse(s))))
      } catch {}
    }
    if (/x-www-form-urlencoded/.test(contentType)) {
      const p = new URLSearchParams(s)
      for (const k of [...p.keys()]) if (secretName.test(k)) p.set(k, 'REDACTED')
      return this.text(p.toString())
    }
    return this.text(s)
  }
}

function scrubJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(scrubJson)
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, val] of Object.entries(v))
      out[k] = secretName.test(k) && typeof val === 'string' ? '[REDACTED]' : scrubJson(val)
    return out
  }
  return v
}
