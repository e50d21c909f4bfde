// Shows one turn as it streams: a spinner until the first token, the model's reasoning dimmed and set apart (when it
// sends any), the text through the incremental markdown renderer, tool calls and results as dim lines when they
// happen, then the usage line — or "(cancelled)" after Ctrl-C (the server is told by request_id, wire.md "Cancel"),
// or one red line when the stream failed. What was already on screen always stays: a partial answer is never erased.
import { performance } from 'node:perf_hooks'
import type { Glyphs } from '../../io/glyphs.js'
import { createMarkdownStream, type MarkdownStream } from '../../io/markdown/index.js'
import type { CancelOutcome, ChatToolCall, ChatTurn, TurnResult } from '../session.js'
import { createReasoningView } from './reasoning-view.js'
import { type Spinner, startSpinner } from './spinner.js'
import { formatToolCall, formatToolResult, formatUsage, oneLine } from './status.js'
import type { UiStyle } from './style.js'
import type { Terminal } from './terminal.js'

/** What the answer view needs. */
export interface AnswerDeps {
  term: Terminal
  /** writes answer text (stdout) */
  out: (s: string) => void
  /** writes UI lines (stderr): spinner, tool calls, status */
  ui: (s: string) => void
  style: UiStyle
  now: () => number
  /** may the spinner animate (a real terminal, not CI) */
  animate: boolean
  /** highlight code blocks */
  highlight: boolean
  /** colour in the answer (stdout's setting; the UI lines follow `style`, stderr's) */
  color: boolean
  /** the drawing characters of the answer's markdown (bullets, table borders) */
  glyphs?: Glyphs | undefined
  /** cancels the answer in flight on the server */
  cancel: () => Promise<CancelOutcome>
  /** receives the time each markdown push took, in ms (for the render benchmark) */
  onRender?: ((ms: number) => void) | undefined
}

/**
 * How the turn ended for the REPL: `exit` when a second Ctrl-C asked to leave while cancelling. `unanswered` are the
 * tool calls of a turn that stopped for tool results that no --tool-handler gave (the REPL may ask the user).
 */
export type AnswerOutcome =
  | { status: 'done' | 'cancelled' | 'failed'; result: TurnResult; unanswered: ChatToolCall[] }
  | { status: 'exit' }

/** Streams `turn` to the terminal. Ctrl-C (the key, or SIGINT fed in as one) cancels; a second one leaves. */
export async function showAnswer(turn: ChatTurn, deps: AnswerDeps): Promise<AnswerOutcome> {
  const { term, style, ui } = deps
  const g = style.glyphs
  const sentAt = deps.now()
  let firstTextAt: number | undefined
  let spinner: Spinner | undefined
  let md: MarkdownStream | undefined
  let cancelling: Promise<CancelOutcome> | undefined
  /** Ctrl-C came before the request was sent (no request_id yet): cancel again when it starts */
  let cancelOnStart = false
  const answered = new Set<string>()
  let failure: { message: string; kind: string } | undefined
  let leave: () => void = () => {}
  const exitRequested = new Promise<'exit'>((resolve) => {
    leave = () => resolve('exit')
  })

  /** what the answer has shown so far: its text, a part for each markdown stream, and its tool lines */
  const shown: ({ text: string } | { line: string })[] = []
  /** the spinner's label while it spins (to start it again after a redraw) */
  let spinning: string | undefined
  /** set from Ctrl-Z until the terminal is back and the answer redrawn: events wait for it */
  let paused: Promise<void> | undefined

  const spin = (label: string) => {
    spinning = label
    if (spinner?.spinning) return spinner.label(label)
    spinner = startSpinner({
      write: ui,
      style,
      columns: () => term.columns(),
      now: deps.now,
      label,
      animate: deps.animate,
    })
  }
  const unspin = () => {
    spinning = undefined
    spinner?.stop()
  }
  const newMarkdown = () =>
    createMarkdownStream({
      write: deps.out,
      width: term.columns(),
      height: term.rows(),
      color: deps.color,
      highlight: deps.highlight,
      ...(deps.glyphs ? { glyphs: deps.glyphs } : {}),
    })
  /** a tool line: shown now, and again in a redraw */
  const say = (line: string) => {
    shown.push({ line })
    ui(line)
  }
  /**
   * After `fg`: the shell has written below the answer, and whatever ran meanwhile may have
   * cleared the screen, so the answer so far is drawn again from a fresh line — its text through new markdown streams
   * (the last one goes on with what is still to come), its tool lines — and then the spinner if it was spinning.
   */
  const redraw = () => {
    const label = spinning
    unspin()
    md = undefined
    shown.forEach((p, i) => {
      if ('line' in p) {
        ui(p.line)
        return
      }
      const stream = newMarkdown()
      stream.push(p.text)
      if (i === shown.length - 1) md = stream
      else stream.end()
    })
    if (label !== undefined) spin(label)
  }
  const suspend = () => {
    paused ??= term
      .suspend()
      .then((stopped) => {
        if (stopped) redraw()
      })
      .finally(() => {
        paused = undefined
      })
  }
  const reasoning = createReasoningView(ui, style)
  const endText = (how: 'end' | 'abort') => {
    reasoning.end()
    if (how === 'end') md?.end()
    else md?.abort()
    md = undefined
  }
  const cancel = () => {
    cancelling = deps
      .cancel()
      .catch((e: Error): CancelOutcome => ({ requestId: undefined, server: 'failed', message: e.message }))
      .then((o) => {
        if (o.server === 'none') cancelOnStart = true
        return o
      })
  }
  const onInterrupt = () => {
    if (cancelling) return leave()
    cancel()
    if (spinner?.spinning) spinner.label(`cancelling${g.ellipsis} (Ctrl-C again to quit)`)
  }
  const stopIntercept = term.intercept((k) => {
    // Ctrl-Z mid-answer stops at once (the answer waits in the socket's buffer) and `fg` redraws what was shown,
    // then goes on streaming it
    if (k.name === 'suspend') {
      suspend()
      return true
    }
    if (k.name !== 'interrupt') return false
    onInterrupt()
    return true
  })

  spin('thinking')
  const it = turn[Symbol.asyncIterator]()
  try {
    for (;;) {
      const step = await Promise.race([it.next(), exitRequested])
      if (paused) await paused
      if (step === 'exit') {
        unspin()
        endText('abort')
        ui(`${style.dim('(cancelled)')}\n`)
        // Do not wait: the stream may be stuck, and the process is about to exit anyway.
        it.return?.().catch(() => {})
        return { status: 'exit' }
      }
      if (step.done) break
      const ev = step.value
      switch (ev.type) {
        case 'start':
          if (cancelOnStart) {
            cancelOnStart = false
            cancel()
          }
          if (ev.round > 0 && !md) spin('thinking')
          break
        case 'reasoning':
          unspin()
          reasoning.push(ev.text)
          break
        case 'text': {
          unspin()
          reasoning.end()
          firstTextAt ??= deps.now()
          const last = shown.at(-1)
          if (md && last && 'text' in last) last.text += ev.text
          else shown.push({ text: ev.text })
          md ??= newMarkdown()
          const t0 = performance.now()
          md.push(ev.text)
          deps.onRender?.(performance.now() - t0)
          break
        }
        case 'tool_call':
          unspin()
          endText('end')
          say(`${style.dim(formatToolCall(ev.call, term.columns() - 1, g))}\n`)
          spin(`running ${oneLine(ev.call.function.name)}`)
          break
        case 'tool_result': {
          unspin()
          answered.add(ev.tool_call_id)
          const line = formatToolResult(ev, term.columns() - 1, g)
          say(`${ev.ok ? style.dim(line) : style.error(line)}\n`)
          spin('thinking')
          break
        }
        case 'error':
          failure = { message: ev.message, kind: ev.kind }
          break
        default:
          break
      }
    }
  } catch (err) {
    // The turn reports its own failures in `result`; a throw here is a bug, shown as a failure, not a crash.
    failure ??= { message: (err as Error).message, kind: 'error' }
  } finally {
    stopIntercept()
    unspin()
  }

  const result = await turn.result
  const endedAt = deps.now()
  if (result.status === 'done') endText('end')
  else endText('abort')
  if (result.status === 'cancelled') {
    const outcome = cancelling ? await cancelling : undefined
    const note =
      outcome?.server === 'failed' ? ` ${g.dash} the server did not confirm: ${outcome.message ?? 'no answer'}` : ''
    ui(`${style.dim(`(cancelled)${oneLine(note)}`)}\n\n`)
  } else if (result.status === 'failed') {
    const f = failure ?? { message: result.error?.message ?? 'the answer failed', kind: 'error' }
    ui(`${style.error(failureLine(f.kind, f.message, result.message.content !== '', g.cross))}\n\n`)
  }
  const unanswered =
    result.status === 'done' && result.finishReason === 'tool_calls'
      ? result.message.tool_calls.filter((c) => !answered.has(c.id))
      : []
  if (result.status === 'done') {
    const notes: string[] = []
    if (result.finishReason === 'length') notes.push(style.warn('stopped at the max_tokens limit'))
    const usage = style.dim(formatUsage(result.usage, { sentAt, firstTextAt, endedAt }, g))
    ui(`${[usage, ...notes].join(style.dim(` ${g.separator} `))}\n${unanswered.length ? '' : '\n'}`)
  }
  return { status: result.status, result, unanswered }
}

/** One line saying what went wrong; a dropped connection says the partial answer was kept. */
function failureLine(kind: string, message: string, partial: boolean, cross: string): string {
  const text = oneLine(message)
  const kept = partial ? ' (the partial answer above is kept)' : ''
  if (kind === 'network') return `${cross} connection lost: ${text}${kept}`
  if (kind === 'timeout') return `${cross} timed out: ${text}${kept}`
  return `${cross} ${text}`
}
