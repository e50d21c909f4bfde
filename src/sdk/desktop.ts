// `client.desktop` (public-facts 5; docs/connect.md): the desktop task queue through which a hosted agent hands a task
// to this machine. Written by hand because the account goes in the query or the body, not the path (the contract's
// desktop family declares the routes). `tasks.get` is a filter of the list: the public client shows no route for one
// task.
import { NotFoundError } from '../api/errors.js'
import type { DesktopAccess, DesktopTask } from '../api/schemas/desktop.js'
import type { Transport } from './transport.js'

/** What `access.set` changes; a member left out keeps its current value (read first). */
export interface DesktopAccessChange {
  enabled?: boolean
  allow_always?: boolean
}

/** `client.desktop`. */
export const desktopResource = (t: Transport) => {
  const access = {
    /** The account's desktop access: `{enabled, allow_always}`. */
    get: (): Promise<DesktopAccess> => t.call('desktopAccessGet', { query: { accountId: t.accountId() } }),
    /**
     * Sets desktop access. The service takes both members at once, so one left out is read first and sent as it is:
     * `allow_always` changes only when it is given.
     */
    set: async (change: DesktopAccessChange): Promise<DesktopAccess> => {
      const now = change.enabled === undefined || change.allow_always === undefined ? await access.get() : undefined
      return t.call('desktopAccessSet', {
        body: {
          accountId: t.accountId(),
          enabled: change.enabled ?? now!.enabled,
          allow_always: change.allow_always ?? now!.allow_always,
        },
      })
    },
  }
  const tasks = {
    /** The account's tasks, of one status (`pending`, `awaiting_confirmation`, `running`, …) or all. */
    list: async (query: { status?: string } = {}): Promise<DesktopTask[]> => {
      const q = { accountId: t.accountId(), ...(query.status !== undefined ? { status: query.status } : {}) }
      return (await t.call('desktopTasksList', { query: q })).tasks
    },
    /** One task, found in the list of all (a NotFoundError when no task has the id). */
    get: async (taskId: string): Promise<DesktopTask> => {
      const found = (await tasks.list()).find((task) => task.id === taskId)
      if (found) return found
      throw new NotFoundError({
        status: 404,
        message: `task "${taskId}" not found`,
        method: 'GET',
        url: t.url('desktopTasksList'),
        hint: 'list the tasks with: agentry connect tasks',
      })
    },
    /** Approves a task awaiting confirmation (it becomes pending). */
    approve: async (taskId: string): Promise<void> => {
      await t.call('desktopTaskUpdate', { params: { taskId }, body: { action: 'approve' } })
    },
    /** Marks a pending task running: this machine takes it (a ConflictError when another already has). */
    start: async (taskId: string): Promise<void> => {
      await t.call('desktopTaskUpdate', { params: { taskId }, body: { task_status: 'running' } })
    },
    /** Posts the task's answer, which the waiting agent reads. */
    respond: async (taskId: string, response: string): Promise<void> => {
      await t.call('desktopTaskRespond', { params: { taskId }, body: { response } })
    },
  }
  return { access, tasks }
}
