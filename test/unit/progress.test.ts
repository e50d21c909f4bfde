// The progress line of non-chat work (src/io/progress.ts): an ora spinner on a terminal's stderr, loaded
// when first shown, with the counter as its text; nothing at all when piped, under CI or with --quiet.
import { describe, expect, it, vi } from 'vitest'
import { progressLine } from '../../src/io/progress.js'
import { testContext } from '../helpers/test-context.js'

const frames = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏'
// ora redraws on its own 80 ms timer: on a busy machine that may take a while
const drawn = { timeout: 5000 }

describe('progress line', () => {
  it('on a terminal: an ora spinner with the counter, erased by end() and shown again by a later update', async () => {
    const t = testContext({ tty: true })
    const p = progressLine(t.ctx, 'exported')
    p.update(1, 3)
    await vi.waitFor(() => expect(t.stderr()).toMatch(new RegExp(`[${frames}] exported 1/3`)), drawn)
    // hidden cursor, DEC synchronized output around each redraw, no colour (NO_COLOR)
    expect(t.stderr()).toContain('\x1b[?25l')
    expect(t.stderr()).toContain('\x1b[?2026h')
    expect(t.stderr()).not.toContain('\x1b[36m')
    p.update(2, 3)
    await vi.waitFor(() => expect(t.stderr()).toContain(' exported 2/3'), drawn)
    p.end()
    // the line erased (CHA 1, EL 0: node:readline's cursorTo/clearLine) and the cursor shown again
    expect(t.stderr()).toMatch(/\x1b\[1G\x1b\[0K\x1b\[\?25h$/)
    t.clearOutput()
    p.update(5)
    await vi.waitFor(() => expect(t.stderr()).toMatch(new RegExp(`[${frames}] exported 5`)), drawn)
    p.end()
  })

  it('its frames in cyan when stderr has colour', async () => {
    const t = testContext({ tty: true, env: { NO_COLOR: undefined } })
    const p = progressLine(t.ctx, 'ran')
    p.update(1)
    await vi.waitFor(() => expect(t.stderr()).toMatch(new RegExp(`\x1b\\[36m[${frames}]\x1b\\[39m ran 1`)), drawn)
    p.end()
  })

  it('stopped by the run cleanup when the work never ended it', async () => {
    const t = testContext({ tty: true })
    const p = progressLine(t.ctx, 'imported')
    p.update(7)
    await vi.waitFor(() => expect(t.stderr()).toContain(' imported 7'), drawn)
    await t.ctx.cleanup()
    expect(t.stderr()).toMatch(/\x1b\[0K\x1b\[\?25h$/)
  })

  it.each([
    ['piped', { tty: false }],
    ['under CI', { tty: true, env: { CI: 'true' } }],
    ['TERM=dumb', { tty: true, env: { TERM: 'dumb' } }],
  ])('%s: nothing at all', async (_, opts) => {
    const t = testContext(opts)
    const p = progressLine(t.ctx, 'ran')
    p.update(1, 2)
    await new Promise((r) => setImmediate(r))
    p.end()
    expect(t.stderr()).toBe('')
  })

  it('--quiet: nothing at all', async () => {
    const t = testContext({ tty: true })
    await t.ctx.resolve({ globals: { quiet: true } })
    const p = progressLine(t.ctx, 'ran')
    p.update(1, 2)
    await new Promise((r) => setImmediate(r))
    p.end()
    expect(t.stderr()).toBe('')
  })
})
