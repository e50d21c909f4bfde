// The end of stdin is how an MCP client over stdio says it is done (MCP spec 2025-06-18 "Lifecycle", Shutdown). A
// client that pipes a batch of requests closes stdin right after them: the requests already received are answered
// before the server stops. This counts them at the transport, from each request in to its response out.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

const idOf = (m: JSONRPCMessage) => (m as { id?: string | number }).id
const isRequest = (m: JSONRPCMessage) => 'method' in m && idOf(m) !== undefined
const isResponse = (m: JSONRPCMessage) => !('method' in m) && idOf(m) !== undefined

/** Watches a connected transport; `drained()` resolves once every request received so far has been answered. */
export function trackRequests(transport: Transport): { drained(): Promise<void> } {
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
