// The model's reasoning in the interactive chat, in a real terminal (tmux): dimmed, under "thinking", before the
// answer and set apart from it by a blank line; the answer itself is not dimmed. The embedded emulator's scripted
// model reasons when asked to "think step by step".
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBuild, sh, TmuxSession, tmuxMissing } from './tmux.js'
import { tempDir } from '../helpers/temp-dir.js'

const missing = tmuxMissing()

describe.skipIf(missing !== undefined)('reasoning in the interactive chat (tmux)', () => {
  let t: TmuxSession | undefined
  let configDir = ''

  beforeAll(() => {
    requireBuild()
    configDir = tempDir('agentry-tmux-reasoning-')
  })
  afterAll(async () => {
    await t?.kill()
    if (configDir) rmSync(configDir, { recursive: true, force: true })
  })

  it('shows the reasoning dimmed before the answer, set apart by a blank line', async () => {
    t = new TmuxSession('reasoning')
    t.start(`${sh(process.execPath)} bin/agentry.cjs --emulator chat demo-assistant`, {
      AGENTRY_CONFIG_DIR: configDir,
      TERM: 'xterm-256color',
    })
    await t.waitFor(/^› /m)
    t.type('think step by step about tea')
    t.keys('Enter')
    const screen = await t.waitFor(/\d+ in · \d+ out · /)
    const lines = screen.split('\n')
    const head = lines.indexOf('thinking')
    expect(head).toBeGreaterThan(-1)
    expect(lines[head + 1]).toBe('│ The user wrote 6 words: "think step by step about tea".')
    expect(lines[head + 2]).toBe('│ Step 1: find what is asked. Step 2: answer plainly.')
    expect(lines[head + 3]).toBe('')
    expect(lines[head + 4]).toMatch(/^You said: "think step by step about tea"/)
    // the reasoning lines carry the dim attribute (SGR 2); the answer's lines do not
    const styled = await t.styledScreen()
    expect(dimAt(styled, 'thinking')).toBe(true)
    expect(dimAt(styled, '│ The user wrote')).toBe(true)
    expect(dimAt(styled, '│ Step 1:')).toBe(true)
    expect(dimAt(styled, 'You said:')).toBe(false)
  })
})

/**
 * Whether the dim attribute is on at the first character of the line whose text starts with `text`. tmux's
 * capture-pane -e carries attributes over from line to line, so the SGR state is followed through the whole screen.
 */
function dimAt(styled: string, text: string): boolean | undefined {
  let dim = false
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
    if (plain.startsWith(text)) return dimAtStart
  }
  return undefined
}
