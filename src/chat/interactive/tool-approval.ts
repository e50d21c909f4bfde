// The interactive chat's way of asking whether a tool call may run (chat --mcp, docs/mcp.md): the terminal stays in
// raw mode and owned by the chat, so the question is a line of its own and the answer one key — y (once), a (always
// this tool), n or Enter (no). Ctrl-C cancels the answer (the turn's signal), which counts as no.
import { askOneKey } from './ask-key.js'
import type { UiStyle } from './style.js'
import type { Terminal } from './terminal.js'
import { oneLine } from './status.js'

/** The user's answer to "run this call?" (src/mcp/chat-tools.ts asks it). */
export type Approval = 'once' | 'always' | 'no'

/**
 * Asks on the chat's terminal; `ui` writes the chat's own lines (stderr on a terminal); `hold(true)` stops every
 * other writer of the chat (the spinner) until the answer is in.
 */
export function terminalToolApproval(
  term: Terminal,
  ui: (s: string) => void,
  style: UiStyle,
  hold: (on: boolean) => void,
) {
  return async (shown: string, _name: string, signal?: AbortSignal): Promise<Approval> => {
    hold(true)
    try {
      return await ask(shown, signal)
    } finally {
      hold(false)
    }
  }
  async function ask(shown: string, signal?: AbortSignal): Promise<Approval> {
    // \r\x1b[K: the spinner's line is taken over by the question
    ui(
      `\r\x1b[K${style.accent('?')} run ${oneLine(shown)}\n  ${style.dim('[y] once  [a] always this tool  [n] no')} ${style.glyphs.prompt} `,
    )
    const answer = await askOneKey<Approval>(term, { y: 'once', a: 'always', n: 'no' }, 'no', signal)
    ui(`${answer === 'no' ? 'no' : answer === 'always' ? 'always' : 'yes'}\n`)
    return answer
  }
}
