// `--tool-handler <command>`: runs a local command (through the shell) for each tool call, with the call's arguments
// (a JSON text, service-interface 2.2) on stdin and AGENTRY_TOOL_NAME / AGENTRY_TOOL_CALL_ID in its environment, which
// holds none of our secrets (config/secret-env.ts) but those the user names with --tool-env;
// its stdout is the tool result. A failure (exit status, signal, timeout, no such command) is reported to the agent
// in the tool result as `{"error": …}` so the conversation goes on, and never throws — except a handler that cannot
// be started at all (no such command, not executable): that is the user's mistake, not the model's, so the run says
// so in `setupError` and the turn stops with it.
import { spawn } from 'node:child_process'
import { withoutSecrets } from '../config/secret-env.js'
import { UsageError } from '../errors.js'
import { signalGroup } from '../io/process-group.js'
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
export function runToolHandler(command: string, call: ChatToolCall, opts: ToolHandlerOptions): Promise<ToolRun> {
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    const out: Buffer[] = []
    let outBytes = 0
    let cut = false
    const err: Buffer[] = []
    let errBytes = 0
    let why: string | undefined
    let settled = false
    const child = spawn(command, {
      shell: true,
      // its own process group, so that a timeout or a cancel can stop the command and everything it started
      detached: process.platform !== 'win32',
      cwd: opts.cwd,
      // never our secrets (API key, scenario and webhook secrets) unless the user passed one on: --tool-env NAME
      env: {
        ...withoutSecrets(opts.env ?? process.env, opts.passOn),
        AGENTRY_TOOL_NAME: call.function.name,
        AGENTRY_TOOL_CALL_ID: call.id,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const kill = (signal: NodeJS.Signals) => signalGroup(child, signal)
    const stop = (reason: string) => {
      why ??= reason
      kill('SIGTERM')
      setTimeout(() => kill('SIGKILL'), 2000).unref()
    }
    const timer = setTimeout(() => stop(`timed out after ${opts.timeoutMs / 1000} s`), opts.timeoutMs)
    timer.unref()
    const onAbort = () => stop('was cancelled')
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    const finish = (run: ToolRun) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      opts.signal?.removeEventListener('abort', onAbort)
      resolve(run)
    }
    child.stdout.on('data', (b: Buffer) => {
      if (outBytes + b.length > maxToolOutputBytes) {
        cut = true
        b = b.subarray(0, Math.max(0, maxToolOutputBytes - outBytes))
      }
      outBytes += b.length
      if (b.length) out.push(b)
    })
    child.stderr.on('data', (b: Buffer) => {
      // only the tail matters for the error text
      err.push(b)
      errBytes += b.length
      while (errBytes > 4096 && err.length > 1) errBytes -= err.shift()!.length
    })
    child.stdin.on('error', () => {}) // a handler that does not read its stdin closes the pipe early: fine
    child.stdin.end(call.function.arguments || '{}')
    child.on('error', (e) =>
      finish({
        ok: false,
        content: errorText(`could not run the tool handler: ${e.message}`),
        ms: ms(),
        setupError: setupError(command, (e as NodeJS.ErrnoException).code ?? e.message),
      }),
    )
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-5).join('\n')
      if (why !== undefined || code !== 0) {
        const status = why ?? (signal ? `was killed by ${signal}` : `exited with status ${code}`)
        const detail = stderr ? `: ${stderr}` : ''
        const run: ToolRun = { ok: false, content: errorText(`the tool handler ${status}${detail}`), ms: ms() }
        if (why === undefined && code !== null && cannotStart.has(code) && outBytes === 0)
          run.setupError = setupError(command, stderr || `exit status ${code}`)
        finish(run)
        return
      }
      let text = Buffer.concat(out)
        .toString('utf8')
        .replace(/\r?\n$/, '')
      if (cut) text += `\n[output cut at ${maxToolOutputBytes} bytes]`
      finish({ ok: true, content: text, ms: ms() })
    })
  })
}

/** A tool result that reports a failure: serialized JSON, as tool results are (service-interface 2.1). */
export function errorText(message: string): string {
  return JSON.stringify({ error: message })
}
