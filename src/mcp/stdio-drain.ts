// The end of stdin is how an MCP client over stdio says it is done (MCP spec "Lifecycle", Shutdown; in 2026-07-28
// too). A client that pipes a batch of requests closes stdin right after them: the requests already received are
// answered before the server stops. The SDK's stdio transport stops at once when stdin ends (aborting what is in
// flight), so it reads a stream of ours instead, which ends once every request received so far has been answered.
import { PassThrough } from 'node:stream'
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server'

const idOf = (m: JSONRPCMessage) => (m as { id?: string | number }).id
const isRequest = (m: JSONRPCMessage) => 'method' in m && idOf(m) !== undefined
const isResponse = (m: JSONRPCMessage) => !('method' in m) && idOf(m) !== undefined

/** Watches a connected transport; `drained()` resolves once every request received so far has been answered. */
function trackRequests(transport: Transport): { drained(): Promise<void> } {
  const pending = new Set<string | number>()
  const waiters: (() => void)[] = []
  const receive = transport.onmessage
  transport.onmessage = (m, extra) => {
    if (isRequest(m)) pending.add(idOf(m)!)
    receive?.(m, extra)
  }
  const send = transport.send.bind(transport)
  transport.send = async (m, opts) => {
    try {
      await send(m, opts)
    } finally {
      if (isResponse(m) && pending.delete(idOf(m)!) && pending.size === 0) for (const w of waiters.splice(0)) w()
    }
  }
  return {
    drained: () => (pending.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  }
}

/**
 * What the SDK's stdio transport reads instead of process.stdin: the same bytes, ended when stdin has ended and the
 * requests received by then are answered. `watch(transport)` is called once the serving entry has connected it.
 */
export function drainingStdin(stdin: NodeJS.ReadStream = process.stdin) {
  const input = new PassThrough()
  stdin.pipe(input, { end: false })
  return {
    input,
    watch(transport: Transport) {
      const requests = trackRequests(transport)
      stdin.once('end', () => void requests.drained().then(() => input.end()))
    },
    /** lets go of stdin (a run stopped by Ctrl-C or SIGTERM must not be kept alive by reading it) */
    stop() {
      stdin.unpipe(input)
      stdin.pause()
    },
  }
}
