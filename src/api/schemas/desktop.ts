// The desktop task queue (public-facts 5; sideboard packages/core/src/brightsy/api.ts): a hosted agent hands a task
// to a user's own machine and waits for its answer. The account travels in the query or the body, not the path.
import * as z from '../zod.js'
import { jsonValue, timestamp } from './common.js'

/** The account's desktop access: whether tasks may be queued at all, and whether they skip confirmation. */
export const desktopAccessSchema = z.looseObject({
  enabled: z.boolean(),
  allow_always: z.boolean(),
})
export type DesktopAccess = z.infer<typeof desktopAccessSchema>

const accountIdField = z.string().check(z.minLength(1, 'accountId is required'))

/** `PUT /desktop/access`: both members are sent every time (the client as sideboard's). */
export const desktopAccessSetSchema = z.strictObject({
  accountId: accountIdField,
  enabled: z.boolean(),
  allow_always: z.boolean(),
})

export const desktopAccessQuerySchema = z.strictObject({ accountId: accountIdField })

export const desktopTasksQuerySchema = z.strictObject({
  accountId: accountIdField,
  status: z.optional(z.string().check(z.minLength(1, 'status must not be empty'))),
})

const taskPartSchema = z.looseObject({ kind: z.optional(z.string()), text: z.optional(z.string()) })

const desktopTaskSchema = z.looseObject({
  id: z.string(),
  account_id: z.optional(z.string()),
  user_id: z.nullish(z.string()),
  device_id: z.nullish(z.string()),
  source_agent_id: z.nullish(z.string()),
  source_chat_id: z.nullish(z.string()),
  message: z.nullish(z.looseObject({ parts: z.optional(z.array(taskPartSchema)) })),
  messages: z.nullish(
    z.array(z.looseObject({ role: z.string(), content: z.optional(jsonValue), created_at: z.optional(timestamp) })),
  ),
  task_status: z.string(),
  response: z.optional(jsonValue),
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
  expires_at: z.nullish(timestamp),
})
export type DesktopTask = z.infer<typeof desktopTaskSchema>

export const desktopTasksSchema = z.looseObject({ tasks: z.array(desktopTaskSchema) })

/** `PATCH /desktop/tasks/{id}`: approve a task awaiting confirmation, or mark it running. */
export const desktopTaskUpdateSchema = z.union([
  z.strictObject({ action: z.literal('approve') }),
  z.strictObject({ task_status: z.literal('running') }),
])

export const desktopTaskResponseSchema = z.strictObject({ response: z.string() })

/** The text of a task's message (its first text part, as the public client reads it). */
export function desktopTaskText(task: { message?: { parts?: { kind?: string; text?: string }[] } | null }): string {
  return task.message?.parts?.find((p) => p.kind === 'text')?.text ?? ''
}
