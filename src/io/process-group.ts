// A child started with `detached: true` leads a process group of its own (on POSIX): a stop reaches it and whatever it
// started (a shell's pipeline, a script's children). The one way chat's --tool-handler and connect's handler end one.
import type { ChildProcess } from 'node:child_process'

/** Sends `signal` to the child's whole process group (the child alone on Windows); a child already gone is fine. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, signal)
    else child.kill(signal)
  } catch {}
}
