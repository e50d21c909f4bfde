// The progress of long non-chat work (cms export/import, batch runs) on stderr: an ora spinner with a counter, shown
// only on a terminal (ARCHITECTURE.md "Output": progress goes to stderr, never stdout; piped runs, CI and --quiet
// get none). ora loads on the first update, so runs that never show it never load it. (The chat draws its own
// spinner, src/chat/interactive/spinner.ts: ora would fight its raw-mode key reader.)
import type { Ora } from 'ora'
import type { IOStreams } from './iostreams.js'

/** A progress line: update it as work goes on; end() erases it (a later update shows it again). */
export interface Progress {
  update(done: number, total?: number): void
  end(): void
}

const quiet: Progress = { update() {}, end() {} }

/** What a progress line needs of the run (the Context is one): its streams, --quiet, and a cleanup at its end. */
interface ProgressRun {
  readonly io: IOStreams
  readonly globals: { readonly quiet?: boolean | undefined }
  defer(fn: () => Promise<void> | void): void
}

/** A progress line labelled `label` (e.g. "exported"), or a silent one when stderr is not a terminal. */
export function progressLine(ctx: ProgressRun, label: string): Progress {
  if (!ctx.io.canAnimate() || ctx.globals.quiet) return quiet
  let text: string | undefined // what the line says; undefined while it is not shown
  let spinner: Ora | undefined
  let loading = false
  const show = () => {
    if (text === undefined || !spinner) return
    spinner.text = text
    if (!spinner.isSpinning) spinner.start()
  }
  // ora's stop() erases and shows the cursor even when not spinning: only a shown line is stopped
  const hide = () => {
    if (spinner?.isSpinning) spinner.stop()
  }
  return {
    update(done, total) {
      text = `${label} ${done}${total !== undefined ? `/${total}` : ''}`
      if (spinner) return show()
      if (loading) return
      loading = true
      createSpinner(ctx.io).then(
        (s) => {
          spinner = s
          // whatever happens, the timer stops and the line goes before the run ends
          ctx.defer(hide)
          show()
        },
        () => {}, // no spinner then: the work itself goes on
      )
    },
    end() {
      text = undefined
      hide()
    },
  }
}

/** An ora spinner on stderr, its frames in the palette's cyan when stderr has colour. */
async function createSpinner(io: IOStreams): Promise<Ora> {
  const [{ default: ora, spinners }, readline] = await Promise.all([import('ora'), import('node:readline')])
  const cyan = io.colorStderr() ? (await import('./palette.js')).palette(true).cyan : (s: string) => s
  // ora redraws with a tty.WriteStream's cursorTo/moveCursor/clearLine; node:readline writes the same sequences to
  // any stream, so this works over IOStreams' stderr whatever it is (the process's, or a test's fake terminal).
  const stream = {
    isTTY: true,
    get columns() {
      return io.columns()
    },
    write: (chunk: string | Uint8Array) => io.stderr.write(chunk),
    cursorTo: (x: number) => readline.cursorTo(stream as never, x),
    moveCursor: (dx: number, dy: number) => readline.moveCursor(stream as never, dx, dy),
    clearLine: (dir: -1 | 0 | 1) => readline.clearLine(stream as never, dir),
    once: (event: 'drain', cb: () => void) => io.stderr.once?.(event, cb),
    removeListener: (event: 'drain', cb: () => void) => io.stderr.off?.(event, cb),
  }
  return ora({
    stream: stream as unknown as NodeJS.WritableStream,
    spinner: { interval: spinners.dots.interval, frames: spinners.dots.frames.map((f) => cyan(f)) },
    color: false,
    isEnabled: true,
    // stdin may carry the work's input (`--batch -`, `cms import` from stdin): never read or discard it
    discardStdin: false,
  })
}
