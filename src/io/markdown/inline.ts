// Inline markdown (emphasis, code spans, strikethrough, links) of one line, via marked's GFM inline lexer, turned
// into styled segments that the wrapper can break between words.
import { Lexer, type Token } from 'marked'
import type { Style, Theme } from './theme.js'
import { stripControls } from './width.js'

/** A run of text in one style. */
export interface Segment {
  text: string
  style: Style | undefined
}

// The named references models actually write; marked already decodes numeric ones.
const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  middot: '·',
  bull: '•',
  rarr: '→',
  larr: '←',
  euro: '€',
  pound: '£',
}

/** Decodes the character references marked leaves in text (CommonMark §2.5), the common named ones and numeric. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (m, ref: string) => {
    if (ref[0] !== '#') return entities[ref] ?? m
    const cp = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
    // Controls stay encoded: decoding them would let text smuggle escape sequences past the sanitizer.
    return cp >= 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp < 0xa0) && cp <= 0x10ffff ? String.fromCodePoint(cp) : m
  })
}

function compose(outer: Style | undefined, inner: Style | undefined): Style | undefined {
  if (!outer) return inner
  if (!inner) return outer
  return (s) => outer(inner(s))
}

/** OSC 8 hyperlink around text (https://gist.github.com/egmontkob/eb114294efbcd5adb1944c9f3cb5feda). */
function hyperlink(href: string): Style {
  return (s) => `\x1b]8;;${href}\x1b\\${s}\x1b]8;;\x1b\\`
}

function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => ('tokens' in t && t.tokens ? plainText(t.tokens) : 'text' in t ? t.text : t.raw))
    .join('')
}

function walk(tokens: Token[], style: Style | undefined, theme: Theme, out: Segment[]): void {
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
        // marked decodes numeric character references itself, so text is stripped of controls after lexing.
        if (t.tokens?.length) walk(t.tokens, style, theme, out)
        else out.push({ text: stripControls(t.escaped ? t.text : decodeEntities(t.text)), style })
        break
      case 'escape':
        out.push({ text: t.text, style })
        break
      case 'strong':
        walk(t.tokens ?? [], compose(style, theme.strong), theme, out)
        break
      case 'em':
        walk(t.tokens ?? [], compose(style, theme.em), theme, out)
        break
      case 'del':
        // Without colour there is no strikethrough, and dropping the marks would reverse the meaning.
        if (theme.plain) out.push({ text: '~~', style })
        walk(t.tokens ?? [], compose(style, theme.del), theme, out)
        if (theme.plain) out.push({ text: '~~', style })
        break
      case 'codespan':
        out.push(theme.plain ? { text: `\`${t.text}\``, style } : { text: t.text, style: compose(style, theme.code) })
        break
      case 'br':
        out.push({ text: ' ', style })
        break
      case 'link':
      case 'image':
        link(t, style, theme, out)
        break
      default:
        out.push({ text: t.raw, style })
    }
  }
}

function link(t: Token, style: Style | undefined, theme: Theme, out: Segment[]): void {
  const href = 'href' in t ? stripControls(String(t.href)) : ''
  // Bare URLs, www. and <autolinks> are left as they are: terminals already recognise them.
  if ('autolink' in t && t.autolink) {
    out.push({ text: stripControls('text' in t ? String(t.text) : t.raw), style })
    return
  }
  const children = 'tokens' in t ? (t.tokens ?? []) : []
  const linkStyle = theme.hyperlinks ? compose(hyperlink(href), theme.link) : theme.link
  walk(children, compose(style, t.type === 'image' ? undefined : linkStyle), theme, out)
  if (href && !(theme.hyperlinks && t.type === 'link') && plainText(children) !== href) {
    out.push({ text: ` (${href})`, style: compose(style, theme.url) })
  }
}

/** Styled segments of one line of inline markdown. */
export function inlineSegments(src: string, theme: Theme): Segment[] {
  if (!/[*_`~[\]!<>&\\]/.test(src)) return [{ text: src, style: undefined }]
  const out: Segment[] = []
  walk(Lexer.lexInline(src), undefined, theme, out)
  return out
}

/** The text of segments without styles. */
export function segmentsText(segs: readonly Segment[]): string {
  let s = ''
  for (const g of segs) s += g.text
  return s
}
