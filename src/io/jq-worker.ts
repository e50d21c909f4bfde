// jq's side of `--jq` (src/io/jq.ts runs it): a worker thread that runs jq-wasm's Emscripten module (jq 1.7
// compiled to WebAssembly) once per request, on a fresh instance of the module compiled once. The worker runs this
// function's text (`new Worker(code, { eval: true })`): it refers to nothing outside itself, so that the same text
// runs from the npm build, the tests and the single executable (which has no worker file to point to).
//
// jq's standard streams are taken at its system calls (the imports fd_read and fd_write of its WebAssembly), not
// through Emscripten's byte-at-a-time devices, whose buffers jq-wasm grows by a copy per byte (quadratic in the
// output: `range(1e5)` took a minute): stdin is read from the request's bytes, stdout goes into a ring of shared
// memory as each result is printed (`--unbuffered`), which the main thread drains; a full ring makes jq wait, so a
// slow reader bounds the memory. The main thread stops a run by terminating the worker: WebAssembly in a loop is
// stopped too.

/** The ring's header: four Int32 slots before the data. */
export const jqRingHeader = 16
/** Slots of the header: bytes written, bytes read (both wrapping at 2^32), a counter bumped to wake the reader. */
export const jqSlot = { written: 0, read: 1, wake: 2 } as const

/** Runs in the worker: `workerData` is { glue: jq-wasm's jq.js text, ring: SharedArrayBuffer }. */
export function jqWorkerMain(): void {
  // Node's built-ins by getBuiltinModule, not `require`: a bundler would make that its own shim, not in the worker
  const builtin = (id: string) => process.getBuiltinModule(id)
  const { parentPort, workerData } = builtin('node:worker_threads') as typeof import('node:worker_threads')
  const { glue, ring } = workerData as { glue: string; ring: SharedArrayBuffer }
  const head = new Int32Array(ring, 0, 4)
  const data = new Uint8Array(ring, 16)
  const mask = data.length - 1 // a power of two
  /**
   * `from`'s bytes [start, end) into the ring, waiting while it is full; the reader is woken when it is half full (it
   * also looks every few ms). A result is a few bytes: those are copied one by one, without a view made for them.
   */
  const put = (from: Uint8Array, start: number, end: number) => {
    let at = start
    while (at < end) {
      const w = Atomics.load(head, 0)
      const r = Atomics.load(head, 1)
      const free = data.length - ((w - r) | 0)
      if (free === 0) {
        wake()
        Atomics.wait(head, 1, r)
        continue
      }
      const n = Math.min(free, end - at, data.length - (w & mask))
      const to = w & mask
      if (n < 64) for (let i = 0; i < n; i++) data[to + i] = from[at + i]!
      else data.set(from.subarray(at, at + n), to)
      Atomics.store(head, 0, (w + n) | 0)
      at += n
    }
    if (((Atomics.load(head, 0) - Atomics.load(head, 1)) | 0) > data.length / 2) wake()
  }
  const wake = () => {
    Atomics.add(head, 2, 1)
    Atomics.notify(head, 2)
  }
  // Emscripten's own notes ("Aborted()") go to console.error: jq's messages are taken at its stderr instead
  console.error = () => {}
  const loaded = { exports: {} as (arg: object) => Promise<{ callMain(args: string[]): number }> }
  new Function('module', 'exports', 'require', '__filename', '__dirname', glue)(
    loaded,
    loaded.exports,
    builtin,
    '/jq.js',
    '/',
  )
  const factory = loaded.exports
  const base64 = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/.exec(glue)?.[1]
  if (base64 === undefined) throw new Error('jq-wasm: no WebAssembly found in its jq.js')
  const wasm = new WebAssembly.Module(Buffer.from(base64, 'base64'))

  type Syscall = (fd: number, iov: number, iovcnt: number, pnum: number) => number
  /** One jq run over `input` (bytes) with `args`: jq's exit status and what it wrote to stderr. */
  const run = async (input: Uint8Array, args: string[]) => {
    let inputAt = 0
    let stderr = ''
    let memory: WebAssembly.Memory | undefined
    // views of jq's memory, made again when it grows (its buffer is then another)
    let heap = new Uint8Array(0)
    let words = new Uint32Array(0)
    const views = () => {
      if (heap.buffer !== memory!.buffer) {
        heap = new Uint8Array(memory!.buffer)
        words = new Uint32Array(memory!.buffer)
      }
    }
    // an iovec is two 32-bit words: pointer, length
    const fdWrite =
      (real: Syscall): Syscall =>
      (fd, iov, iovcnt, pnum) => {
        if (fd !== 1 && fd !== 2) return real(fd, iov, iovcnt, pnum)
        views()
        let n = 0
        for (let i = 0; i < iovcnt; i++) {
          const p = words[(iov >> 2) + 2 * i]!
          const len = words[(iov >> 2) + 2 * i + 1]!
          if (fd === 1) put(heap, p, p + len)
          else stderr += Buffer.from(heap.subarray(p, p + len)).toString('utf8')
          n += len
        }
        words[pnum >> 2] = n
        return 0
      }
    const fdRead =
      (real: Syscall): Syscall =>
      (fd, iov, iovcnt, pnum) => {
        if (fd !== 0) return real(fd, iov, iovcnt, pnum)
        views()
        let n = 0
        for (let i = 0; i < iovcnt; i++) {
          const p = words[(iov >> 2) + 2 * i]!
          const k = Math.min(words[(iov >> 2) + 2 * i + 1]!, input.length - inputAt)
          heap.set(input.subarray(inputAt, inputAt + k), p)
          inputAt += k
          n += k
        }
        words[pnum >> 2] = n
        return 0
      }
    const jq = await factory({
      thisProgram: 'jq',
      instantiateWasm(info: { a: Record<string, Syscall> }, receive: (i: WebAssembly.Instance) => void) {
        const imports = info.a
        const found = { write: false, read: false }
        for (const [key, fn] of Object.entries(imports)) {
          if (fn.name === '_fd_write') [imports[key], found.write] = [fdWrite(fn), true]
          if (fn.name === '_fd_read') [imports[key], found.read] = [fdRead(fn), true]
        }
        if (!found.write || !found.read) throw new Error("jq-wasm: its fd_read and fd_write imports aren't found")
        const instance = new WebAssembly.Instance(wasm, info as unknown as WebAssembly.Imports)
        memory = Object.values(instance.exports).find((v) => v instanceof WebAssembly.Memory) as WebAssembly.Memory
        receive(instance)
        return instance.exports
      },
    })
    let status: number
    try {
      status = jq.callMain(args)
    } catch (err) {
      // Emscripten's abort(): jq's memory (256 MiB in jq-wasm's build) ran out
      const message = err instanceof Error ? err.message : String(err)
      stderr = /Aborted/.test(message)
        ? 'jq ran out of memory (its WebAssembly build has 256 MiB): filter the input in smaller parts\n'
        : `jq stopped: ${message}\n`
      status = 1
    }
    return { status, stderr }
  }

  parentPort!.on('message', async ({ input, args }: { input: string; args: string[] }) => {
    const result = await run(Buffer.from(input, 'utf8'), args)
    wake()
    parentPort!.postMessage(result)
  })
}
