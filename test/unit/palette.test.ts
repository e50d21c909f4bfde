// The one palette (src/io/palette.ts): chalk's styles with the exact SGR bytes agentry has always written, the
// identity when colour is off, and the run's colour decision (TTY, NO_COLOR, --no-color) honoured on stderr.
import { describe, expect, it } from 'vitest'
import { createUiStyle } from '../../src/chat/interactive/style.js'
import { palette } from '../../src/io/palette.js'
import { testContext } from '../helpers/test-context.js'

describe('palette', () => {
  it('on: the 16-colour SGR codes, nested styles closed innermost first', () => {
    const c = palette(true)
    expect(c.bold('b')).toBe('\x1b[1mb\x1b[22m')
    expect(c.dim('d')).toBe('\x1b[2md\x1b[22m')
    expect(c.red('r')).toBe('\x1b[31mr\x1b[39m')
    expect(c.yellow('y')).toBe('\x1b[33my\x1b[39m')
    expect(createUiStyle(true).prompt('›')).toBe('\x1b[1m\x1b[36m›\x1b[39m\x1b[22m')
    expect(createUiStyle(true).dim('')).toBe('')
    // handed to map(), a chat style takes the item only (chalk would join the index and the array to it)
    expect(['a', 'b'].map(createUiStyle(true).dim)).toEqual(['\x1b[2ma\x1b[22m', '\x1b[2mb\x1b[22m'])
  })

  it('off: every style is the identity', () => {
    const c = palette(false)
    expect(c.bold.underline.magenta('x')).toBe('x')
    const ui = createUiStyle(false)
    expect([ui.prompt('a'), ui.error('b'), ui.warn('c')]).toEqual(['a', 'b', 'c'])
  })

  it('one chalk instance per level', () => {
    expect(palette(true)).toBe(palette(1))
    expect(palette(false)).not.toBe(palette(true))
  })
})

describe('stderr colour of a run', () => {
  it('a usage error is `error:` in red on a colour terminal', async () => {
    const t = testContext({ tty: true, env: { NO_COLOR: undefined } })
    expect(await t.run(['agents', 'list', '--bogus'])).toBe(2)
    expect(t.stderr()).toMatch(/^\x1b\[31merror:\x1b\[39m unknown option '--bogus'/)
  })

  it('--no-color and NO_COLOR leave it plain', async () => {
    const t = testContext({ tty: true, env: { NO_COLOR: undefined } })
    expect(await t.run(['--no-color', 'agents', 'list', '--limit', '1000'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: --limit/)
    const u = testContext({ tty: true })
    expect(await u.run(['agents', 'list', '--bogus'])).toBe(2)
    expect(u.stderr()).toMatch(/^error: unknown option/)
  })

  it.each([
    ['in yellow on a colour terminal', true, '\x1b[33mwarning:\x1b[39m'],
    ['plain when piped', false, 'warning:'],
  ] as const)('a warning is `warning:` %s', async (_, tty, label) => {
    const t = testContext({ tty, env: { NO_COLOR: undefined } })
    await t.ctx.resolve({ globals: {} })
    t.ctx.warn('careful\x1b]0;x\x07')
    expect(t.stderr()).toBe(`${label} careful\\u001b]0;x\\u0007\n`)
  })
})
