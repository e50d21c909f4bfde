// Terminal safety (docs/terminal-safety.md): text that came from a server, a file or a tool is shown, never obeyed.
// A terminal acts only on control characters: every escape sequence (CSI, OSC, DCS, APC, PM, SOS, a lone ESC) starts
// with ESC (U+001B) or a C1 control (U+0080–U+009F, e.g. U+009B, the 8-bit CSI), and CR, BS, BEL and friends act by
// themselves. So escaping each C0/C1 control character (and DEL) as visible text defuses them all, with no parser to
// get wrong and the same result however a stream is chunked. The escapes are those of JSON strings (`\u001b`, `\r`),
// the one convention both the terminal and the JSON output use. Bidi overrides (U+202A–U+202E, U+2066–U+2069) are
// escaped too: they reorder what is shown (CVE-2021-42574, "Trojan Source").

/** What the output format allows to stay as it is. */
export interface SanitizeOptions {
  /** keep LF (a CRLF becomes LF); default false: shown as `\n` */
  newlines?: boolean
  /** keep TAB; default false: shown as `\t` */
  tabs?: boolean
}

const unsafe = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
const unsafeAll = /\r\n|[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
const short: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** The visible form of one control character: `\n`, `\r`, `\t`, `\b`, `\f`, or `\u001b` style. */
export function visibleEscape(ch: string): string {
  return short[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/**
 * Makes untrusted text safe to print on a terminal: each control character and bidi override is shown as an escape
 * (`\x1b]0;pwned\x07` prints as `\u001b]0;pwned\u0007`), except LF and TAB when `opts` keeps them.
 */
export function sanitize(s: string, opts: SanitizeOptions = {}): string {
  if (!unsafe.test(s)) return s
  return s.replace(unsafeAll, (m) => {
    if (m === '\r\n') return opts.newlines ? '\n' : '\\r\\n'
    if ((m === '\n' && opts.newlines) || (m === '\t' && opts.tabs)) return m
    return visibleEscape(m)
  })
}

/** Multi-line text (messages, notes, YAML): LF and TAB kept, everything else that a terminal would act on escaped. */
export function sanitizeText(s: string): string {
  return sanitize(s, { newlines: true, tabs: true })
}

const jsonUnsafe = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
const jsonUnsafeAll = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/**
 * JSON text that keeps exact values but never carries a raw control character: JSON.stringify escapes U+0000–U+001F
 * already; DEL and the C1 controls (U+007F–U+009F) are escaped here as `\u0085` (RFC 8259 §7 allows any character
 * escaped), and so are the bidi overrides. Those characters only occur inside strings of JSON text, so replacing them
 * in the text is exact.
 */
export function stringifyJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent)
  if (text === undefined) return 'null'
  return jsonUnsafe.test(text) ? text.replace(jsonUnsafeAll, visibleEscape) : text
}

/** Sanitises text that arrives in pieces of bytes (a file shown on a terminal): UTF-8 and CRLF split anywhere. */
export function sanitizingDecoder(): { push(bytes: Uint8Array): string; end(): string } {
  const decoder = new TextDecoder()
  let carry = ''
  const take = (text: string, last: boolean) => {
    const s = carry + text
    carry = !last && s.endsWith('\r') ? '\r' : ''
    return sanitizeText(carry ? s.slice(0, -1) : s)
  }
  return {
    push: (bytes) => take(decoder.decode(bytes, { stream: true }), false),
    end: () => take(decoder.decode(), true),
  }
}
