// What each slash command does (the list and parsing are in slash.ts). A command prints a few dim or coloured
// lines on the UI stream and never throws: a failure is one red line and the prompt comes back.
import type { ToolDefinition } from '../../api/schemas/index.js'
import { sanitizeText } from '../../text/sanitize.js'
import { checkAttachment } from '../attachments.js'
import { resolveImage } from '../images.js'
import type { ChatSession, ChatTurn } from '../session.js'
import { isJsonlTranscript } from '../transcript.js'
import { helpText } from './help.js'
import { oneLine } from './status.js'
import { messageCount } from './recap.js'
import type { SlashName } from './slash.js'
import type { UiStyle } from './style.js'

/** What the commands act on. */
export interface CommandDeps {
  session: ChatSession
  ui: (s: string) => void
  style: UiStyle
  columns: () => number
  /** images attached to the next message (paths or URLs, as typed) */
  images: string[]
  /** files uploaded with the next message (paths, as typed; stateful chats) */
  attachments: string[]
  /** the agent's tools and the --tools ones, with where each came from */
  tools: () => Promise<{ tool: ToolDefinition; source: string }[]>
  /** streams a turn (the same view as a message's answer); 'exit' after a second Ctrl-C */
  answer: (turn: ChatTurn) => Promise<'exit' | undefined>
  /** the environment (/copy reads TMUX, TERM, …) */
  env: NodeJS.ProcessEnv
  /** writes escape sequences to the terminal itself (OSC 52) */
  terminalWrite: (s: string) => void
  /** asks a yes/no question at the prompt (no is the default) */
  confirm: (question: string) => Promise<boolean>
  /** told when /save wrote the whole conversation */
  onSaved?: () => void
  /** where the conversation is kept (the service's chat id, the local log's id) and how to resume it */
  whereKept?: (() => string[]) | undefined
  /** the conversation's id in the local log, known before it is written (undefined: the log is off) */
  logId?: (() => string) | undefined
}

/** Runs a command; resolves to an exit code when the chat should end. */
export async function runCommand(name: SlashName, arg: string, deps: CommandDeps): Promise<number | undefined> {
  const { session, style, ui } = deps
  const note = (s: string) => ui(`${style.dim(s)}\n`)
  try {
    switch (name) {
      case 'exit':
        return 0
      case 'help':
        ui(helpText(style, deps.columns()))
        return undefined
      case 'system':
        if (arg === '') {
          note(session.system ? "system prompt (added to the agent's own):" : 'no system prompt of your own is set')
          if (session.system) ui(`${sanitizeText(session.system)}\n`)
          note('set it with /system <text>, remove it with /system --clear')
        } else if (arg === '--clear') {
          session.setSystem(undefined)
          note('system prompt removed')
        } else {
          session.setSystem(arg)
          note('system prompt set; it applies from the next message')
        }
        return undefined
      case 'image': {
        if (arg === '') {
          note(deps.images.length ? `attached: ${deps.images.join(', ')}` : 'usage: /image <path|url>')
          return undefined
        }
        // checked now, so a typo is reported before the message is written
        await resolveImage(arg).catch((e: Error) => {
          throw Object.assign(new Error(e.message.replace(/^--image /, '/image ')), {
            hint: (e as { hint?: string }).hint,
          })
        })
        deps.images.push(arg)
        const n = deps.images.length
        note(`attached ${arg} (${n} image${n > 1 ? 's' : ''} go${n > 1 ? '' : 'es'} with your next message)`)
        return undefined
      }
      case 'attach': {
        if (arg === '') {
          note(deps.attachments.length ? `to upload: ${deps.attachments.join(', ')}` : 'usage: /attach <file>')
          return undefined
        }
        // checked now, so a typo or a refused type is reported before the message is written
        await checkAttachment(arg, '/attach')
        if (session.chatId === undefined && !(await offerStateful(deps))) return undefined
        deps.attachments.push(arg)
        const n = deps.attachments.length
        note(`attached ${arg} (${n} file${n > 1 ? 's' : ''} go${n > 1 ? '' : 'es'} up with your next message)`)
        return undefined
      }
      case 'tools': {
        const { describeTools } = await import('./tools-list.js')
        ui(describeTools(await deps.tools(), style, deps.columns()))
        return undefined
      }
      case 'new': {
        await session.reset()
        deps.images.length = 0
        deps.attachments.length = 0
        // its ids at once: a stateful chat's new chat on the service, and the id the local log
        // will keep it under once an answer arrives
        const ids = [
          session.chatId === undefined ? '' : `chat ${session.chatId}`,
          deps.logId ? `log ${deps.logId()}` : '',
        ]
        const named = ids.filter(Boolean).join(` ${style.glyphs.separator} `)
        note(named ? `new conversation: ${named}` : 'new conversation')
        return undefined
      }
      case 'info':
        note(`agent ${session.agentId}`)
        for (const line of deps.whereKept?.() ?? []) note(line)
        return undefined
      case 'retry': {
        return (await deps.answer(session.retry())) === 'exit' ? 130 : undefined
      }
      case 'copy': {
        const last = session.history.findLast((m) => m.role === 'assistant' && m.content !== '')
        if (last === undefined) {
          note('no answer to copy yet')
          return undefined
        }
        const { copyToClipboard } = await import('./clipboard.js')
        const r = await copyToClipboard(last.content as string, deps.env, deps.terminalWrite)
        ui(r.ok ? `${style.dim(r.message)}\n` : `${style.error(r.message)}\n`)
        return undefined
      }
      case 'edit':
        // handled by the loop, which owns the terminal and the next prompt (repl.ts)
        return undefined
      case 'save': {
        if (arg === '') {
          note('usage: /save <file.jsonl|file.md>')
          return undefined
        }
        await session.save(arg)
        deps.onSaved?.()
        const n = messageCount(session.history)
        const how = isJsonlTranscript(arg) ? `resume: agentry chat ${session.agentId} --resume ${arg}` : 'Markdown'
        note(`saved ${n} message${n === 1 ? '' : 's'} to ${arg} (${how})`)
        return undefined
      }
      case 'export': {
        const file = /^test\s+(\S[\s\S]*)$/.exec(arg)?.[1]?.trim()
        if (file === undefined) {
          note('usage: /export test <file.yaml>')
          return undefined
        }
        const { exportTestFile } = await import('../../evals/to-test.js')
        note(
          await exportTestFile(file, { agentId: session.agentId, system: session.system, messages: session.history }),
        )
        return undefined
      }
    }
  } catch (err) {
    ui(`${style.error(`${style.glyphs.cross} ${oneLine((err as Error).message)}`)}\n`)
    const hint = (err as { hint?: string }).hint
    if (hint) note(hint)
    return undefined
  }
}

/**
 * /attach in a stateless chat: attachments live with a message the service keeps, so the chat must become stateful.
 * Asks (the conversation so far goes along, session.toStateful); refused, says how to attach otherwise.
 */
async function offerStateful(deps: CommandDeps): Promise<boolean> {
  const { session, style } = deps
  const n = messageCount(session.history)
  const along = n === 0 ? '' : ` (the ${n} message${n > 1 ? 's' : ''} so far go along with your next message)`
  const question = `${style.accent('?')} attachments go to a stateful chat, which the service keeps. Turn this chat into one${along}?`
  if (!(await deps.confirm(question))) {
    deps.ui(
      `${style.dim(`not attached: this chat stays stateless ${style.glyphs.separator} /image <file> puts an image inline here; agentry chat ${session.agentId} --new-chat --attach <file> starts a stateful chat with it`)}\n`,
    )
    return false
  }
  deps.ui(`${style.dim(`now a stateful chat: ${session.toStateful()}`)}\n`)
  return true
}
