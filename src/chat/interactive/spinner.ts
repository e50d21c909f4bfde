// The "waiting for the first token" indicator: braille frames with the elapsed time on one row, redrawn in place
// every 80 ms, erased before anything else is written there. Our own frames rather than ora, because ora
// reads stdin (to discard keys) and would fight the chat's raw-mode key reader.
import { fitWidth } from './prompt-view.js'
import type { UiStyle } from './style.js'

// cursor visibility and erasing, not colours (those come from the UiStyle), so they stay written out here
const hideCursor = '\x1b[?25l'
const showCursor = '\x1b[?25h'

/** A spinner on the current row. */
export interface Spinner {
  /** changes the label (e.g. "calling get_weather") */
  label(text: string): void
  /** erases the spinner's row, leaving the cursor at its start */
  stop(): void
  readonly spinning: boolean
}

/** Starts a spinner; `animate` false draws the label once (no timer), for terminals that cannot redraw. */
export function startSpinner(opts: {
  write: (s: string) => void
  style: UiStyle
  columns: () => number
  now: () => number
  label: string
  animate: boolean
}): Spinner {
  const { write, style } = opts
  const { spinner: frames, separator, ellipsis } = style.glyphs
  const started = opts.now()
  let label = opts.label
  let frame = 0
  let spinning = true
  const draw = () => {
    const secs = (opts.now() - started) / 1000
    const time = secs >= 1 ? ` ${secs.toFixed(1)}s` : ''
    // After a while, say how to stop waiting (unless the label already speaks of Ctrl-C).
    const hint = secs >= 3 && !label.includes('Ctrl-C') ? ` ${separator} Ctrl-C to stop` : ''
    const text = fitWidth(`${frames[frame % frames.length]} ${label}${time}${hint}`, opts.columns() - 1, ellipsis)
    write(`\r${style.accent(text.slice(0, 1))}${style.dim(text.slice(1))}\x1b[K`)
    frame++
  }
  write(hideCursor)
  draw()
  const timer = opts.animate ? setInterval(draw, 80) : undefined
  timer?.unref?.()
  return {
    label(text) {
      label = text
      if (spinning) draw()
    },
    stop() {
      if (!spinning) return
      spinning = false
      clearInterval(timer)
      write(`\r\x1b[K${showCursor}`)
    },
    get spinning() {
      return spinning
    },
  }
}
