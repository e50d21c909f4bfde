// Live rendering of a streamed answer. The current line is echoed raw as tokens arrive (O(token) work); when its
// newline arrives it is rendered and replaces its raw echo in place, and from then on it is never touched again.
// The only rows ever rewritten are the uncommitted ones: the current line and held table lines.
import { BlockRenderer, codeIndent } from './blocks.js'
import { type Highlighter, loadHighlighter } from './highlight.js'
import { resetStyles } from '../palette.js'
import { EchoLayout, softBreak } from './layout.js'
import { continuationOf, splitAt } from './overflow.js'
import { blockContext, type RenderOptions } from './render.js'
import { sanitizeChunk, textWidth } from './width.js'

/** Options of createMarkdownStream. */
export interface MarkdownStreamOptions extends RenderOptions {
  /** receives the terminal output (once per push at most) */
  write: (s: string) => void
  /** terminal rows, when known: held rows never exceed what the cursor can move back over */
  height?: number
}

/** A markdown renderer fed with text as it streams in. */
export interface MarkdownStream {
  /** adds streamed text */
  push(text: string): void
  /** renders the unfinished last line and anything held, closing open blocks */
  end(): void
  /** leaves what is on screen as it is (nothing lost) and resets styles */
  abort(): void
}

// Terminal modes and cursor movement, not colours, so they stay written out here (colours: src/io/palette.ts).
// DEC synchronized output (mode 2026) around a multi-row redraw, so terminals that know it never show it half
// done; others ignore the unknown private mode.
const syncBegin = '\x1b[?2026h'
const syncEnd = '\x1b[?2026l'

/** Creates a stream renderer writing to `opts.write`. */
export function createMarkdownStream(opts: MarkdownStreamOptions): MarkdownStream {
  const ctx = blockContext(opts)
  if (ctx.highlight && !ctx.theme.plain) {
    let loading: Promise<Highlighter | undefined> | undefined
    // The grammar compiles between tokens (the fence line usually comes well before the first code line); lines
    // that complete before lowlight has loaded stay unhighlighted, later ones are highlighted.
    ctx.onCode = (lang) => {
      const ready = ctx.highlighter
      if (ready) {
        setImmediate(() => ready.prepare(lang))
        return
      }
      loading ??= loadHighlighter().then(
        (h) => {
          ctx.highlighter = h
          return h
        },
        () => undefined,
      )
      void loading.then((h) => h?.prepare(lang))
    }
  }
  const blocks = new BlockRenderer(ctx)
  const layout = new EchoLayout(ctx.width)
  const maxUp = opts.height && opts.height > 1 ? Math.floor(opts.height) - 1 : Number.POSITIVE_INFINITY
  let line = '' // the current line, sanitized
  let col = 0 // its column, for tab stops
  let prefix = '' // what its echo starts with (code indentation)
  let echo = '' // its echo as on screen, soft breaks included
  let held: string[] = [] // echoes of held lines, each ending in a soft break
  let carry = '' // a high surrogate waiting for the rest of its character
  let done = false
  let out = ''

  const redraw = (text: string) => {
    const multi = layout.row > 0
    out += (multi ? syncBegin : '') + layout.replace(text) + (multi ? syncEnd : '')
    layout.reset()
  }

  // The current line alone is taller than the screen: commit it in pieces (see overflow.ts).
  const split = () => {
    for (;;) {
      const placed = layout.place(prefix + line)
      if (layout.row <= maxUp) {
        out += placed
        echo = placed
        return
      }
      layout.reset()
      const cut = splitAt(line)
      const head = line.slice(0, cut)
      const step = blocks.feed(head)
      out += step.commit + (step.keep > 0 ? blocks.flush() : '')
      line = continuationOf(head, blocks.inCode) + line.slice(cut + 1)
      col = textWidth(line)
      prefix = blocks.inCode ? codeIndent : ''
    }
  }

  const overflow = () => {
    if (held.length > 0) {
      redraw(blocks.flush())
      held = []
    } else redraw('')
    echo = ''
    split()
  }

  const append = (chunk: string) => {
    const s = sanitizeChunk(chunk, col)
    col = s.col
    if (s.text === '') return
    if (line === '') prefix = blocks.inCode ? codeIndent : ''
    const before = layout.save()
    const placed = layout.place(line === '' ? prefix + s.text : s.text)
    line += s.text
    if (layout.row <= maxUp) {
      out += placed
      echo += placed
      return
    }
    layout.restore(before)
    overflow()
  }

  const endLine = () => {
    const step = blocks.feed(line)
    if (step.commit === '') {
      if (layout.row + 1 > maxUp) {
        redraw(blocks.flush())
        held = []
      } else {
        held.push(echo + softBreak)
        out += softBreak
        layout.newline()
      }
    } else if (held.length === 0 && step.keep === 0 && step.commit === `${echo}\n`) {
      out += '\n'
      layout.reset()
    } else {
      const kept = step.keep > 0 ? [...held, echo + softBreak].slice(-step.keep) : []
      redraw(step.commit + kept.join(''))
      for (const e of kept) layout.replay(e)
      held = kept
    }
    line = ''
    col = 0
    echo = ''
  }

  const flushOut = () => {
    if (out !== '') opts.write(out)
    out = ''
  }

  return {
    push(text) {
      if (done || text === '') return
      text = carry + text
      carry = ''
      const last = text.charCodeAt(text.length - 1)
      if (last >= 0xd800 && last < 0xdc00) {
        carry = text.slice(-1)
        text = text.slice(0, -1)
      }
      for (let start = 0; ; ) {
        const nl = text.indexOf('\n', start)
        if (nl < 0) {
          append(text.slice(start))
          break
        }
        append(text.slice(start, nl))
        endLine()
        start = nl + 1
      }
      flushOut()
    },
    end() {
      if (done) return
      done = true
      if (line !== '') endLine()
      const rest = blocks.finish()
      if (rest !== '' || held.length > 0) redraw(rest)
      held = []
      flushOut()
    },
    abort() {
      if (done) return
      done = true
      if (!ctx.theme.plain) out += resetStyles
      if (echo !== '') out += '\n'
      flushOut()
    },
  }
}
