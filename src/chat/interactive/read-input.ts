// One prompt: keys from the terminal through the line editor, drawn by the prompt view, until a line is submitted
// or the user leaves (Ctrl-D at an empty prompt: 0; Ctrl-C at an empty prompt: 130).
import type { LineEditor } from './editor.js'
import type { PromptView } from './prompt-view.js'
import type { UiStyle } from './style.js'
import type { Terminal } from './terminal.js'

/** How a prompt ended. */
export type InputResult = { type: 'submit'; text: string } | { type: 'exit'; code: number }

/** Options of one prompt. */
export interface ReadInputOptions {
  /** the text the prompt starts with (what /edit wrote) */
  initial?: string | undefined
  /** Ctrl-X Ctrl-E: edits the text in the user's editor (external-editor.ts); throws when that fails */
  edit?: ((text: string) => Promise<string>) | undefined
}

/** Reads one input. Keys typed ahead (during the previous answer) are applied first, drawn once. */
export async function readInput(
  term: Terminal,
  view: PromptView,
  editor: LineEditor,
  style: UiStyle,
  opts: ReadInputOptions = {},
): Promise<InputResult> {
  if (opts.initial) editor.reset(opts.initial)
  const draw = () => view.draw(editor, term.columns(), term.rows())
  draw()
  const stopResize = term.onResizeEvent(draw)
  try {
    for (;;) {
      const before = { text: editor.text, cursor: editor.cursor, folds: editor.folds }
      const effect = editor.handle(await term.nextKey())
      switch (effect.type) {
        case 'submit':
          view.finish(editor, term.columns())
          return effect
        case 'exit':
          view.finish(editor, term.columns(), effect.code === 130 ? style.dim('^C') : '')
          return effect
        case 'cancelLine':
          // As a shell does: the abandoned line stays visible, marked, and a fresh prompt starts below it.
          view.finish(before, term.columns(), style.dim(' ^C'))
          break
        case 'clearScreen':
          view.clearScreen()
          break
        case 'suspend':
          // Ctrl-Z in raw mode is just a key: give the terminal back, stop as the shell expects, redraw on fg.
          view.finish(editor, term.columns())
          if (!(await term.suspend()))
            term.write(`${style.dim('Ctrl-Z: no job control here (no shell to come back to); the chat goes on')}\n`)
          break
        case 'externalEdit':
          if (!opts.edit) break
          view.finish(editor, term.columns())
          try {
            editor.reset(await opts.edit(editor.message))
          } catch (err) {
            term.write(`${style.error(`${style.glyphs.cross} ${(err as Error).message}`)}\n`)
          }
          break
        default:
          break
      }
      // Draw once after a burst of keys (a fast typist, type-ahead, a paste without brackets), not after each.
      if (term.pending === 0) draw()
    }
  } finally {
    stopResize()
  }
}
