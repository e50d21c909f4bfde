// When an answer stops for tool results (finish_reason "tool_calls", service-interface 2.3) and no --tool-handler
// ran the tools, the user may type each result; the agent then continues with them. An empty line, Ctrl-C or
// Ctrl-D skips, and the conversation goes on without results.
import type { ChatToolCall } from '../session.js'
import { LineEditor } from './editor.js'
import { PromptView } from './prompt-view.js'
import { readInput } from './read-input.js'
import { oneLine } from './status.js'
import type { UiStyle } from './style.js'
import type { Terminal } from './terminal.js'

/** Asks for each call's result; undefined when the user skipped. */
export async function askToolResults(
  calls: readonly ChatToolCall[],
  deps: { term: Terminal; ui: (s: string) => void; style: UiStyle },
): Promise<{ tool_call_id: string; content: string }[] | undefined> {
  const { term, ui, style } = deps
  ui(
    `${style.dim(`no --tool-handler: type ${calls.length > 1 ? 'each result' : 'the result'} for the agent, or press Enter to skip`)}\n`,
  )
  const results: { tool_call_id: string; content: string }[] = []
  for (const call of calls) {
    const g = style.glyphs
    const markers = {
      prompt: `${g.toolResult} ${oneLine(call.function.name)} ${g.prompt} `,
      continuation: `${g.continuation} `,
    }
    const view = new PromptView(ui, style, markers, 'result (JSON or text)')
    const input = await readInput(term, view, new LineEditor([]), style)
    if (input.type === 'exit' || input.text.trim() === '') {
      ui(`${style.dim('(skipped)')}\n\n`)
      return undefined
    }
    results.push({ tool_call_id: call.id, content: input.text })
  }
  return results
}
