// One prompt: keys from the terminal through the line editor, drawn by the prompt view, until a line is submitted
// or the user leaves (Ctrl-D at an empty prompt: 0; Ctrl-C at an empty prompt: 130).
import type { LineEditor } from './editor.js'
import type { PromptView } from './prompt-view.js'
import type { UiStyle } from './style.js'
import type { Terminal } from './terminal.js'

/** How a prompt ended. */
export type InputResult = { type: 'submit'; text: string } | { type: 'exit'; code: number }

/** Reads one input. Keys typed ahead (during the previous answer) are applied first, drawn once. */
export async function readInput(
  term: Terminal,
  view: PromptView,
  editor: LineEditor,
  style: UiStyle,
): Promise<InputResult> {
  const draw = () => view.draw(editor, term.columns())
  draw()
  const stopResize = term.onResizeEvent(draw)
  try {
    for (;;) {
      const before = { text: editor.text, cursor: editor.cursor }
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
          await term.suspend()
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
