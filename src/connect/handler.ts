// One run of `agentry connect --handler`'s program for one task (docs/connect.md "The handler"): started without a
// shell (argv.ts), in its own process group, with the task as one JSON object on stdin and an environment without
// agentry's credentials (config/secret-env.ts, as for chat's --tool-handler). Its stdout is the answer: the first
// `maxOutputBytes` are kept (the rest is read and dropped: io/bounded-child.ts) and must be UTF-8. A timeout or a
// stop ends the whole group.
import { withoutSecrets } from '../config/secret-env.js'
import { runBounded } from '../io/bounded-child.js'

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
export async function runHandler(
  argv: readonly string[],
  input: string,
  opts: HandlerRunOptions,
): Promise<HandlerResult> {
  const r = await runBounded(argv[0]!, argv.slice(1), {
    timeoutMs: opts.timeoutMs,
    maxOutputBytes: opts.maxOutputBytes,
    stop: opts.stop,
    stderrTailBytes,
    input,
    spawn: { shell: false, cwd: opts.cwd, env: withoutSecrets(opts.env) },
  })
  const outcome: HandlerOutcome =
    r.startError !== undefined ? 'cannot-start' : (r.ended ?? (r.code === 0 ? 'ok' : 'failed'))
  return {
    outcome,
    exitCode: r.code,
    signal: r.signal,
    stdout: utf8(r.stdout, r.cut),
    cut: r.cut,
    bytes: r.bytes,
    stderrTail: r.stderr.toString('utf8').trim().split('\n').slice(-10).join('\n'),
    ...(r.startError !== undefined ? { startError: r.startError.code ?? r.startError.message } : {}),
    ms: r.ms,
  }
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
