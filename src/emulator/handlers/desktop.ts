// The desktop task queue's routes (public-facts 5, sideboard api.ts): access, the task list, approve / mark running,
// and the machine's answer. The account is named in the query or the body and must be the caller's own; the state
// machine is ../desktop-queue.ts: awaiting_confirmation → (approve) pending → (running) running → (response)
// completed; any open task past expires_at is expired, and nothing more can be done with it.
import type { StoredDesktopTask } from '../desktop-queue.js'
import { conflict, notFound } from '../kit.js'
import { type DeclaredBody, type EmuRequest, type HandlerEnv, type HandlerTable, HttpError } from '../types.js'

/** The account the request names, which must be the caller's. */
function namedAccount(req: EmuRequest, env: HandlerEnv, named: string): string {
  const own = req.principal?.accountId ?? env.state.accountId
  if (named !== own)
    throw new HttpError(403, `accountId "${named}" is not the account of this credential`, {}, 'forbidden')
  return own
}

/** The caller's task `taskId`, as of now; a task past its expiry is a 409. */
function openTask(req: EmuRequest, env: HandlerEnv): StoredDesktopTask {
  const id = req.params.taskId ?? ''
  const task = env.state.desktop.current(id, env.now())
  if (!task || task.account_id !== (req.principal?.accountId ?? env.state.accountId)) throw notFound('task', id)
  if (task.task_status === 'expired') throw conflict(`task "${id}" expired at ${task.expires_at}`, 'task_expired')
  if (task.task_status === 'completed') throw conflict(`task "${id}" is already answered`, 'task_answered')
  return task
}

/** Handlers of the desktop routes. */
export const desktopHandlers = {
  desktopAccessGet(req, env) {
    const { accountId } = req.queryInput as { accountId: string }
    return { status: 200, json: env.state.desktop.access(namedAccount(req, env, accountId)) }
  },

  desktopAccessSet(req, env) {
    const body = req.input as DeclaredBody<'desktopAccessSet'>
    const account = namedAccount(req, env, body.accountId)
    return {
      status: 200,
      json: env.state.desktop.setAccess(account, { enabled: body.enabled, allow_always: body.allow_always }),
    }
  },

  desktopTasksList(req, env) {
    const { accountId, status } = req.queryInput as { accountId: string; status?: string }
    const account = namedAccount(req, env, accountId)
    const queue = env.state.desktop
    const tasks = [...queue.tasks.keys()]
      .map((id) => queue.current(id, env.now())!)
      .filter((t) => t.account_id === account && (status === undefined || t.task_status === status))
    return { status: 200, json: { tasks } }
  },

  desktopTaskUpdate(req, env) {
    const body = req.input as DeclaredBody<'desktopTaskUpdate'>
    const task = openTask(req, env)
    const queue = env.state.desktop
    if ('action' in body) {
      if (task.task_status !== 'awaiting_confirmation')
        throw conflict(`task "${task.id}" is ${task.task_status}, not awaiting confirmation`, 'task_not_awaiting')
      queue.change(task, { task_status: 'pending' }, env.now())
    } else {
      if (task.task_status === 'running')
        throw conflict(`task "${task.id}" is already running on another machine`, 'task_taken')
      if (task.task_status !== 'pending')
        throw conflict(`task "${task.id}" is awaiting confirmation: approve it first`, 'task_not_approved')
      queue.change(task, { task_status: 'running' }, env.now())
    }
    return { status: 200, json: task }
  },

  desktopTaskRespond(req, env) {
    const body = req.input as DeclaredBody<'desktopTaskRespond'>
    const task = openTask(req, env)
    env.state.desktop.answer(task, body.response, env.now())
    return { status: 200, json: task }
  },
} satisfies HandlerTable
