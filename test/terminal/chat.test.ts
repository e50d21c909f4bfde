// The interactive chat in a real terminal (tmux, 100x30): the built CLI is typed at and its screen read back, as a
// user would see it, the model's reasoning dimmed before the answer (its attributes read with capture-pane -e). Against
// the embedded emulator (`--emulator`, what `npm start` runs). A chat against an emulator started by the test, whose
// request log shows that Ctrl-C cancelled the answer on the server, is test/terminal/chat-tty.test.ts's.
import { readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastPrompt, requireBuild, sh, TmuxSession, tmuxMissing } from './tmux.js'
import { tempDir } from '../helpers/temp-dir.js'

const missing = tmuxMissing()
if (missing) console.warn(missing)

describe.skipIf(missing !== undefined)('interactive chat in tmux', () => {
  const sessions: TmuxSession[] = []
  let configDir: string
  const node = sh(process.execPath)

  beforeAll(async () => {
    requireBuild()
    configDir = tempDir('agentry-tmux-')
  })

  afterAll(async () => {
    for (const s of sessions) await s.kill()
    if (configDir) rmSync(configDir, { recursive: true, force: true })
  })

  /** A chat in a new terminal against the embedded emulator (`--emulator`). */
  const chat = (name: string, agent: string) => {
    const t = new TmuxSession(`${name}-${sessions.length}`)
    sessions.push(t)
    const env: Record<string, string> = {
      AGENTRY_CONFIG_DIR: configDir,
      AGENTRY_STATE_DIR: join(configDir, 'state'),
      TERM: 'xterm-256color',
    }
    t.start(`${node} bin/agentry.cjs --emulator chat ${agent}`, env)
    return t
  }

  // one chat: the picker's first agent is demo-assistant, which the rest of the test talks to
  it('without an agent id shows a picker of the agents, Enter chats with the first one; streams a markdown answer, recalls history, takes /help, shows the reasoning dimmed before the answer, takes multi-line input, and /exit ends with 0', async () => {
    const t = chat('basic', '')
    const picker = await t.waitFor(/Chat with which agent\?[\s\S]*❯ \S/)
    const first = picker.match(/❯ (.+?)\s*$/m)?.[1] ?? ''
    expect(first).not.toBe('')
    t.keys('Enter')
    expect(await t.waitFor(/^› /m)).toContain(`chat with ${first}`)
    t.type('show me markdown')
    t.keys('Enter')
    // the heading is rendered: its text alone on its line, no leading #'s; then the usage line
    const answer = await t.waitFor(/\d+ in · \d+ out · /)
    expect(answer).toMatch(/^Markdown showcase$/m)
    expect(answer).not.toMatch(/^# Markdown/m)
    expect(answer).toMatch(/^│ demo-assistant +│ fast +│ none +│$/m)

    t.keys('Up')
    await t.waitFor((s) => lastPrompt(s) === '› show me markdown')
    t.keys('C-u')
    t.type('/help')
    t.keys('Enter')
    await t.waitFor(/\/retry +send the last message again/)

    // the model's reasoning (the scripted model reasons when asked to "think step by step"): dimmed, under
    // "thinking", before the answer and set apart from it by a blank line; the answer itself is not dimmed
    t.type('think step by step about tea')
    t.keys('Enter')
    const reasoned = await t.waitFor((s) => (s.match(/ in · \d+ out · /g) ?? []).length === 2)
    const lines = reasoned.split('\n')
    const head = lines.indexOf('thinking')
    expect(head).toBeGreaterThan(lines.indexOf('› think step by step about tea'))
    expect(lines[head + 1]).toBe('│ The user wrote 6 words: "think step by step about tea".')
    expect(lines[head + 2]).toBe('│ Step 1: find what is asked. Step 2: answer plainly.')
    expect(lines[head + 3]).toBe('')
    expect(lines[head + 4]).toMatch(/^You said: "think step by step about tea"/)
    // the reasoning lines carry the dim attribute (SGR 2); the answer's lines do not
    const styled = await t.styledScreen()
    const dim = (text: string) => dimAt(styled, text, '› think step by step about tea')
    expect(dim('thinking')).toBe(true)
    expect(dim('│ The user wrote')).toBe(true)
    expect(dim('│ Step 1:')).toBe(true)
    expect(dim('You said:')).toBe(false)

    t.type('first line')
    t.keys('M-Enter')
    t.type('second line \\')
    t.keys('Enter')
    t.type('third line')
    const multi = await t.waitFor(/^· third line$/m)
    expect(multi).toMatch(/^› first line\n· second line\n· third line$/m)
    t.keys('Enter')
    await t.waitFor((s) => (s.match(/ in · \d+ out · /g) ?? []).length >= 3)

    // a bracketed paste keeps its newlines in one message; Tab completes a command
    t.type('summarize: ')
    t.paste('alpha\nbeta\ngamma')
    await t.waitFor(/^› summarize: alpha\n· beta\n· gamma$/m)
    t.keys('C-c')
    await t.waitFor(/^· gamma \^C$/m)
    t.type('/exi') // /ex is /exit or /export
    t.keys('Tab')
    await t.waitFor((s) => lastPrompt(s) === '› /exit')
    t.keys('Enter')
    await t.waitFor(/^EXIT:0$/m)
    const history = join(configDir, 'state', 'history')
    expect(readFileSync(history, 'utf8')).toContain('"first line\\nsecond line \\nthird line"\n')
    expect(statSync(history).mode & 0o777).toBe(0o600)
  }, 60_000) // two checks' worth of typing and answers: 20 s was tight on a loaded machine

  /**
   * Whether the dim attribute is on at the first character of the first line, below the line `below`, whose text starts
   * with `text`. tmux's capture-pane -e carries attributes over from line to line, so the SGR state is followed through
   * the whole screen.
   */
  function dimAt(styled: string, text: string, below: string): boolean | undefined {
    let dim = false
    let seen = false
    for (const line of styled.split('\n')) {
      let plain = ''
      let dimAtStart: boolean | undefined
      for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
        const sgr = /^\x1b\[([0-9;]*)m$/.exec(part)
        if (sgr) {
          for (const p of (sgr[1] ?? '').split(';')) {
            if (p === '' || p === '0' || p === '22') dim = false
            else if (p === '2') dim = true
          }
        } else if (part !== '') {
          dimAtStart ??= dim
          plain += part
        }
      }
      if (seen && plain.startsWith(text)) return dimAtStart
      if (plain.trimEnd() === below) seen = true
    }
    return undefined
  }
})
