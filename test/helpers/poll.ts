// The suite's one way to wait for something real (a process, a socket, a file, a server's state): poll for the
// condition with a deadline. A test file never sleeps on the real clock for a fixed time; time that the code under
// test measures is injected instead (a Context's `now` and `sleep`, the emulator's `now`, fake timers).

/** How a poll is bounded. */
export interface PollOptions {
  /** fail after this many ms (default 10 s) */
  timeoutMs?: number
  /** between two checks, in ms (default 10) */
  stepMs?: number
  /** named in the error when the deadline passes */
  what?: string
}

/** Resolves as soon as `check` holds (checked at once, then every stepMs); throws once the deadline has passed. */
export async function pollUntil(check: () => boolean | Promise<boolean>, opts: PollOptions = {}): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 10_000
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${opts.what ?? 'the condition'} did not hold within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, opts.stepMs ?? 10))
  }
}
