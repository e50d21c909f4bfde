// /edit and Ctrl-X Ctrl-E: the input in $VISUAL or $EDITOR (as git and bash pick them: VISUAL first, then EDITOR,
// then vi). The terminal is handed over — cooked mode, no bracketed paste, stdin released — for as long as the
// editor runs, and taken back after, whatever happened. The command runs through sh so `EDITOR="code --wait"` works;
// the file name is passed as $1, never spliced into the command line.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Terminal } from './terminal.js'

/** The editor command of an environment. */
export function editorCommand(env: NodeJS.ProcessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi'
}

/**
 * Opens the editor on `text`; resolves to the edited text (one trailing newline dropped). Throws when it fails, or
 * when a Ctrl-C came as it was about to start, which would otherwise be lost under load: typed
 * while the chat still read keys (taken from the keys typed so far), or reaching this process as SIGINT once the
 * terminal was in cooked mode but before the editor existed to get it too.
 */
export async function editExternally(term: Terminal, text: string, env: NodeJS.ProcessEnv): Promise<string> {
  const command = editorCommand(env)
  const notStarted = new Error(`Ctrl-C: the editor (${command}) was not started; the input is unchanged`)
  const dir = await mkdtemp(join(tmpdir(), 'agentry-edit-'))
  const file = join(dir, 'message.md')
  try {
    await writeFile(file, text, { mode: 0o600 })
    if (await term.takeInterrupt()) throw notStarted
    let interrupted = false
    term.handOver(() => {
      interrupted = true
    })
    let outcome: { code: number | null; error?: Error }
    try {
      // one turn of the event loop: a SIGINT that came since the hand-over is handled in it
      await new Promise((resolve) => setImmediate(resolve))
      if (interrupted) throw notStarted
      outcome = await new Promise((resolve) => {
        const child = spawn('/bin/sh', ['-c', `${command} "$1"`, 'agentry-edit', file], { stdio: 'inherit', env })
        child.once('error', (error) => resolve({ code: null, error }))
        child.once('exit', (code, signal) => {
          // killed by a signal from the keyboard (Ctrl-C, Ctrl-backslash): the same signal reaches this process too,
          // and is handled after the child's exit; the terminal is taken back only once it has been (and ignored)
          if (signal) setTimeout(() => resolve({ code }), 100)
          else resolve({ code })
        })
      })
    } finally {
      term.start()
    }
    if (outcome.error) throw new Error(`the editor (${command}) did not start: ${outcome.error.message}`)
    if (outcome.code !== 0)
      throw new Error(`the editor (${command}) exited with ${outcome.code ?? 'a signal'}; the input is unchanged`)
    return (await readFile(file, 'utf8')).replace(/\r?\n$/, '')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
