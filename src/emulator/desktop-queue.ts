// The cloud side of the desktop task queue (public-facts 5; `agentry connect`, docs/connect.md): each account's
// access switch and its tasks, which a hosted agent (the demo agent desktop-relay) queues and waits on, and a machine
// approves, takes and answers. Kept in memory only, like A2A tasks: a task outlives neither the process nor a reset.
import type { DesktopAccess } from '../api/schemas/desktop.js'
import { newId } from './kit.js'

/** A task as the service keeps it (sideboard's SideboardCloudTask). */
export interface StoredDesktopTask {
  id: string
  account_id: string
  user_id: string
  device_id: string | null
  source_agent_id: string
  source_chat_id: string | null
  message: { parts: { kind: 'text'; text: string }[] }
  messages: { role: 'cloud' | 'desktop'; content: unknown; created_at: string }[]
  task_status: string
  response: unknown
  created_at: string
  updated_at: string
  expires_at: string
}

/** Statuses in which a task still waits for its machine (it expires in these). */
const open = new Set(['pending', 'awaiting_confirmation', 'running'])

/** What queueing a task needs. */
export interface NewDesktopTask {
  account: string
  sourceAgentId: string
  sourceChatId: string | null
  text: string
  ttlMs: number
}

/** The queue of every account. */
export class DesktopQueue {
  readonly #access = new Map<string, DesktopAccess>()
  readonly tasks = new Map<string, StoredDesktopTask>()
  readonly #waiters = new Map<string, Set<() => void>>()

  /** An account's access; on by default in the emulator, so that the demo works out of the box. */
  access(account: string): DesktopAccess {
    return this.#access.get(account) ?? { enabled: true, allow_always: false }
  }

  setAccess(account: string, access: DesktopAccess): DesktopAccess {
    this.#access.set(account, access)
    return access
  }

  /** Queues a task: awaiting the user's confirmation, unless the account allows always. */
  queue(t: NewDesktopTask, now: number): StoredDesktopTask {
    const at = new Date(now).toISOString()
    const task: StoredDesktopTask = {
      id: newId('dtask'),
      account_id: t.account,
      user_id: 'user_demo',
      device_id: null,
      source_agent_id: t.sourceAgentId,
      source_chat_id: t.sourceChatId,
      message: { parts: [{ kind: 'text', text: t.text }] },
      messages: [{ role: 'cloud', content: t.text, created_at: at }],
      task_status: this.access(t.account).allow_always ? 'pending' : 'awaiting_confirmation',
      response: null,
      created_at: at,
      updated_at: at,
      expires_at: new Date(now + t.ttlMs).toISOString(),
    }
    this.tasks.set(task.id, task)
    return task
  }

  /** A task as of `now`: one past its expiry while still open becomes `expired` (and wakes its waiters). */
  current(id: string, now: number): StoredDesktopTask | undefined {
    const task = this.tasks.get(id)
    if (task && open.has(task.task_status) && Date.parse(task.expires_at) <= now) {
      this.change(task, { task_status: 'expired' }, now)
      this.#wake(id)
    }
    return task
  }

  /** Changes a task's members and its updated_at. */
  change(task: StoredDesktopTask, members: Partial<StoredDesktopTask>, now: number): void {
    Object.assign(task, members, { updated_at: new Date(now).toISOString() })
  }

  /** Records the machine's answer and wakes whoever waits on the task. */
  answer(task: StoredDesktopTask, response: string, now: number): void {
    task.messages.push({ role: 'desktop', content: response, created_at: new Date(now).toISOString() })
    this.change(task, { task_status: 'completed', response }, now)
    this.#wake(task.id)
  }

  /** Resolves once the task is answered or expired, or after `ms` (a real timer), or when `signal` aborts. */
  settled(id: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#waiters.get(id) ?? new Set()
      this.#waiters.set(id, waiters)
      const done = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        waiters.delete(done)
        if (waiters.size === 0) this.#waiters.delete(id)
        resolve()
      }
      const timer = setTimeout(done, ms)
      signal.addEventListener('abort', done, { once: true })
      waiters.add(done)
    })
  }

  #wake(id: string): void {
    for (const w of [...(this.#waiters.get(id) ?? [])]) w()
  }
}
