// Where the input goes on screen: the prompt's text cut into terminal rows (each logical line after a prompt or
// continuation marker, wrapped lines indented under it) and the cursor's row and column. Pure, so the view only
// writes rows; wrapping is done here rather than left to the terminal, because a row that exactly fills the width
// leaves terminals in a "pending wrap" state that makes the cursor position ambiguous.
import stringWidth from 'string-width'
import { graphemes } from './text.js'

/** One screen row of the input. */
interface InputRow {
  /** the prompt or continuation marker (first row of a line) or the indent under it */
  prefix: string
  text: string
}

/** The rows and the cursor's place among them (column 0-based, always less than the width). */
export interface InputLayout {
  rows: InputRow[]
  cursorRow: number
  cursorCol: number
}

/** Prompt markers and the terminal width. */
export interface LayoutOptions {
  prompt: string
  continuation: string
  columns: number
  /** what some characters are shown as (the labels of folded pastes, editor.ts) */
  labels?: ReadonlyMap<string, string> | undefined
}

/** How a grapheme is drawn in the input: tabs as spaces (no tab stops in an editable line). */
function displayGrapheme(g: string): string {
  return g === '\t' ? '    ' : g
}

/** Width of a grapheme cluster as drawn. */
function graphemeWidth(g: string): number {
  return g === '\t' ? 4 : stringWidth(g)
}

/** Lays out `text` with the cursor at code-unit index `cursor`. */
export function layoutInput(text: string, cursor: number, opts: LayoutOptions): InputLayout {
  const columns = Math.max(4, opts.columns)
  const rows: InputRow[] = []
  let cursorRow = 0
  let cursorCol = 0
  let offset = 0
  text.split('\n').forEach((line, i) => {
    const prefix = i === 0 ? opts.prompt : opts.continuation
    const pw = Math.min(stringWidth(prefix), columns - 2)
    const indent = ' '.repeat(pw)
    let row: InputRow = { prefix, text: '' }
    let col = pw
    rows.push(row)
    const at = () => {
      cursorRow = rows.length - 1
      cursorCol = col
    }
    for (const g of graphemes(line)) {
      const label = opts.labels?.get(g)
      const w = label === undefined ? graphemeWidth(g) : stringWidth(label)
      if (col + w > columns && col > pw) {
        row = { prefix: indent, text: '' }
        rows.push(row)
        col = pw
      }
      if (offset === cursor) at()
      row.text += label ?? displayGrapheme(g)
      col += w
      offset += g.length
    }
    if (offset === cursor) {
      if (col >= columns) {
        row = { prefix: indent, text: '' }
        rows.push(row)
        col = pw
      }
      at()
    }
    offset += 1 // the newline
  })
  return { rows, cursorRow, cursorCol }
}

/**
 * How many rows above the cursor a drawn block starts after the terminal was resized from `drawnColumns` to
 * `columns`. Rows are drawn narrower than the width (so terminals never mark them as soft-wrapped and never join
 * them on a resize); when the terminal narrows, reflowing terminals wrap each longer row onto several rows, and
 * the cursor moves down with them. `widths` are the display widths of the rows as drawn.
 */
export function rowsAboveCursor(
  widths: readonly number[],
  cursor: { row: number; col: number },
  drawnColumns: number,
  columns: number,
): number {
  if (columns >= drawnColumns) return cursor.row
  let up = 0
  for (let i = 0; i < cursor.row; i++) up += Math.max(1, Math.ceil((widths[i] ?? 0) / columns))
  return up + Math.floor(cursor.col / columns)
}
