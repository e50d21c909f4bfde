// `chat --mcp '<command args…>'`: local MCP servers (stdio transport, MCP spec "Transports") whose tools are offered
// to the agent as function tools (service-interface 2.3). A call the agent makes is sent to the server that offered
// the tool (tools/call) and its content becomes the tool result. The servers get only the SDK's default environment
// (PATH, HOME, …): the run's credentials and AGENTRY_* variables are not theirs to read.
// Servers of both eras (2026-07-28, 2025-11-25 and older): ./start-server.ts.
import type { Client } from '@modelcontextprotocol/client'
import type { ToolDefinition } from '../api/schemas/index.js'
import type { ToolRun } from '../chat/tool-handler.js'
import { errorText } from '../chat/tool-handler.js'
import type { ChatToolCall } from '../chat/session.js'
import { UsageError } from '../errors.js'
import { startStdioServer } from './start-server.js'

/** One tool of a local server. */
export interface LocalTool {
  definition: ToolDefinition
  /** the server's command line, to show where a tool comes from */
  server: string
}

/** The connected servers and their tools. */
export interface LocalTools {
  tools: LocalTool[]
  /** whether a tool of this name is one of theirs */
  has(name: string): boolean
  /** runs one call on its server; failures come back as `{"error": …}` results, never thrown */
  call(call: ChatToolCall, opts: { timeoutMs: number; signal?: AbortSignal | undefined }): Promise<ToolRun>
  close(): Promise<void>
}

/** Starts each server, lists its tools; a usage error names a server that cannot start or a tool name offered twice. */
export async function connectLocalServers(lines: readonly string[], version: string): Promise<LocalTools> {
  const clients: Client[] = []
  const byName = new Map<string, { tool: LocalTool; client: Client }>()
  const close = async () => {
    for (const c of clients) await c.close().catch(() => {})
  }
  try {
    for (const line of lines) {
      const client = await startStdioServer(line, version)
      clients.push(client)
      for (const t of (await client.listTools()).tools) {
        const other = byName.get(t.name)
        if (other)
          throw new UsageError(`--mcp: two servers offer a tool named ${t.name}: ${other.tool.server} and ${line}`)
        const definition: ToolDefinition = {
          type: 'function',
          function: {
            name: t.name,
            ...(t.description ? { description: t.description } : {}),
            parameters: t.inputSchema as Record<string, unknown>,
          },
        }
        byName.set(t.name, { tool: { definition, server: line }, client })
      }
    }
  } catch (err) {
    await close()
    throw err
  }
  return {
    tools: [...byName.values()].map((v) => v.tool),
    has: (name) => byName.has(name),
    close,
    async call(call, opts) {
      const started = performance.now()
      const ms = () => Math.round(performance.now() - started)
      const entry = byName.get(call.function.name)
      if (!entry) return { ok: false, content: errorText(`no MCP server offers ${call.function.name}`), ms: 0 }
      let args: unknown
      try {
        args = JSON.parse(call.function.arguments || '{}')
      } catch {
        return { ok: false, content: errorText('the arguments are not valid JSON'), ms: 0 }
      }
      try {
        const r = await entry.client.callTool(
          { name: call.function.name, arguments: args as Record<string, unknown> },
          { timeout: opts.timeoutMs, ...(opts.signal ? { signal: opts.signal } : {}) },
        )
        const text = resultText(r.content as unknown[], r.structuredContent)
        return r.isError ? { ok: false, content: errorText(text), ms: ms() } : { ok: true, content: text, ms: ms() }
      } catch (err) {
        const why = opts.signal?.aborted ? 'was cancelled' : (err as Error).message
        return { ok: false, content: errorText(`the MCP tool ${call.function.name} ${why}`), ms: ms() }
      }
    },
  }
}

/** The text of a tools/call result: its text parts joined; other parts (images, resources) as JSON. */
function resultText(content: unknown[] | undefined, structured: unknown): string {
  if ((!content || content.length === 0) && structured !== undefined) return JSON.stringify(structured)
  return (content ?? [])
    .map((p) => {
      const part = p as { type?: string; text?: string }
      return part.type === 'text' && typeof part.text === 'string' ? part.text : JSON.stringify(p)
    })
    .join('\n')
}

/** `--approve-tools` is needed when no one can be asked (exit 2 before anything starts). */
export function needsApproveFlag(): UsageError {
  return new UsageError(
    '--mcp tools need approval, and there is no terminal to ask on',
    'pass --approve-tools to let the agent run them without asking',
  )
}
