// Word wrapping of styled segments to the terminal width, with a prefix on the first row (a bullet, a quote
// gutter) and another on the following rows (a hanging indent). Styles are applied per row so that every row is
// self-contained: nothing stays open across a line break.
import { type Segment, segmentsText } from './inline.js'
import { charWidth, textWidth } from './width.js'

/** Text put before a row, already styled, and its width. */
export interface Prefix {
  text: string
  width: number
}

/** A prefix of plain spaces. */
export function indent(n: number): Prefix {
  return { text: ' '.repeat(n), width: n }
}

type Part = [seg: number, text: string]

interface Piece {
  parts: Part[]
  width: number
  space: boolean
  /** a CJK character: lines may break before and after it (UAX #14 class ID) */
  ideo?: boolean
}

// Han, kana, hangul, CJK punctuation and fullwidth forms: text written without spaces.
const ideographic = '\\u2e80-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uffef'
const tokenPattern = new RegExp(` +|[${ideographic}]|[^ ${ideographic}]+`, 'g')
const ideoPattern = new RegExp(`^[${ideographic}]`)

function pieces(segs: readonly Segment[]): Piece[] {
  const out: Piece[] = []
  segs.forEach((g, i) => {
    for (const m of g.text.matchAll(tokenPattern)) {
      const space = m[0][0] === ' '
      const ideo = ideoPattern.test(m[0])
      const last = out[out.length - 1]
      // A word continuing into the next segment (`**foo**bar`) stays one unbreakable word.
      if (last && !space && !last.space && !ideo && !last.ideo) {
        last.parts.push([i, m[0]])
        last.width += textWidth(m[0])
      } else out.push({ parts: [[i, m[0]]], width: textWidth(m[0]), space, ideo })
    }
  })
  return out
}

/** Splits a word wider than a row into row-sized pieces (only where alignment matters, as in table cells). */
function splitWord(p: Piece, avail: number): Piece[] {
  const out: Piece[] = []
  let cur: Piece = { parts: [], width: 0, space: false }
  for (const [seg, text] of p.parts) {
    for (const ch of text) {
      const w = charWidth(ch.codePointAt(0)!)
      if (cur.width + w > avail && cur.width > 0) {
        out.push(cur)
        cur = { parts: [], width: 0, space: false }
      }
      const last = cur.parts[cur.parts.length - 1]
      if (last && last[0] === seg) last[1] += ch
      else cur.parts.push([seg, ch])
      cur.width += w
    }
  }
  if (cur.width > 0) out.push(cur)
  return out
}

function renderRow(parts: Part[], segs: readonly Segment[]): string {
  let out = ''
  let i = 0
  while (i < parts.length) {
    const seg = parts[i]![0]
    let text = ''
    while (i < parts.length && parts[i]![0] === seg) text += parts[i++]![1]
    const style = segs[seg]?.style
    out += style ? style(text) : text
  }
  return out
}

/** Rows of wrapped text and the width of each (prefixes excluded). */
export interface Wrapped {
  rows: string[]
  widths: number[]
}

/** Wraps segments into rows of at most `width` columns (prefix included); `hard` also splits long words. */
export function wrapSegments(
  segs: readonly Segment[],
  width: number,
  first: Prefix,
  rest: Prefix,
  hard = false,
): Wrapped {
  const whole = textWidth(segmentsText(segs))
  if (first.width + whole <= width) {
    return {
      rows: [
        first.text +
          renderRow(
            segs.map((g, i): Part => [i, g.text]),
            segs,
          ),
      ],
      widths: [whole],
    }
  }
  const rows: Part[][] = [[]]
  const widths = [0]
  let pending: Piece | undefined
  const avail = () => Math.max(1, width - (rows.length === 1 ? first.width : rest.width))
  const place = (p: Piece) => {
    const row = rows[rows.length - 1]!
    const used = widths[widths.length - 1]!
    const need = (used > 0 && pending ? pending.width : 0) + p.width
    if (used > 0 && used + need > avail()) {
      rows.push([])
      widths.push(0)
    } else if (used > 0 && pending) {
      row.push(...pending.parts)
      widths[widths.length - 1] = used + pending.width
    }
    pending = undefined
    if (hard && p.width > avail()) {
      const chunks = splitWord(p, avail())
      chunks.forEach((c, k) => {
        if (k > 0 || widths[widths.length - 1]! > 0) {
          rows.push([])
          widths.push(0)
        }
        rows[rows.length - 1]!.push(...c.parts)
        widths[widths.length - 1] = c.width
      })
      return
    }
    rows[rows.length - 1]!.push(...p.parts)
    widths[widths.length - 1]! += p.width
  }
  for (const p of pieces(segs)) {
    if (p.space) pending = widths[widths.length - 1]! > 0 ? p : undefined
    else place(p)
  }
  return { rows: rows.map((r, i) => (i === 0 ? first.text : rest.text) + renderRow(r, segs)), widths }
}
