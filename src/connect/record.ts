// Every task the worker deals with goes into the local log (`agentry logs`), as a conversation of two messages: the
// task's text (role user, the whole task as its body) and what was answered (role assistant), whose finish_reason
// says the decision, the outcome and the handler's exit code ("user-once; ok; exit 0"). The conversation's agent is
// the source agent and its chat id the task id, so `agentry logs list --agent desktop-relay` finds them. Text goes
// through the run's Redactor first (no credential is ever logged).
import { type DesktopTask, desktopTaskText } from '../api/schemas/desktop.js'
import { safeBaseUrl } from '../logs/recorder.js'
import type { LogStore } from '../logs/store.js'
import type { TaskRecord } from './worker.js'

/** Writes one task's record; a failure to write is reported by `warn`, and the worker goes on. */
export function taskRecorder(
  store: LogStore,
  info: { profile: string | undefined; baseUrl: string | undefined },
  redact: (s: string) => string,
  now: () => number,
  warn: (m: string) => void,
): (r: TaskRecord) => void {
  return (r) => {
    try {
      const at = new Date(now()).toISOString()
      const id = store.create(
        {
          agent_id: r.task.source_agent_id ?? 'desktop',
          chat_id: r.task.id,
          profile: info.profile ?? null,
          base_url: safeBaseUrl(info.baseUrl),
          system: null,
        },
        at,
      )
      const summary = `${r.decision}; ${r.outcome}${r.exitCode === null ? '' : `; exit ${r.exitCode}`}`
      store.append(id, [
        message(
          'user',
          redact(desktopTaskText(r.task)),
          redact(JSON.stringify(withoutResponse(r.task))),
          null,
          r.task.created_at ?? at,
        ),
        message(
          'assistant',
          redact(r.answer ?? `(not answered: ${r.outcome})`),
          JSON.stringify({ decision: r.decision, outcome: r.outcome, exitCode: r.exitCode, ms: r.ms }),
          summary,
          at,
        ),
      ])
    } catch (e) {
      warn(`the local log could not be written (${(e as Error).message}); tasks go on`)
    }
  }
}

function message(role: string, content: string, body: string, finish: string | null, at: string) {
  return {
    role,
    content,
    body,
    request_id: null,
    finish_reason: finish,
    prompt_tokens: null,
    completion_tokens: null,
    total_tokens: null,
    created_at: at,
  }
}

function withoutResponse(task: DesktopTask): DesktopTask {
  const { response: _r, ...rest } = task
  return rest
}
