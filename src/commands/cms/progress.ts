// A one-line progress counter on stderr, shown only on a terminal (ARCHITECTURE.md "Output": progress goes to
// stderr, never stdout; piped runs and --quiet get none). Redrawn at most every 100 ms.
import type { Context } from '../../context.js'

/** A progress line: update it as work goes on; end() erases it. */
export interface Progress {
  update(done: number, total?: number): void
  end(): void
}

const quiet: Progress = { update() {}, end() {} }

/** A progress line labelled `label` (e.g. "exported"), or a silent one when stderr is not a terminal. */
export function progressLine(ctx: Context, label: string): Progress {
  if (!ctx.io.canAnimate() || ctx.globals.quiet) return quiet
  let last = 0
  let shown = false
  return {
    update(done, total) {
      const now = ctx.now()
      if (shown && now - last < 100 && done !== total) return
      last = now
      shown = true
      ctx.io.stderr.write(`\r\x1b[2K${label} ${done}${total !== undefined ? `/${total}` : ''}`)
    },
    end() {
      if (shown) ctx.io.stderr.write('\r\x1b[2K')
      shown = false
    },
  }
}
