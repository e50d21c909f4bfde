// The list tools of `agentry mcp serve` (list_<noun>: one for each list declared with an `mcp:` tool name, as
// `declaredLists` of src/api/routes.gen.ts shows them), derived from the lists declared with their operation (`list:`
// and `mcp:`, src/lists/declared.ts) that `agentry <group> list` comes from too: the name is the declared tool, the
// title the list's summary, the input its ids and the contract's page query; a call is one page.
import { declaredList, type ListName } from '../../lists/declared.js'
import type { declaredLists } from '../../api/routes.gen.js'
import { type PageQuery, pageQuery } from '../../api/contract/paging.js'
import * as z from '../../api/zod.js'
import type { McpToolName } from '../tool-names.js'
import { type AccountTool, defineTool } from './types.js'

/** The lists declared with an MCP tool. */
type ServedList = { [N in ListName]: (typeof declaredLists)[N] extends { mcp: string } ? N : never }[ListName]

/** The declared tool of list N: one page of the list (`{page, items}`); pass page for the next. */
export function listTool(name: ServedList): AccountTool {
  const list = declaredList(name)
  const idShape = Object.entries(list.params).map(([name, help]) => [
    name,
    z
      .string()
      .check(z.minLength(1, `${name} is required`))
      .check(z.describe(String(help))),
  ])
  return defineTool({
    // the declared tool's name (checked against ../tool-names.ts when the server's module loads)
    name: (list.mcp ?? `list_${list.noun}`) as McpToolName,
    title: list.summary,
    description: `${list.summary} (one page; pass page for the next).`,
    input: { ...Object.fromEntries(idShape), ...pageQuery.shape },
    output: { page: z.int(), items: z.array(z.looseObject({})) },
    readOnly: true,
    async run(args, { sdk }) {
      // the ids are strings and page, limit whole numbers: the input shape above, checked by the MCP SDK
      const { page, limit, ...ids } = args as PageQuery & Record<string, string>
      const items: unknown[] = []
      for await (const item of list.list(sdk, ids, { page, limit }).firstPage()) items.push(item)
      return { page: page ?? 1, items }
    },
  })
}
