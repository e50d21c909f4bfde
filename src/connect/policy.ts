// Who decides what runs (docs/connect.md "Who decides"): the user, never the service. `--approve all` or
// `--approve <agentId,…>` let tasks run without asking; on a terminal every other task is shown (source agent, chat,
// text, terminal-safe) and the user picks run once, refuse, or always for this source agent (this session only);
// without a terminal every other task is refused. The service's allow_always is never consulted.
import type { DesktopTask } from '../api/schemas/desktop.js'
import { desktopTaskText } from '../api/schemas/desktop.js'
import { sanitizeText } from '../text/sanitize.js'

/** The answer to "may this task run?", with the words the log and the event line use. */
export type Decision =
  | { run: true; by: 'approve-all' | 'approve-list' | 'user-once' | 'user-always' | 'session-always' }
  | { run: false; by: 'user' | 'no-approval'; why: string }

/** Asks the user about one task (a terminal); undefined: no terminal to ask on. */
export type Ask = (question: string, task: DesktopTask) => Promise<'once' | 'refuse' | 'always'>

/** What `--approve` gives: every agent, some agents, or nobody. */
export type Approve = 'all' | readonly string[]

/** Parses `--approve`'s values: `all`, or agent ids separated by commas (repeatable). */
export function parseApprove(values: readonly string[]): Approve {
  const ids = values.flatMap((v) => v.split(',').map((s) => s.trim())).filter((s) => s !== '')
  return ids.includes('all') ? 'all' : ids
}

/** The local policy of one worker session. */
export class LocalPolicy {
  readonly #always = new Set<string>()
  /** one question at a time: tasks wait for the user in the order they came */
  #asking: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly approve: Approve,
    private readonly ask: Ask | undefined,
  ) {}

  /** Decides whether `task` may run. */
  async decide(task: DesktopTask): Promise<Decision> {
    const agent = task.source_agent_id ?? ''
    if (this.approve === 'all') return { run: true, by: 'approve-all' }
    if (agent !== '' && this.approve.includes(agent)) return { run: true, by: 'approve-list' }
    if (agent !== '' && this.#always.has(agent)) return { run: true, by: 'session-always' }
    const ask = this.ask
    if (!ask)
      return {
        run: false,
        by: 'no-approval',
        why: `refused: this machine runs tasks without a terminal only from agents it was told to (--approve), and ${agent || 'this agent'} is not one`,
      }
    const turn = this.#asking.then(async (): Promise<Decision> => {
      if (agent !== '' && this.#always.has(agent)) return { run: true, by: 'session-always' }
      const choice = await ask(question(task), task)
      if (choice === 'always') {
        if (agent !== '') this.#always.add(agent)
        return { run: true, by: 'user-always' }
      }
      return choice === 'once' ? { run: true, by: 'user-once' } : { run: false, by: 'user', why: 'refused by the user' }
    })
    this.#asking = turn.catch(() => undefined)
    return turn
  }
}

/** The question shown for a task: where it comes from and what it says, terminal-safe. */
function question(task: DesktopTask): string {
  const text = desktopTaskText(task)
  const shown = text.length > 500 ? `${text.slice(0, 500)}…` : text
  return sanitizeText(
    `Task ${task.id} from agent ${task.source_agent_id ?? '?'}${task.source_chat_id ? ` (chat ${task.source_chat_id})` : ''}:\n${shown}\nRun it here?`,
  )
}
