// One run of `agentry connect --handler`'s program for one task (docs/connect.md "The handler"): started without a
// shell (argv.ts), in its own process group, with the task as one JSON object on stdin and an environment without
// agentry's credentials (config/secret-env.ts, as for chat's --tool-handler). Its stdout is the answer: the first
// `maxOutputBytes` are kept (the rest is read and dropped, so a handler that prints 100 MB neither blocks nor fills
// memory) and must be UTF-8. A timeout or a stop ends the whole group: SIGTERM, then SIGKILL 2 s later.
import { spawn } from 'node:child_process'
import { withoutSecrets } from '../config/secret-env.js'
import { signalGroup } from '../io/process-group.js'

/** How a run ended. */
type HandlerOutcome = 'ok' | 'failed' | 'timeout' | 'stopped' | 'cannot-start'

/** What one run gave. */
export interface HandlerResult {
  outcome: HandlerOutcome
  /** the exit status, when it exited */
  exitCode: number | null
  /** the signal that ended it, when one did */
  signal: NodeJS.Signals | null
  /** its stdout as text (up to the bound), or undefined when it was not UTF-8 */
  stdout: string | undefined
  /** stdout went past the bound: the rest was dropped */
  cut: boolean
  /** bytes of stdout in all */
  bytes: number
  /** the last lines of its stderr (up to 4 KiB) */
  stderrTail: string
  /** why it could not start (ENOENT, EACCES) */
  startError?: string
  ms: number
}

/** How a run is made. */
export interface HandlerRunOptions {
  timeoutMs: number
  maxOutputBytes: number
  /** stops the run (the worker is shutting down after its grace) */
  stop: AbortSignal
  /** the environment it starts from; agentry's secrets are taken out */
  env: NodeJS.ProcessEnv
  cwd?: string | undefined
}

/** Most bytes of stderr kept for the answer of a failed run. */
const stderrTailBytes = 4096

/** Runs the handler once; never throws. */
export function runHandler(argv: readonly string[], input: string, opts: HandlerRunOptions): Promise<HandlerResult> {
  const started = performance.now()
  return new Promise((resolve) => {
    const kept: Buffer[] = []
    let bytes = 0
    const errs: Buffer[] = []
    let errBytes = 0
    let ended: 'timeout' | 'stopped' | undefined
    let startError: string | undefined
    const child = spawn(argv[0]!, argv.slice(1), {
      shell: false,
      detached: process.platform !== 'win32',
      cwd: opts.cwd,
      env: withoutSecrets(opts.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const kill = (signal: NodeJS.Signals) => signalGroup(child, signal)
    const end = (why: 'timeout' | 'stopped') => {
      ended ??= why
      kill('SIGTERM')
      setTimeout(() => kill('SIGKILL'), 2000).unref()
    }
    const timer = setTimeout(() => end('timeout'), opts.timeoutMs)
    const onStop = () => end('stopped')
    if (opts.stop.aborted) onStop()
    else opts.stop.addEventListener('abort', onStop, { once: true })
    child.stdout.on('data', (b: Buffer) => {
      const room = opts.maxOutputBytes - Math.min(bytes, opts.maxOutputBytes)
      if (room > 0) kept.push(room >= b.length ? b : b.subarray(0, room))
      bytes += b.length
    })
    child.stderr.on('data', (b: Buffer) => {
      errs.push(b)
      errBytes += b.length
      while (errBytes > stderrTailBytes && errs.length > 1) errBytes -= errs.shift()!.length
    })
    child.stdin.on('error', () => {}) // a handler that does not read its stdin closes the pipe early: fine
    child.stdin.end(input)
    child.on('error', (e) => {
      startError = (e as NodeJS.ErrnoException).code ?? e.message
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      opts.stop.removeEventListener('abort', onStop)
      const cut = bytes > opts.maxOutputBytes
      const out = Buffer.concat(kept)
      const tail = Buffer.concat(errs).subarray(-stderrTailBytes).toString('utf8').trim()
      const outcome: HandlerOutcome =
        startError !== undefined ? 'cannot-start' : (ended ?? (code === 0 ? 'ok' : 'failed'))
      resolve({
        outcome,
        exitCode: code,
        signal,
        stdout: utf8(out, cut),
        cut,
        bytes,
        stderrTail: tail.split('\n').slice(-10).join('\n'),
        ...(startError !== undefined ? { startError } : {}),
        ms: Math.round(performance.now() - started),
      })
    })
  })
}

/** The bytes as text, or undefined when they are not UTF-8 (a character cut by the bound is dropped, not refused). */
function utf8(bytes: Buffer, cut: boolean): string | undefined {
  let end = bytes.length
  if (cut) {
    // back to the start of the last character, then keep it only when it is whole
    let i = end - 1
    while (i > 0 && i > end - 4 && (bytes[i]! & 0xc0) === 0x80) i--
    const lead = bytes[i]!
    const size = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
    if (i + size > end) end = i
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end))
  } catch {
    return undefined
  }
}
