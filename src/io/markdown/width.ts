// Column widths, measured one code point at a time the way terminals consume a byte stream (wcwidth-like), by
// string-width's rules for one code point. Code points are summed rather than grapheme clusters because that is
// what xterm, VTE and tmux do, and because a cluster split across two tokens then measures the same.
import { eastAsianWidth } from 'get-east-asian-width'
import { memoize } from '../../text/memoize.js'
import { visibleEscape } from '../../text/sanitize.js'

/** Columns used on a tab stop: markdown counts a tab as 4 columns (CommonMark §2.2). */
const tabStop = 4

/**
 * What string-width gives one code point, without string-width, whose module costs a chat 35–50 ms of CPU when it
 * loads (an `Intl.Segmenter` and its RGI emoji pattern, made then; docs/architecture.md "Start-up budget"): no
 * column for what terminals do not draw (default-ignorable, control, enclosing and nonspacing marks, format
 * characters but the visible prepended concatenation marks), two for a regional indicator (a lone one is drawn as
 * one wide symbol), else its East Asian Width (string-width's own table, ambiguous as narrow).
 * The two agreed on all 1.1 M code points when this was written; test/unit/markdown-layout.test.ts compares them on
 * plane 0 and plane 1's symbols.
 */
let invisible: RegExp | undefined
function codePointWidth(cp: number): number {
  // a `v` pattern (a class minus a class), made on the first code point past U+009F
  // biome-ignore lint/complexity/useRegexLiterals: TypeScript takes a `v` literal only when targeting ES2024
  invisible ??= new RegExp(
    String.raw`[\p{Default_Ignorable_Code_Point}\p{Control}\p{Enclosing_Mark}\p{Nonspacing_Mark}[\p{Format}--[\u{600}-\u{605}\u{6DD}\u{890}\u{891}\u{8E2}\u{110BD}\u{110CD}]]]`,
    'v',
  )
  if (invisible.test(String.fromCodePoint(cp))) return 0
  if (cp >= 0x1f1e6 && cp <= 0x1f1ff) return 2
  return eastAsianWidth(cp)
}

/**
 * Widths of the code points above U+009F met so far: each costs a pattern test and a table lookup, paid for every
 * non-ASCII character of every line the renderer measures (several times: echo, wrap, layout). The width of a code
 * point never changes, so each is asked once; text holds few distinct ones, and the kept widths are dropped past
 * 4096 so hostile text cannot grow them.
 */
const wideCharWidth = memoize(codePointWidth, 4096)

/** Display width of one code point: 0, 1 or 2 columns. */
export function charWidth(cp: number): number {
  if (cp >= 0x20 && cp < 0x7f) return 1
  if (cp < 0xa0) return 0
  return wideCharWidth(cp)
}

/** Display width of text without escape sequences, summed over code points. */
export function textWidth(s: string): number {
  let w = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0x20 && c < 0x7f) w++
    else {
      const cp = s.codePointAt(i)!
      if (cp > 0xffff) i++
      w += charWidth(cp)
    }
  }
  return w
}

/**
 * Whether a terminal might draw this code point one column wider than charWidth says: East Asian ambiguous
 * punctuation and symbols, emoji in text presentation followed by VS16, joiners. Terminals disagree on these
 * (grapheme-aware ones such as kitty or WezTerm versus wcwidth-based ones), so the raw echo leaves room for them.
 */
export function uncertain(cp: number): boolean {
  return cp >= 0x2000 && cp !== 0x3000 && charWidth(cp) < 2
}

/** Result of sanitizing a chunk: the text and the line column after it. */
export interface Sanitized {
  text: string
  col: number
}

/**
 * Makes model text safe and predictable on a terminal: C0/C1 controls are shown as visible escapes (`\u001b`, the
 * convention of src/text/sanitize.ts), so no escape sequence from the model reaches the terminal but the user sees it
 * was there; CR is dropped (CRLF line ends; a lone CR would overwrite the line), expands tabs to the next tab stop from `col`, turns U+2028/U+2029 into
 * spaces. Chunk by chunk it gives the same result as on the whole line, so the streamed echo and the rendered
 * line agree.
 */
export function sanitizeChunk(chunk: string, col: number): Sanitized {
  let out = ''
  let start = 0
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk.charCodeAt(i)
    if (c >= 0x20 && c < 0x7f) {
      col++
      continue
    }
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < chunk.length) {
      const cp = chunk.codePointAt(i)!
      col += charWidth(cp)
      if (cp > 0xffff) i++
      continue
    }
    // bidi overrides reorder what is shown (CVE-2021-42574): shown as escapes like the controls
    const isControl =
      c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
    if (!isControl && c !== 0x2028 && c !== 0x2029) {
      col += charWidth(c)
      continue
    }
    out += chunk.slice(start, i)
    start = i + 1
    if (c === 0x09) {
      const n = tabStop - (col % tabStop)
      out += ' '.repeat(n)
      col += n
    } else if (c === 0x2028 || c === 0x2029) {
      out += ' '
      col++
    } else if (c !== 0x0d) {
      const shown = visibleEscape(chunk[i]!)
      out += shown
      col += shown.length
    }
  }
  return { text: start === 0 ? chunk : out + chunk.slice(start), col }
}

/** Sanitizes a whole line (see sanitizeChunk). */
export function sanitizeLine(line: string): string {
  return sanitizeChunk(line, 0).text
}

/** Removes C0 and C1 control characters (after entity decoding, so `&#27;` cannot smuggle an ESC in). */
export function stripControls(s: string): string {
  return /[\x00-\x1f\x7f-\x9f]/.test(s) ? s.replace(/[\x00-\x1f\x7f-\x9f]/g, '') : s
}
