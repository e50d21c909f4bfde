// One IOStreams object for the whole run (after gh's iostreams): the streams, whether each is a terminal, colour,
// width, and whether we may prompt. Everything that writes goes through it, so tests can swap it for a fake.

/** A writable sink: process.stdout/stderr or a test buffer. */
export interface Sink {
  write(chunk: string | Uint8Array): boolean
  once?(event: 'drain', cb: () => void): unknown
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
  stdin: IOStreams['stdin']
  stdout: Sink & { isTTY?: boolean; columns?: number }
  stderr: Sink & { isTTY?: boolean; columns?: number }
  env: NodeJS.ProcessEnv
}): IOStreams {
  let noColor = false
  const { stdin, stdout, stderr, env } = init
  const isCI = Boolean(env.CI && env.CI !== 'false' && env.CI !== '0')
  const stdinIsTTY = Boolean(stdin.isTTY)
  const stdoutIsTTY = Boolean(stdout.isTTY)
  const stderrIsTTY = Boolean(stderr.isTTY)
  return {
    stdin,
    stdout,
    stderr,
    stdinIsTTY,
    stdoutIsTTY,
    stderrIsTTY,
    isCI,
    columns: () => stdout.columns || stderr.columns || Number(env.COLUMNS) || 80,
    colorStdout: () => colorWanted(env, stdoutIsTTY, noColor),
    colorStderr: () => colorWanted(env, stderrIsTTY, noColor),
    canPrompt: () => stdinIsTTY && stderrIsTTY && !isCI,
    canAnimate: () => stderrIsTTY && !isCI && env.TERM !== 'dumb',
    disableColor: () => {
      noColor = true
    },
  }
}

/** IOStreams over the process's own stdin, stdout and stderr. */
export function systemIO(): IOStreams {
  return createIO({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env })
}

/** Writes to a sink and waits for it to drain when its buffer is full (back-pressure for large outputs). */
export async function writeAll(sink: Sink, chunk: string | Uint8Array): Promise<void> {
  if (sink.write(chunk) || !sink.once) return
  await new Promise<void>((resolve) => sink.once?.('drain', resolve))
}

/** Reads all of stdin as bytes. */
export async function readAllStdin(io: IOStreams): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const chunk of io.stdin) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk))
  return Buffer.concat(parts)
}
