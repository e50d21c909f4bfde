// `--jq <expression>`: the JSON a command prints, filtered by jq itself (jq-wasm: jq compiled to WebAssembly, real
// jq semantics), as gh's --jq does: strings print raw (jq -r), everything else as compact JSON, one result a line.
// jq runs in a worker thread (src/io/jq-worker.ts says how): what it prints is written as it comes, result by
// result, through a bounded ring of shared memory, and Ctrl-C or SIGTERM (the run's abort signal) terminates the
// worker, endless programs included. jq loads only when the flag is given: never on the start-up path of any other
// run.
import type { Worker } from 'node:worker_threads'
import { CancelledError, CliError, UsageError } from '../errors.js'
import { loadJqGlue } from './jq-load.js'
import { jqRingHeader, jqSlot, jqWorkerMain } from './jq-worker.js'

/** 1 MiB of jq's output in flight at most: jq waits while the ring is full. */
const ringBytes = 1 << 20
/** How often the reader looks into the ring when jq has not woken it (jq wakes it when the ring is half full). */
const pollMs = 5

interface JqThread {
  worker: Worker
  head: Int32Array
  data: Uint8Array
  /** set when the worker fails or exits: every run of it ends */
  failed?: Error
}
let thread: JqThread | undefined
/** The runs, one after another (one worker, one ring). */
let queue: Promise<unknown> = Promise.resolve()

/** The worker, started on first use and kept (unref'd) for the process's later runs. */
async function jqThread(): Promise<JqThread> {
  if (thread && !thread.failed) return thread
  const { Worker } = await import('node:worker_threads')
  const ring = new SharedArrayBuffer(jqRingHeader + ringBytes)
  const worker = new Worker(`(${jqWorkerMain.toString()})()`, {
    eval: true,
    workerData: { glue: loadJqGlue(), ring },
    // jq's own memory is capped by its build (256 MiB); the worker needs no more of V8's
    stdout: false,
    stderr: false,
  })
  worker.unref()
  const t: JqThread = { worker, head: new Int32Array(ring, 0, 4), data: new Uint8Array(ring, jqRingHeader) }
  const fail = (err: Error) => {
    t.failed ??= err
    Atomics.notify(t.head, jqSlot.wake)
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`jq's worker ended (${code})`)))
  thread = t
  return t
}

interface JqResult {
  status: number
  stderr: string
}

/**
 * Runs jq over `input` with `args`; every complete line it prints goes to `write` as it comes. Aborting `signal`
 * terminates the worker (the next run starts another) and rejects with CancelledError.
 */
function jqRun(
  input: string,
  args: string[],
  write: (text: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<JqResult> {
  const next = queue.then(() => runOnce(input, args, write, signal))
  queue = next.catch(() => undefined)
  return next
}

async function runOnce(
  input: string,
  args: string[],
  write: (text: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<JqResult> {
  if (signal?.aborted) throw new CancelledError()
  const t = await jqThread()
  const { head, data, worker } = t
  const mask = data.length - 1
  let result: JqResult | undefined
  const onMessage = (r: JqResult) => {
    result = r
  }
  const onAbort = () => {
    t.failed ??= new CancelledError()
    void worker.terminate()
    Atomics.notify(head, jqSlot.wake)
  }
  worker.on('message', onMessage)
  signal?.addEventListener('abort', onAbort)
  worker.ref()
  let carry: Buffer = Buffer.alloc(0)
  try {
    worker.postMessage({ input, args })
    for (;;) {
      const wake = Atomics.load(head, jqSlot.wake)
      if (t.failed) throw t.failed
      const w = Atomics.load(head, jqSlot.written)
      const r = Atomics.load(head, jqSlot.read)
      if (w !== r) {
        const n = Math.min((w - r) | 0, data.length - (r & mask))
        const chunk = Buffer.concat([carry, data.subarray(r & mask, (r & mask) + n)])
        Atomics.store(head, jqSlot.read, (r + n) | 0)
        Atomics.notify(head, jqSlot.read)
        // whole lines only: a line is one result (or one line of a raw string), never cut inside a character
        const end = chunk.lastIndexOf(10) + 1
        carry = chunk.subarray(end)
        if (end > 0) await write(chunk.toString('utf8', 0, end))
        continue
      }
      if (result) break
      const waiting = Atomics.waitAsync(head, jqSlot.wake, wake, pollMs)
      if (waiting.async) await waiting.value
    }
    if (carry.length > 0) await write(`${carry.toString('utf8')}\n`)
    return result
  } finally {
    signal?.removeEventListener('abort', onAbort)
    worker.off('message', onMessage)
    if (!t.failed) worker.unref()
  }
}

/** jq's own message, without its `jq: error: ` lead and the compile-error count line. */
function jqMessage(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^jq: \d+ compile errors?$/.test(l.trim()))
    .join('\n')
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .trimEnd()
}

const ignore = async () => {}

/** Refuses an expression jq cannot compile (a usage error with jq's message), before anything is sent. */
export async function checkJq(expression: string, signal?: AbortSignal): Promise<void> {
  // compiled, never run: a run-time error depends on the real input, and an endless expression must not hang here
  const check = await jqRun('null', [`if false then (${expression}\n) else empty end`], ignore, signal)
  if (check.status === 0) return
  // jq's message about the expression as written (a compile error stops jq before it runs anything)
  const plain = await jqRun('null', [expression], ignore, signal)
  const message = plain.status === 0 ? 'the expression does not compile' : plain.stderr
  throw new UsageError(`--jq: ${jqMessage(message)}`, jqHint)
}

const jqHint = "the expression is jq's own (https://jqlang.org/manual/); quote it for the shell: --jq '.[].id'"

/**
 * The output of `expression` over a JSON text, written as it comes: strings raw, other values compact JSON, a line
 * each. A run-time error of jq, after what it printed before it: a CliError with jq's message.
 */
export async function runJq(
  expression: string,
  json: string,
  write: (text: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const { status, stderr } = await jqRun(json, ['-M', '-r', '-c', '--unbuffered', expression], write, signal)
  if (status !== 0) throw new CliError(`--jq: ${jqMessage(stderr || `jq exited with ${status}`)}`)
}
