// The characters the HTML report makes visible instead of letting them act: control characters (but LF and TAB),
// bidi controls that reorder what is read (CVE-2021-42574, "Trojan Source"), and invisible ones that hide text from a
// reader but not from a model (zero-width, soft hyphen, word joiner, Unicode tag characters U+E0000–U+E007F and the
// variation selectors supplement, both used to smuggle instructions). Each shows as a marked `[U+202E RLO]`. The page's
// script uses the same pattern and names (written into it), the server the same for the parts it writes as HTML.

/** The pattern's source (used with the `gu` flags). */
export const invisibleSource =
  '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\u3164\\ufeff\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}]'

/** Short names of the ones a reader may know. */
export const invisibleNames: Readonly<Record<string, string>> = {
  '00AD': 'SHY',
  '061C': 'ALM',
  '200B': 'ZWSP',
  '200C': 'ZWNJ',
  '200D': 'ZWJ',
  '200E': 'LRM',
  '200F': 'RLM',
  '202A': 'LRE',
  '202B': 'RLE',
  '202C': 'PDF',
  '202D': 'LRO',
  '202E': 'RLO',
  '2060': 'WJ',
  '2066': 'LRI',
  '2067': 'RLI',
  '2068': 'FSI',
  '2069': 'PDI',
  FEFF: 'BOM',
  '001B': 'ESC',
  '000D': 'CR',
}

/** `[U+202E RLO]` */
function invisibleLabel(ch: string): string {
  const hex = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
  const name = invisibleNames[hex]
  return `[U+${hex}${name ? ` ${name}` : ''}]`
}

const invisible = new RegExp(invisibleSource, 'gu')

/** Text safe in HTML content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Untrusted text where no markup may go (the page's title): escaped, each invisible character a label. */
export function visibleText(s: string): string {
  return escapeHtml(s.replace(invisible, invisibleLabel))
}

/** Untrusted text as HTML content: escaped, each invisible character a marked label. */
export function visibleHtml(s: string): string {
  return escapeHtml(s).replace(invisible, (ch) => `<span class="inv">${invisibleLabel(ch)}</span>`)
}
