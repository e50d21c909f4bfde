// The shape of one account tool of `agentry mcp serve`: a name, the input schema (a zod shape the MCP SDK turns into
// JSON Schema), whether it only reads, and the function that runs it over the SDK resource layer.
import type * as z from '../../api/zod.js'
import type { Context } from '../../context.js'
import type { AgentryClient } from '../../sdk/client.js'
import type { McpToolName } from '../tool-names.js'

/** What a running tool call gets: the run's Context, its client, the MCP cancellation signal, a progress reporter. */
export interface ToolCall {
  ctx: Context
  sdk: AgentryClient
  /** aborted when the MCP client cancels the request (notifications/cancelled) */
  signal: AbortSignal
  /** sends notifications/progress when the client asked for them (a progressToken); a no-op otherwise */
  progress(progress: number, message?: string): Promise<void>
  /** the real paths of the folders `--upload-dir` allowed (../local-files.ts); empty when none was */
  uploadFolders: readonly string[]
}

/** One tool exposed over MCP. */
export interface AccountTool<S extends z.core.$ZodShape = z.core.$ZodShape> {
  /** declared in ../tool-names.ts, which gives the tools' order */
  name: McpToolName
  title: string
  description: string
  input: S
  /** the shape of the object it returns (MCP outputSchema: its structuredContent conforms), when it is fixed */
  output?: z.core.$ZodShape
  /** reads only (MCP annotation readOnlyHint); the others are left out by --read-only */
  readOnly: boolean
  /** its description names the account's agents or scenarios as they are now (../catalog.ts) */
  names?: 'agents' | 'scenarios'
  /** writes content records: offered only when the credential has CMS management access */
  cmsManagement?: boolean
  /** reads local files (only inside the --upload-dir folders): its description names them */
  readsLocalFiles?: true
  run(args: z.infer<z.ZodMiniObject<S>>, call: ToolCall): Promise<unknown>
}

/** Declares a tool with its argument types inferred from its input shape. */
export function defineTool<S extends z.core.$ZodShape>(tool: AccountTool<S>): AccountTool {
  return tool as unknown as AccountTool
}
