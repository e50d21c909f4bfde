// `--tool-handler <command>`: runs a local command (through the shell) for each tool call, with the call's arguments
// (a JSON text, service-interface 2.2) on stdin and AGENTRY_TOOL_NAME / AGENTRY_TOOL_CALL_ID in its environment, which
// holds none of our secrets (config/secret-env.ts) but those the user names with --tool-env;
// its stdout is the tool result. A failure (exit status, signal, timeout, no such command) is reported to the agent
// in the tool result as `{"error": …}` so the conversation goes on, and never throws — except a handler that cannot
// be started at all (no such command, not executable): that is the user's mistake, not the model's, so the run says
// so in `setupError` and the turn stops with it.
import { withoutSecrets } from '../config/secret-env.js'
import { UsageError } from '../errors.js'
import { runBounded } from '../io/bounded-child.js'
import type { ChatToolCall } from './session.js'

/** Most bytes of a handler's stdout kept as the tool result (more is cut, and the cut is said). */
const maxToolOutputBytes = 1024 * 1024

/** What one handler run gave. */
export interface ToolRun {
  ok: boolean
  content: string
  ms: number
  /** the handler could not be started: the turn stops with this error instead of sending the result */
  setupError?: UsageError
}

/** POSIX shells exit 127 for a command not found and 126 for one that cannot be executed (POSIX 2.8.2). */
const cannotStart = new Set([126, 127])

function setupError(command: string, why: string): UsageError {
  return new UsageError(
    `--tool-handler ${command}: the command could not be started (${why})`,
    'give a command the shell can run, e.g. --tool-handler ./handler.sh (executable) or --tool-handler "node handler.mjs"',
  )
}

/** How a handler runs. */
export interface ToolHandlerOptions {
  timeoutMs: number
  signal?: AbortSignal | undefined
  /** the environment it starts from (default: this process's), our secrets taken out except those in `passOn` */
  env?: NodeJS.ProcessEnv | undefined
  /** secret-bearing variables the user chose to hand to the handler (--tool-env NAME) */
  passOn?: readonly string[] | undefined
  cwd?: string | undefined
}

/** Runs one tool call (--tool-handler's command, an MCP server, …); failures come back as results, never thrown. */
export type ToolExecutor = (call: ChatToolCall, opts: ToolHandlerOptions) => Promise<ToolRun>

/** Runs the handler command for one call; resolves with the result text, or a JSON error text on failure. */
export async function runToolHandler(command: string, call: ChatToolCall, opts: ToolHandlerOptions): Promise<ToolRun> {
  const r = await runBounded(command, [], {
    timeoutMs: opts.timeoutMs,
    maxOutputBytes: maxToolOutputBytes,
    stop: opts.signal,
    stderrTailBytes: 4096, // only the tail matters for the error text
    input: call.function.arguments || '{}',
    spawn: {
      shell: true,
      cwd: opts.cwd,
      // never our secrets (API key, scenario and webhook secrets) unless the user passed one on: --tool-env NAME
      env: {
        ...withoutSecrets(opts.env ?? process.env, opts.passOn),
        AGENTRY_TOOL_NAME: call.function.name,
        AGENTRY_TOOL_CALL_ID: call.id,
      },
    },
  })
  if (r.startError !== undefined)
    return {
      ok: false,
      content: errorText(`could not run the tool handler: ${r.startError.message}`),
      ms: r.ms,
      setupError: setupError(command, r.startError.code ?? r.startError.message),
    }
  const why =
    r.ended === 'timeout'
      ? `timed out after ${opts.timeoutMs / 1000} s`
      : r.ended === 'stopped'
        ? 'was cancelled'
        : undefined
  if (why !== undefined || r.code !== 0) {
    const stderr = r.stderr.toString('utf8').trim().split('\n').slice(-5).join('\n')
    const status = why ?? (r.signal ? `was killed by ${r.signal}` : `exited with status ${r.code}`)
    const detail = stderr ? `: ${stderr}` : ''
    const run: ToolRun = { ok: false, content: errorText(`the tool handler ${status}${detail}`), ms: r.ms }
    if (why === undefined && r.code !== null && cannotStart.has(r.code) && r.bytes === 0)
      run.setupError = setupError(command, stderr || `exit status ${r.code}`)
    return run
  }
  let text = r.stdout.toString('utf8').replace(/\r?\n$/, '')
  if (r.cut) text += `\n[output cut at ${maxToolOutputBytes} bytes]`
  return { ok: true, content: text, ms: r.ms }
}

/** A tool result that reports a failure: serialized JSON, as tool results are (service-interface 2.1). */
export function errorText(message: string): string {
  return JSON.stringify({ error: message })
}
