// A one-shot `chat` rendered on a terminal draws with the locale's characters, as the interactive chat does: under
// LANG=C the markdown's bullets, rules, quote bars and table borders, and the tool lines on stderr, are ASCII.
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const nonAscii = /[^\x00-\x7f]/u

describe('one-shot chat on a terminal', () => {
  it('is ASCII under LANG=C (the markdown showcase: lists, a table, a quote)', async () => {
    const t = emulatorContext(fx, { tty: true, env: { LANG: 'C', LC_ALL: undefined, LC_CTYPE: undefined } })
    expect(await t.run(['chat', 'demo-assistant', '-m', 'show me markdown'])).toBe(0)
    expect(t.stdout()).toMatch(/\|/)
    expect(t.stdout().match(nonAscii)).toBeNull()
    expect(t.stderr().match(nonAscii)).toBeNull()
  })

  it('keeps its Unicode drawing in a UTF-8 locale', async () => {
    const t = emulatorContext(fx, { tty: true, env: { LANG: 'en_US.UTF-8', LC_ALL: undefined } })
    expect(await t.run(['chat', 'demo-assistant', '-m', 'show me markdown'])).toBe(0)
    expect(t.stdout()).toMatch(/[•│─]/u)
  })
})
