// The MCP side of `chat --mcp`: connect the servers (the flags, then the profile's mcp-servers),
// offer their tools, and run each call the agent makes through MCP once it is approved: on a terminal each call is
// shown and asked about (once, always for this tool, no) unless --approve-tools; without one, --approve-tools is
// required (checked before anything starts). Calls of other tools go to --tool-handler, as before.
import type { ToolDefinition } from '../api/schemas/index.js'
import type { Approval } from '../chat/interactive/tool-approval.js'
import type { ChatToolCall } from '../chat/session.js'
import { errorText, runToolHandler, type ToolExecutor } from '../chat/tool-handler.js'
import type { Context } from '../context.js'
import { CancelledError } from '../errors.js'
import { connectLocalServers, needsApproveFlag, type LocalTool } from './local-tools.js'

/** Asks the user about one call (`shown` says which tool, its arguments and server); `signal`: the turn's cancel. */
export type AskApproval = (shown: string, toolName: string, signal?: AbortSignal) => Promise<Approval>

/** What the chat gets: the tool definitions to offer, the executor, and where each tool comes from (/tools). */
export interface ChatMcp {
  tools: ToolDefinition[]
  sources: LocalTool[]
  executor: ToolExecutor
  /** replaces how calls are asked about (the interactive chat owns the terminal: it asks through its own keys) */
  bindAsk(ask: AskApproval): void
}

/** How the chat asked for MCP tools. */
export interface ChatMcpOptions {
  approveTools: boolean
  toolHandler?: string | undefined
}

/** Connects the servers of `lines` (--mcp, then the profile's mcp-servers; the chat loads this module only when there are some). */
export async function chatMcpTools(ctx: Context, opts: ChatMcpOptions, lines: readonly string[]): Promise<ChatMcp> {
  if (!opts.approveTools && !ctx.io.canPrompt()) throw needsApproveFlag()
  const local = await connectLocalServers(lines, ctx.version)
  ctx.defer(() => local.close())
  const always = new Set<string>()
  let ask: AskApproval = async (shown, name) =>
    (await ctx.prompter('--approve-tools')).select<Approval>(`Run ${shown}?`, [
      { name: 'Yes, once', value: 'once' },
      { name: `Yes, and always ${name} in this chat`, value: 'always' },
      { name: 'No', value: 'no' },
    ])
  const approve = async (call: ChatToolCall, server: string, signal?: AbortSignal): Promise<boolean> => {
    const shown = `${call.function.name} ${call.function.arguments || '{}'}  (MCP: ${server})`
    if (opts.approveTools || always.has(call.function.name)) {
      ctx.info(`→ ${shown}`)
      return true
    }
    const answer = await ask(shown, call.function.name, signal)
    if (answer === 'always') always.add(call.function.name)
    return answer !== 'no'
  }
  const serverOf = new Map(local.tools.map((t) => [t.definition.function.name, t.server]))
  return {
    tools: local.tools.map((t) => t.definition),
    sources: local.tools,
    bindAsk: (fn) => {
      ask = fn
    },
    async executor(call, run) {
      const server = serverOf.get(call.function.name)
      if (server === undefined) {
        if (opts.toolHandler !== undefined) return runToolHandler(opts.toolHandler, call, run)
        return { ok: false, content: errorText(`no tool named ${call.function.name} here`), ms: 0 }
      }
      let allowed = false
      try {
        allowed = await approve(call, server, run.signal)
      } catch (err) {
        if (!(err instanceof CancelledError)) throw err
      }
      if (!allowed) return { ok: false, content: errorText('the user did not allow this tool call'), ms: 0 }
      return local.call(call, run)
    },
  }
}
