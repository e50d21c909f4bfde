// The model's reasoning ("thinking") as the interactive chat shows it: dimmed, each line behind a
// bar, on the UI stream before the answer, and closed with a blank line so the answer stands apart. It is never part
// of the answer's text. Server text: control characters are shown as visible escapes, never executed (oneLine uses
// the one sanitiser, src/text/sanitize.ts).
import { oneLine } from './status.js'
import type { UiStyle } from './style.js'

/** Writes reasoning as it streams; `end()` closes the block (a no-op when nothing was written). */
export interface ReasoningView {
  push(text: string): void
  end(): void
}

/** A reasoning block writing through `ui` in `style`. */
export function createReasoningView(ui: (s: string) => void, style: UiStyle): ReasoningView {
  let open = false
  let atLineStart = true
  return {
    push(text) {
      if (text === '') return
      let out = ''
      if (!open) {
        open = true
        out += `${style.dim('thinking')}\n`
      }
      const lines = text.replace(/\r\n?/g, '\n').split('\n')
      lines.forEach((line, i) => {
        if (i > 0) {
          out += '\n'
          atLineStart = true
        }
        if (line === '') return
        out += style.dim(`${atLineStart ? `${style.glyphs.bar} ` : ''}${oneLine(line)}`)
        atLineStart = false
      })
      ui(out)
    },
    end() {
      if (!open) return
      ui(atLineStart ? '\n' : '\n\n')
      open = false
      atLineStart = true
    },
  }
}
