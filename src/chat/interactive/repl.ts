// The read–send–show loop: a prompt (line editor), then a slash command or a message whose answer streams in,
// until /exit, Ctrl-D (0) or two Ctrl-Cs at an empty prompt within quitWindowMs (130). Everything per run lives in
// this call's closure.
import type { ToolDefinition } from '../../api/schemas/index.js'
import type { ChatSession, ChatTurn } from '../session.js'
import { type AnswerDeps, showAnswer } from './answer.js'
import { askYesNo } from './ask-key.js'
import { runCommand } from './commands.js'
import { createCompleter } from './completion.js'
import { LineEditor } from './editor.js'
import { editExternally } from './external-editor.js'
import type { History } from './history.js'
import { fitWidth, PromptView } from './prompt-view.js'
import { readInput } from './read-input.js'
import { askToolResults } from './tool-prompt.js'
import { parseLine, slashCommands } from './slash.js'
import { oneLine } from './status.js'
import type { UiStyle } from './style.js'
import type { Terminal } from './terminal.js'

/** What the loop runs with. */
export interface ReplDeps {
  session: ChatSession
  term: Terminal
  history: History
  style: UiStyle
  ui: (s: string) => void
  /** the answer view's settings (terminal, writers, clock, cancel) */
  answer: Omit<AnswerDeps, 'term' | 'style' | 'ui'>
  /** images attached to the first message (--image) */
  images: string[]
  /** files uploaded with the next message (--attach, /attach) */
  attachments: string[]
  /** the tools listed by /tools */
  tools: () => Promise<{ tool: ToolDefinition; source: string }[]>
  /** warns once when the history file cannot be written */
  warn: (message: string) => void
  /** the environment ($VISUAL/$EDITOR for /edit, TMUX and TERM for /copy) */
  env: NodeJS.ProcessEnv
  /** does the conversation hold turns nothing keeps (the log off or failing, no --save)? */
  unsaved?: (() => boolean) | undefined
  /** where the conversation is kept and how to resume it (/info) */
  whereKept?: (() => string[]) | undefined
  /** the conversation's id in the local log, known before it is written (/new names it) */
  logId?: (() => string) | undefined
}

/**
 * How soon a second Ctrl-C at an empty prompt must follow the first to quit (as Claude Code does). A lone Ctrl-C,
 * such as one pressed to stop an answer that had just ended, only says how to leave (as aichat does).
 */
export const quitWindowMs = 2000

/** Runs the loop; resolves to the exit code. */
export async function repl(deps: ReplDeps): Promise<number> {
  const { session, term, history, style, ui } = deps
  const g = style.glyphs
  // the prompt's markers: the first line and the continuation lines of a multi-line message
  const promptMarkers = { prompt: `${g.prompt} `, continuation: `${g.continuation} ` }
  const view = new PromptView(ui, style, promptMarkers, `Send a message ${g.separator} /help for commands and keys`)
  const completer = createCompleter(undefined, g.ellipsis)
  const answer = (turn: ChatTurn) => showAnswer(turn, { ...deps.answer, term, style, ui })
  let historyBroken = false
  // when the last Ctrl-C at an empty prompt came (undefined: anything else happened since)
  let interruptedAt: number | undefined
  let savedLength = -1
  let prefill: string | undefined
  const edit = (text: string) => editExternally(term, text, deps.env)
  // An answer, then as long as it stops for tool results the user gives, the agent's next answer.
  const converse = async (turn: ChatTurn): Promise<'exit' | undefined> => {
    for (;;) {
      const outcome = await answer(turn)
      if (outcome.status === 'exit') return 'exit'
      if (outcome.unanswered.length === 0) return undefined
      const results = await askToolResults(outcome.unanswered, { term, ui, style })
      if (!results) return undefined
      turn = session.sendToolResults(results)
    }
  }
  for (;;) {
    const editor = new LineEditor(history.entries, completer)
    const input = await readInput(term, view, editor, style, { initial: prefill, edit })
    prefill = undefined
    if (input.type === 'exit') {
      if (input.code !== 130) return input.code
      const now = deps.answer.now()
      if (interruptedAt !== undefined && now - interruptedAt <= quitWindowMs) return input.code
      interruptedAt = now
      const unsaved = deps.unsaved?.() === true && session.history.length !== savedLength
      const note = unsaved
        ? `this conversation is not saved (the log is off): Ctrl-C again quits ${g.separator} /save <file> keeps it`
        : `to quit: Ctrl-D or /exit ${g.separator} or Ctrl-C again`
      ui(`${style.dim(note)}\n\n`)
      continue
    }
    interruptedAt = undefined
    const line = input.text
    if (line.trim() === '') continue
    await history.add(line).catch((err: Error) => {
      if (!historyBroken) deps.warn(`input history not saved: ${err.message}`)
      historyBroken = true
    })
    const parsed = parseLine(line)
    if (parsed.kind === 'unknown') {
      const hint = ` ${g.dash} ${parsed.suggestion ? `did you mean /${parsed.suggestion}?` : '/help lists the commands'}`
      ui(`${style.error(`unknown command /${parsed.name}`)}${style.dim(hint)}\n`)
      if (!parsed.suggestion) ui(`${style.dim(fitWidth(names(), term.columns() - 1, g.ellipsis))}\n`)
      ui('\n')
      continue
    }
    if (parsed.kind === 'command' && parsed.name === 'edit') {
      try {
        prefill = await edit(parsed.arg)
      } catch (err) {
        ui(`${style.error(`${g.cross} ${(err as Error).message}`)}\n`)
      }
      continue
    }
    if (parsed.kind === 'command') {
      const code = await runCommand(parsed.name, parsed.arg, {
        session,
        ui,
        style,
        columns: () => term.columns(),
        images: deps.images,
        attachments: deps.attachments,
        tools: deps.tools,
        answer: converse,
        env: deps.env,
        terminalWrite: (s) => term.write(s),
        confirm: (question) => askYesNo(term, ui, question, g.prompt),
        onSaved: () => {
          savedLength = session.history.length
        },
        whereKept: deps.whereKept,
        logId: deps.logId,
      })
      if (code !== undefined) return code
      // a blank line after a command's output, as after an answer (an answer ends with its own)
      if (parsed.name !== 'retry') ui('\n')
      continue
    }
    let turn: ChatTurn
    try {
      turn = session.send(parsed.text, { images: deps.images.splice(0), attachments: deps.attachments.splice(0) })
    } catch (err) {
      ui(`${style.error(`${g.cross} ${oneLine((err as Error).message)}`)}\n`)
      continue
    }
    if ((await converse(turn)) === 'exit') return 130
  }
}

function names(): string {
  return slashCommands.map((c) => `/${c.name}`).join(' ')
}
