// The columns of chats and their messages in tables and TSV.
import type { Field } from '../../io/output.js'
import { type UiMessage, uiMessageSummary } from '../../sdk/messages.js'

/** Columns of `chats list` (and the item view of `chats create`). */
export const chatFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (c) => c.id },
  { header: 'TITLE', get: (c) => c.title },
  { header: 'UPDATED', get: (c) => c.updatedAt },
]

/**
 * Columns of `chats messages` on a terminal or in TSV: the messages converted for rendering (service-interface
 * 2.8), so a tool call and its result are one entry and consecutive messages of one role one row.
 */
export const messageFields: Field<UiMessage>[] = [
  { header: 'ID', get: (m) => m.id },
  { header: 'ROLE', get: (m) => m.role },
  { header: 'CREATED', get: (m) => m.createdAt },
  { header: 'TOKENS', get: (m) => m.usage?.total_tokens },
  { header: 'CONTENT', get: (m) => uiMessageSummary(m) },
]
