// One run of a program given to agentry by the user (chat's --tool-handler, connect's --handler): started in a
// process group of its own (`detached`, on POSIX), so that a timeout or a stop reaches it and whatever it started;
// its input written to stdin; the first `maxOutputBytes` of its stdout kept (the rest read and dropped, so a program
// that prints 100 MB neither blocks nor fills memory) and the last bytes of its stderr. A timeout or a stop ends the
// whole group: SIGTERM, then SIGKILL 2 s later. The callers word what the run means.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'

/** What one run gave. */
export interface BoundedRun {
  /** the exit status, when it exited */
  code: number | null
  /** the signal that ended it, when one did */
  signal: NodeJS.Signals | null
  /** why agentry ended it, when it did */
  ended?: 'timeout' | 'stopped'
  /** why it could not start (its `code`: ENOENT, EACCES) */
  startError?: NodeJS.ErrnoException
  /** its stdout, up to the bound */
  stdout: Buffer
  /** bytes of stdout in all */
  bytes: number
  /** stdout went past the bound: the rest was dropped */
  cut: boolean
  /** the end of its stderr (about `stderrTailBytes`) */
  stderr: Buffer
  ms: number
}

/** How a run is made. */
export interface BoundedRunOptions {
  timeoutMs: number
  maxOutputBytes: number
  /** stops the run */
  stop?: AbortSignal | undefined
  /** the bytes of stderr kept from its end */
  stderrTailBytes: number
  /** what goes to its stdin */
  input: string
  /** how it is spawned (cwd, env, shell); stdio and the process group are this module's */
  spawn: Pick<SpawnOptions, 'cwd' | 'env' | 'shell'>
}

/** Sends `signal` to the child's whole process group (the child alone on Windows); a child already gone is fine. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, signal)
    else child.kill(signal)
  } catch {}
}

/** Runs `command` (with `args`) once; never throws. */
export function runBounded(command: string, args: readonly string[], opts: BoundedRunOptions): Promise<BoundedRun> {
  const started = performance.now()
  return new Promise((resolve) => {
    const kept: Buffer[] = []
    let bytes = 0
    const errs: Buffer[] = []
    let errBytes = 0
    let ended: 'timeout' | 'stopped' | undefined
    let settled = false
    const child = spawn(command, args, {
      ...opts.spawn,
      detached: process.platform !== 'win32',
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const end = (why: 'timeout' | 'stopped') => {
      ended ??= why
      signalGroup(child, 'SIGTERM')
      setTimeout(() => signalGroup(child, 'SIGKILL'), 2000).unref()
    }
    const timer = setTimeout(() => end('timeout'), opts.timeoutMs)
    timer.unref()
    const onStop = () => end('stopped')
    if (opts.stop?.aborted) onStop()
    else opts.stop?.addEventListener('abort', onStop, { once: true })
    const finish = (run: Omit<BoundedRun, 'stdout' | 'bytes' | 'cut' | 'stderr' | 'ms'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      opts.stop?.removeEventListener('abort', onStop)
      const stderr = Buffer.concat(errs)
      resolve({
        ...run,
        ...(ended !== undefined ? { ended } : {}),
        stdout: Buffer.concat(kept),
        bytes,
        cut: bytes > opts.maxOutputBytes,
        stderr: stderr.subarray(Math.max(0, stderr.length - opts.stderrTailBytes)),
        ms: Math.round(performance.now() - started),
      })
    }
    child.stdout?.on('data', (b: Buffer) => {
      const room = opts.maxOutputBytes - Math.min(bytes, opts.maxOutputBytes)
      if (room > 0) kept.push(room >= b.length ? b : b.subarray(0, room))
      bytes += b.length
    })
    child.stderr?.on('data', (b: Buffer) => {
      errs.push(b)
      errBytes += b.length
      while (errBytes > opts.stderrTailBytes && errs.length > 1) errBytes -= errs.shift()!.length
    })
    child.stdin?.on('error', () => {}) // a program that does not read its stdin closes the pipe early: fine
    child.stdin?.end(opts.input)
    child.on('error', (e) => finish({ code: null, signal: null, startError: e }))
    child.on('close', (code, signal) => finish({ code, signal }))
  })
}
