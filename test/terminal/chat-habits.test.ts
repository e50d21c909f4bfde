// The interactive chat's habits from llm and aichat (issue 12), in a real terminal (tmux, 100x30) against the
// built CLI and a real emulator: Ctrl-Z then `fg` in an interactive shell, Ctrl-C at an empty prompt when the
// conversation is not saved, /edit and Ctrl-X Ctrl-E in $EDITOR, /copy into tmux's buffer and outside tmux (by OSC 52
// when forced, else a message), the resume line. Ctrl-Z mid-answer is test/terminal/chat-tty.test.ts's.
import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lastPrompt, sh, type TmuxSession, tmuxMissing } from './tmux.js'
import { chatTerminals } from './chat-terminals.js'
import { emulatorFixture, quietEmulator, slowPoetEvery } from '../helpers/emulator.js'
import { pollUntil } from '../helpers/poll.js'

const missing = tmuxMissing()
if (missing) console.warn(missing)

/** The file's emulator (test/helpers/emulator.ts), shared by its tmux sessions. */
const fx = emulatorFixture({ emulator: quietEmulator, ready: slowPoetEvery(50) })

describe.skipIf(missing !== undefined)('interactive chat habits in tmux', () => {
  const node = sh(process.execPath)
  // a tiny $EDITOR: replaces the file with a known text, keeping what it was given on the last line; given
  // "keep me", it says so and waits (for a Ctrl-C)
  const { env, terminal, dir } = chatTerminals(
    fx,
    'agentry-habits-',
    `#!/bin/sh\nold=$(cat "$1")\ncase "$old" in 'keep me') echo EDITOR-RUNNING; sleep 30; exit 0;; esac\nprintf 'written in the editor\\nwas: %s\\n' "$old" > "$1"\n`,
  )
  const envOf = new Map<TmuxSession, Record<string, string>>()
  const chat = (name: string, extra: Record<string, string> = {}, prefix = '') => {
    const t = terminal(name)
    const e = env(extra)
    envOf.set(t, e)
    t.start(`${prefix}${node} bin/agentry.cjs chat demo-assistant`, e)
    return t
  }
  const answers = (s: string) => (s.match(/ in · \d+ out · /g) ?? []).length
  // the chat under a parent `sh -c`, as under `npm start`
  const underSh = `sh -c '${node.replace(/'/g, '')} bin/agentry.cjs chat demo-assistant; echo CHILD-EXIT:$?'`

  /** A terminal running an interactive bash with job control, `command` started in it, at the chat's prompt. */
  async function jobShellChat(name: string, command: string) {
    const t = terminal(name)
    t.start(`PS1='$ ' bash --norc -i`, env())
    await t.waitFor(/^\$/m)
    t.type(command)
    t.keys('Enter')
    await t.waitFor(/^› /m)
    return t
  }

  // one job for both ways of stopping it: the key, then the signal sent from outside
  it('Ctrl-Z, and SIGTSTP from outside (kill -TSTP), stop the whole job (a parent shell too); `fg` resumes where it was, the typed input kept', async () => {
    // stopping only agentry would leave its parent `sh -c` running and the shell waiting forever
    const t = await jobShellChat('suspend', underSh)
    const count = (s: string, re: RegExp) => (s.match(re) ?? []).length
    const resumed = (s: string, typed: string, times: number) =>
      lastPrompt(s) === `› ${typed}` && count(s, /^\$ fg$/gm) === times && s.trimEnd().endsWith(typed)
    t.type('hello')
    t.keys('Enter')
    await t.waitFor((s) => answers(s) === 1)
    t.type('half typed')
    await t.waitFor((s) => lastPrompt(s) === '› half typed')
    t.keys('C-z')
    await t.waitFor(/Stopped/)
    t.type('fg')
    t.keys('Enter')
    await t.waitFor((s) => resumed(s, 'half typed', 1))
    t.type(' and finished')
    t.keys('Enter')
    const after = await t.waitFor((s) => answers(s) === 2)
    // the same conversation goes on: the agent counts turn 2 and saw the whole line
    expect(after).toContain('You said: "half typed and finished"')
    expect(after).toContain('this is turn 2')

    t.type('typed')
    await t.waitFor((s) => lastPrompt(s) === '› typed')
    // the pane's shell runs bash, bash runs sh, sh runs node
    const pane = (await t.command('display-message', '-p', '-t', t.name, '#{pane_pid}')).trim()
    const child = (pid: string) => execFileSync('pgrep', ['-P', pid], { encoding: 'utf8' }).trim().split('\n')[0] ?? ''
    process.kill(Number(child(child(child(pane)))), 'SIGTSTP')
    await t.waitFor((s) => count(s, /Stopped/g) === 2)
    t.type('fg')
    t.keys('Enter')
    await t.waitFor((s) => resumed(s, 'typed', 2))
    t.keys('Enter')
    expect(await t.waitFor((s) => answers(s) === 3)).toContain('You said: "typed"')
    t.type('/exit')
    t.keys('Enter')
    await t.waitFor(/^CHILD-EXIT:0$/m)
  })

  // one chat, outside tmux (no $TMUX): before anything is said, then once there is a conversation the log does not
  // keep; /copy on a terminal that is not known to take OSC 52 says how to copy, not silence
  it('Ctrl-C at an empty prompt asks first when the log is off; the second quits with 130. /copy outside tmux says how to copy', async () => {
    const t = chat('ctrlc-off', { AGENTRY_LOG: 'off' }, 'env -u TMUX ')
    await t.waitFor(/^› /m)
    t.keys('C-c')
    // nothing said yet: nothing to lose, it only says how to quit (a second Ctrl-C would quit: chat.test.ts)
    expect(await t.waitFor('to quit: Ctrl-D or /exit')).not.toContain('not saved')
    // a message in between: the next Ctrl-C is a first one again
    t.type('hello')
    t.keys('Enter')
    await t.waitFor((s) => answers(s) === 1)
    t.type('/copy')
    t.keys('Enter')
    await t.waitFor(/not copied: this terminal is not known to accept OSC 52 clipboard writes/)
    t.keys('C-c')
    await t.waitFor('this conversation is not saved (the log is off): Ctrl-C again quits')
    expect(await t.screen()).not.toMatch(/^EXIT:/m)
    t.keys('C-c')
    await t.waitFor(/^EXIT:130$/m)
  })

  // one chat for these: a stop that is discarded goes on with the same conversation, whose last answer /copy sends by
  // OSC 52 (forced, outside tmux), and which Ctrl-C then ends
  it('Ctrl-Z without job control (no shell to come back to) says so and the chat goes on; /copy by OSC 52 when forced; with the log on, Ctrl-C twice quits and the resume line names the logged conversation', async () => {
    // the harness runs the chat under `sh -c` in the pane: an orphaned process group, where a stop is discarded
    const t = chat('no-job-control', { AGENTRY_OSC52: '1' }, 'env -u TMUX ')
    await t.command('set-option', '-g', 'set-clipboard', 'on') // each session has its own server
    await t.waitFor(/^› /m)
    t.type('still here')
    t.keys('C-z')
    await t.waitFor('Ctrl-Z: no job control here')
    await t.waitFor((s) => lastPrompt(s) === '› still here')
    t.keys('Enter')
    expect(await t.waitFor((s) => answers(s) === 1)).toContain('You said: "still here"')
    t.type('remember the word pelican')
    t.keys('Enter')
    await t.waitFor((s) => answers(s) === 2)
    // forced: the OSC 52 sequence reaches the terminal (tmux, with set-clipboard on, turns it into a buffer)
    t.type('/copy')
    t.keys('Enter')
    await t.waitFor(/copied \d+ characters to the clipboard \(OSC 52\)/)
    expect(await t.command('show-buffer')).toMatch(/^You said: "remember the word pelican"/)
    t.keys('C-c', 'C-c')
    const end = await t.waitFor(/^EXIT:130$/m)
    const id = end.match(/^resume with: agentry chat --cid (c[0-9a-f]{12})$/m)?.[1]
    expect(id).toBeDefined()
    // and it does resume: the rebuilt history reaches the agent
    const again = terminal('resume')
    again.start(`${node} bin/agentry.cjs chat --cid ${id}`, envOf.get(t) ?? {})
    // the prompt, not only the banner (keys typed before it are kept too: test/terminal/chat-tty.test.ts)
    await again.waitFor(/resumed: 4 messages[\s\S]*^› /m)
    again.type('and now?')
    again.keys('Enter')
    const s = await again.waitFor((x) => answers(x) === 1)
    expect(s).toContain('this is turn 3')
    expect(s).toContain('pelican')
  })

  // one chat for $EDITOR and /copy into tmux's buffer: /copy first (no answer yet), at the end the last answer's
  it("/edit and Ctrl-X Ctrl-E open $EDITOR on the input, hand the terminal back, and put the text at the prompt; Ctrl-C in the editor stops the editor only, the input kept; /copy puts the last answer in tmux's buffer", async () => {
    const t = chat('edit')
    await t.command('set-option', '-g', 'set-clipboard', 'on')
    await t.waitFor(/^› /m)
    t.type('/copy')
    t.keys('Enter')
    await t.waitFor('no answer to copy yet')
    t.type('/edit draft one')
    t.keys('Enter')
    await t.waitFor((s) => lastPrompt(s) === '› written in the editor' && s.includes('· was: draft one'))
    // the prompt still edits (raw mode is back): Ctrl-U clears the last line, then more typing
    t.keys('C-u')
    t.type('typed after')
    await t.waitFor(/^· typed after$/m)
    t.keys('C-c')
    t.type('second draft')
    t.keys('C-x', 'C-e')
    await t.waitFor((s) => s.includes('· was: second draft'))
    t.keys('Enter')
    const s = await t.waitFor((x) => answers(x) === 1)
    expect(s).toContain('You said: "written in the editor was: second draft"')

    // Ctrl-C in the editor: the editor ends, the chat says so and keeps the input
    t.type('keep me')
    t.keys('C-x', 'C-e')
    await t.waitFor('EDITOR-RUNNING')
    // Ctrl-C once the editor waits in its sleep (a Ctrl-C between its echo and its sleep was lost under load)
    const editor = join(dir(), 'editor.sh')
    const editorWaits = () => spawnSync('sh', ['-c', `pgrep -x -P "$(pgrep -d, -f ${sh(editor)})" sleep`]).status === 0
    await pollUntil(editorWaits, { what: 'the editor waiting in its sleep' })
    t.keys('C-c')
    const stopped = await t.waitFor(/the input is unchan\n?ged/)
    expect(stopped).toMatch(/the editor \(.+editor\.sh\) exited with a signal/)
    await t.waitFor((x) => lastPrompt(x) === '› keep me')
    // the line is still there to send
    t.keys('Enter')
    expect(await t.waitFor((x) => answers(x) === 2)).toContain('You said: "keep me"')
    t.type('hello')
    t.keys('Enter')
    await t.waitFor((s) => answers(s) === 3)
    t.type('/copy')
    t.keys('Enter')
    await t.waitFor(/copied \d+ characters to tmux's paste buffer/)
    expect(await t.command('show-buffer')).toMatch(/^Hello! I am \*\*Demo Assistant\*\*/)
    t.keys('C-d')
    await t.waitFor(/^EXIT:0$/m)
  })
})
