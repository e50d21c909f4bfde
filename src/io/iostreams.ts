// One IOStreams object for the whole run (after gh's iostreams): the streams, whether each is a terminal, colour,
// width, and whether we may prompt. Everything that writes goes through it, so tests can swap it for a fake.
import { fstatSync } from 'node:fs'
import { CliError } from '../errors.js'
import { parseWholeNumber } from '../text/whole-number.js'

/** A writable sink: process.stdout/stderr or a test buffer. */
export interface Sink {
  write(chunk: string | Uint8Array): boolean
  once?(event: 'drain' | 'close' | 'error', cb: (err?: Error) => void): unknown
  off?(event: 'drain' | 'close' | 'error', cb: (err?: Error) => void): unknown
  /** set once the stream is gone (node:stream Writable) */
  readonly destroyed?: boolean
  /** the error that broke the stream, e.g. EPIPE when the reader of a pipe went away (node:stream Writable) */
  readonly errored?: Error | null
}

/** The reader of stdout went away (`agentry … | head`: EPIPE); the run ends quietly (docs/exit-codes.md). */
export class OutputClosedError extends Error {
  constructor(cause?: unknown) {
    super('the output was closed by its reader', { cause })
    this.name = 'OutputClosedError'
  }
}

/** The process's streams and what they are attached to. */
export interface IOStreams {
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (on: boolean) => unknown }
  readonly stdout: Sink
  readonly stderr: Sink
  readonly stdinIsTTY: boolean
  readonly stdoutIsTTY: boolean
  readonly stderrIsTTY: boolean
  /** true when running under CI (env CI set): no prompts, no spinners */
  readonly isCI: boolean
  /** terminal width in columns (80 when unknown) */
  columns(): number
  /** the width a table may take when stdout is not a terminal: COLUMNS, else unbounded (Infinity) */
  pipedColumns?(): number
  /** colour on stdout (NO_COLOR, FORCE_COLOR, --no-color and TTY respected) */
  colorStdout(): boolean
  /** colour on stderr */
  colorStderr(): boolean
  /** may we ask the user something? (stdin and stderr are terminals, not CI) */
  canPrompt(): boolean
  /** may we show spinners/progress on stderr? */
  canAnimate(): boolean
  /** forces colour off (the --no-color flag) */
  disableColor(): void
}

function colorWanted(env: NodeJS.ProcessEnv, isTTY: boolean, disabled: boolean): boolean {
  if (disabled) return false
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false'
  if (env.TERM === 'dumb') return false
  return isTTY
}

/** Builds IOStreams over given streams; `systemIO()` uses the process's own. */
export function createIO(init: {
  /** the stream, or a function that makes it on first use (process.stdin costs ~4 ms to create) */
  stdin: IOStreams['stdin'] | (() => IOStreams['stdin'])
  /** whether stdin is a terminal, when `stdin` is a function */
  stdinIsTTY?: boolean
  stdout: Sink & { isTTY?: boolean; columns?: number }
  stderr: Sink & { isTTY?: boolean; columns?: number }
  env: NodeJS.ProcessEnv
}): IOStreams {
  let noColor = false
  const { stdout, stderr, env } = init
  let stdinStream = typeof init.stdin === 'function' ? undefined : init.stdin
  const makeStdin = typeof init.stdin === 'function' ? init.stdin : undefined
  const isCI = Boolean(env.CI && env.CI !== 'false' && env.CI !== '0')
  const stdinIsTTY = Boolean(init.stdinIsTTY ?? stdinStream?.isTTY)
  const stdoutIsTTY = Boolean(stdout.isTTY)
  const stderrIsTTY = Boolean(stderr.isTTY)
  return {
    get stdin() {
      stdinStream ??= makeStdin!()
      return stdinStream
    },
    stdout,
    stderr,
    stdinIsTTY,
    stdoutIsTTY,
    stderrIsTTY,
    isCI,
    columns: () => stdout.columns || stderr.columns || envColumns(env) || 80,
    pipedColumns: () => envColumns(env) ?? Number.POSITIVE_INFINITY,
    colorStdout: () => colorWanted(env, stdoutIsTTY, noColor),
    colorStderr: () => colorWanted(env, stderrIsTTY, noColor),
    canPrompt: () => stdinIsTTY && stderrIsTTY && !isCI,
    canAnimate: () => stderrIsTTY && !isCI && env.TERM !== 'dumb',
    disableColor: () => {
      noColor = true
    },
  }
}

/** COLUMNS as the one number parser reads it (`1e2`, ` 80` or `0` are no width: then it is ignored). */
export function envColumns(env: NodeJS.ProcessEnv): number | undefined {
  const n = parseWholeNumber(env.COLUMNS ?? '', { min: 1 })
  return typeof n === 'number' ? n : undefined
}

/**
 * Whether a file descriptor is a terminal. A terminal is a character device: anything else (a pipe, a file) is told
 * apart without loading node:tty (and node:net with it, ~2 ms of every run with stdin not a terminal).
 */
function isTerminal(fd: number): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false
  } catch {
    return false
  }
  return (process.getBuiltinModule('node:tty') as typeof import('node:tty')).isatty(fd)
}

/** IOStreams over the process's own stdin, stdout and stderr. */
export function systemIO(): IOStreams {
  return createIO({
    stdin: () => process.stdin,
    stdinIsTTY: isTerminal(0),
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  })
}

/**
 * Writes to a sink and waits for it to drain when its buffer is full (back-pressure for large outputs). A broken
 * sink never drains, so it rejects instead of waiting: OutputClosedError when the reader went away (EPIPE).
 */
export async function writeAll(sink: Sink, chunk: string | Uint8Array): Promise<void> {
  throwIfBroken(sink)
  if (sink.write(chunk) || !sink.once) return
  // a pipe fails synchronously (EPIPE is set before write() returns), its 'error' event comes a tick later
  throwIfBroken(sink)
  await new Promise<void>((resolve, reject) => {
    const settle = (err?: Error) => {
      sink.off?.('drain', onDrain)
      sink.off?.('error', onError)
      sink.off?.('close', onClose)
      if (err) reject(err)
      else resolve()
    }
    const onDrain = () => settle()
    const onError = (e?: Error) => settle(brokenError(e))
    const onClose = () => settle(new OutputClosedError())
    sink.once?.('drain', onDrain)
    sink.once?.('error', onError)
    sink.once?.('close', onClose)
  })
}

function throwIfBroken(sink: Sink): void {
  if (sink.errored) throw brokenError(sink.errored)
  if (sink.destroyed) throw new OutputClosedError()
}

/** EPIPE (and the writes refused after it) mean the reader left; anything else (ENOSPC, EIO) is a real failure. */
function brokenError(e: Error | undefined): Error {
  const code = (e as NodeJS.ErrnoException | undefined)?.code
  if (code === undefined || code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') return new OutputClosedError(e)
  return new CliError(`cannot write the output: ${e?.message ?? code}`, { cause: e })
}

/** Reads all of stdin as bytes, at most `limit` (default: the service's body limit); `what` names it in the error. */
export async function readAllStdin(io: IOStreams, what = 'stdin', limit?: number): Promise<Buffer> {
  const { readBounded } = await import('./arg-file.js')
  return readBounded(io.stdin as AsyncIterable<string | Uint8Array>, what, limit)
}

/** Reads all of stdin as UTF-8 text (src/io/utf8-text.ts: a byte that is not UTF-8 is a usage error naming `what`). */
export async function readStdinText(io: IOStreams, what = 'stdin', limit?: number): Promise<string> {
  const bytes = await readAllStdin(io, what, limit)
  const { decodeUtf8 } = await import('./utf8-text.js')
  return decodeUtf8(bytes, what)
}
