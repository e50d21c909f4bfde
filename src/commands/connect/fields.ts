// The columns of a desktop task in tables and TSV, and one task as `connect show` prints it.
import { type DesktopTask, desktopTaskText } from '../../api/schemas/desktop.js'
import type { Field } from '../../io/output.js'

/** Columns of `connect tasks`. */
export const taskFields: Field<DesktopTask>[] = [
  { header: 'ID', get: (t) => t.id },
  { header: 'STATUS', get: (t) => t.task_status },
  { header: 'AGENT', get: (t) => t.source_agent_id },
  { header: 'CREATED', get: (t) => t.created_at },
  { header: 'EXPIRES', get: (t) => t.expires_at },
  { header: 'TEXT', get: (t) => desktopTaskText(t).slice(0, 80) },
]

/** Rows of `connect show`. */
export const taskDetailFields: Field<DesktopTask>[] = [
  ...taskFields.slice(0, 3),
  { header: 'CHAT', get: (t) => t.source_chat_id },
  ...taskFields.slice(3, 5),
  { header: 'UPDATED', get: (t) => t.updated_at },
  { header: 'TEXT', get: (t) => desktopTaskText(t) },
  { header: 'RESPONSE', get: (t) => t.response },
]
