// Issue 33 item 16: keys typed before the prompt is up, and Ctrl-C as $EDITOR starts. Raw mode is entered before
// anything is awaited; what was typed before that, in cooked mode, had its Enter turned into a line feed by the tty
// driver (ICRNL), and is read as Enter again. A Ctrl-C typed with /edit, before the terminal is handed over, stops the
// editor from starting; one that reaches the chat while the editor starts is passed on to it, and the input kept.
import { chmodSync, existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { Terminal } from '../../src/chat/interactive/terminal.js'
import { fakeTerminal, scriptedSession, sentCount } from './interactive-fakes.js'

afterEach(() => {
  vi.restoreAllMocks()
})

/** An $EDITOR that says it started (a file), then writes "edited" into the file it was given. */
function editorScript(dir: string): { editor: string; started: string } {
  const editor = join(dir, 'editor.sh')
  const started = join(dir, 'started')
  writeFileSync(editor, `#!/bin/sh\n: > '${started}'\nprintf edited > "$1"\n`)
  chmodSync(editor, 0o755)
  return { editor, started }
}

describe('keys typed before the prompt is up', () => {
  it('raw mode comes first; an Enter typed before it (a line feed from the tty driver) still sends', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    // typed while the chat was starting, in cooked mode: the tty driver turned Enter's CR into LF
    t.type('hello\n')
    const done = runInteractive(s.session, t.ctx)
    // before anything was awaited (the agent's record, the history file)
    expect(t.stdin.rawMode).toBe(true)
    await sentCount(s, 1)
    expect(s.sent).toEqual(['hello'])
    s.turns[0]!.push({ end: 'done' })
    await t.waitFor(/3 in · 5 out/)
    // in raw mode, LF is Ctrl-J again: a new line in the input
    t.type('one\ntwo\r')
    await sentCount(s, 2)
    expect(s.sent[1]).toBe('one\ntwo')
    s.turns[1]!.push({ end: 'done' })
    t.type('\x04')
    expect(await done).toBe(0)
  })
})

describe('a line typed in cooked mode, read late', () => {
  it('a start slow enough that the first read comes well after raw mode: its line feed is still Enter', async () => {
    const t = fakeTerminal()
    vi.useFakeTimers()
    const term = new Terminal(t.ctx.io, () => {})
    try {
      term.start()
      // a loaded machine: the chat's first read of stdin comes 1 s after raw mode was entered
      vi.advanceTimersByTime(1000)
      vi.useRealTimers()
      t.type('typed early\n')
      expect(await term.nextKey()).toEqual({ name: 'text', text: 'typed early' })
      expect(await term.nextKey()).toEqual({ name: 'enter' })
      // later reads are raw: a line feed alone is Ctrl-J, a new line in the input
      t.type('\n')
      expect(await term.nextKey()).toEqual({ name: 'newline' })
    } finally {
      vi.useRealTimers()
      term.close()
    }
  })
})

describe('Ctrl-C as $EDITOR starts', () => {
  it('typed with /edit, before the terminal is handed over: the editor does not start', async () => {
    const t = fakeTerminal()
    const { editor, started } = editorScript(t.dir)
    t.ctx.env.EDITOR = editor
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('chat with demo')
    t.type('/edit draft\r\x03')
    await t.waitFor('was not started; the input is unchanged')
    expect(existsSync(started)).toBe(false)
    t.type('\x04')
    expect(await done).toBe(0)
  })

  it('reaching the chat as SIGINT once the terminal is handed over, before the editor exists: it does not start', async () => {
    const t = fakeTerminal()
    const { editor, started } = editorScript(t.dir)
    t.ctx.env.EDITOR = editor
    const s = scriptedSession()
    const close = Terminal.prototype.close
    let handedOver = false
    // the SIGINT of a Ctrl-C just after the tty went back to cooked mode, as src/cli.ts hands it to the command
    vi.spyOn(Terminal.prototype, 'close').mockImplementation(function (this: Terminal) {
      close.call(this)
      if (handedOver) return
      handedOver = true
      t.ctx.interrupt()
    })
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('chat with demo')
    t.type('/edit draft\r')
    await t.waitFor('was not started; the input is unchanged')
    expect(existsSync(started)).toBe(false)
    t.type('\x04')
    expect(await done).toBe(0)
  })
})
