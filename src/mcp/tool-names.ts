// The tools of `agentry mcp serve`, by name, grouped and in the order tools/list shows them: the one declaration of
// that order and of the list `mcp serve --help` prints. server.ts orders the defined tools by it (a defined tool it
// does not name, or a name no tool defines, stops the server's module from loading); the command's help is made
// from it. Zod-free and SDK-free, so that `--help` loads nothing else.

/** The groups, in order, each with its tools in order. */
const mcpToolGroups = [
  ['agents', ['list_agents', 'chat', 'ask_agent']],
  ['scenarios', ['list_scenarios', 'list_executions', 'run_scenario', 'trigger_webhook']],
  ['record types', ['list_record_types', 'get_record_types', 'get_record_type']],
  ['CMS records', ['cms_query', 'cms_search', 'cms_get', 'cms_save', 'cms_publish', 'cms_unpublish', 'cms_delete']],
  ['files', ['list_files', 'upload_file']],
  ['sites', ['list_sites', 'list_pages']],
  ['images', ['analyze_image', 'generate_image']],
] as const

/** The name of one tool of `mcp serve`. */
export type McpToolName = (typeof mcpToolGroups)[number][1][number]

/** Every tool's name, in the order tools/list shows them. */
export const mcpToolNames: readonly McpToolName[] = mcpToolGroups.flatMap(([, names]) => names)

/** The tool list of `mcp serve --help`: one line a group. */
export function mcpToolsHelp(): string {
  const width = Math.max(...mcpToolGroups.map(([group]) => group.length))
  return mcpToolGroups.map(([group, names]) => `  ${`${group}:`.padEnd(width + 2)}${names.join(', ')}`).join('\n')
}
