// What a resumed chat shows before the first prompt (a --resume transcript, or a stateful --chat kept by the
// service): the last few turns, rendered through the interface's client-side conversion (service-interface 2.8),
// so a tool call and its result read as one entry and consecutive messages of one role as one turn.
import { toUiMessages, type UiMessage, uiMessageSummary } from '../../sdk/messages.js'
import type { UiStyle } from './style.js'

/** How many turns the recap shows. */
const recapTurns = 4

const label: Record<UiMessage['role'], string> = { user: 'you', assistant: 'agent', system: 'system' }

/** One line a turn, oldest first, cut to `columns`; control characters are dropped (the text came from a server). */
export function recap(messages: readonly unknown[], style: UiStyle, columns: number): string {
  const turns = toUiMessages(messages)
  if (turns.length === 0) return ''
  const shown = turns.slice(-recapTurns)
  const lines = shown.map((m) => {
    const text = uiMessageSummary(m)
      .replace(/\s+/g, ' ')
      .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
      .trim()
    const head = `  ${label[m.role]}: `
    const room = Math.max(10, columns - head.length - 1)
    const { ellipsis } = style.glyphs
    const cut = text.length > room ? `${text.slice(0, room - ellipsis.length)}${ellipsis}` : text
    return style.dim(`${head}${cut}`)
  })
  const more =
    turns.length > shown.length
      ? `${style.dim(`  ${style.glyphs.ellipsis} ${turns.length - shown.length} earlier`)}\n`
      : ''
  return `${more}${lines.join('\n')}\n\n`
}

/**
 * The number of messages of a conversation, as a transcript holds them one a line: user, assistant and tool
 * messages, not the system prompt. The banner's "resumed: N messages" and /save's "saved N messages" both say it,
 * so the two agree with each other and with the file (user turns alone would undercount).
 */
export function messageCount(messages: readonly unknown[]): number {
  return messages.filter((m) => (m as { role?: unknown } | null)?.role !== 'system').length
}

/** The number of user turns in a history (one entry per turn, as the recap shows them). */
export function userTurns(messages: readonly unknown[]): number {
  return toUiMessages(messages).filter((m) => m.role === 'user').length
}
