// What the tests of `agentry mcp serve` expect of its tools, in-process (test/interop/mcp-serve-tools.test.ts) and
// over a spawned process (test/e2e/mcp-serve.test.ts).

/** Every tool a credential with full access is served, in the order they are listed. */
export const allToolNames = [
  'list_agents',
  'chat',
  'ask_agent',
  'list_scenarios',
  'list_executions',
  'run_scenario',
  'trigger_webhook',
  'list_record_types',
  'get_record_types',
  'get_record_type',
  'cms_query',
  'cms_search',
  'cms_get',
  'cms_save',
  'cms_publish',
  'cms_unpublish',
  'cms_delete',
  'list_files',
  'upload_file',
  'list_sites',
  'list_pages',
  'analyze_image',
  'generate_image',
]

/** A tool's result as the tests read it. */
export type ToolResult = {
  content: { type: string; text: string }[]
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the tools' JSON results
  structuredContent?: Record<string, any>
  isError?: boolean
}
