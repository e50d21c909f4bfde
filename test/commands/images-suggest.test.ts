// `agentry images suggest-edits <image>` (issue 40 item 6, the SDK's images.suggestEdits) against the emulator.
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'

const fx = emulatorFixture()

describe('images suggest-edits', () => {
  it('prints a table of edits, and the answer as given with --json', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['images', 'suggest-edits', 'https://example.com/hero.png'])).toBe(0)
    expect(t.stdout().trim().split('\n')).toHaveLength(3)
    t.clearOutput()
    expect(
      await t.run(['images', 'suggest-edits', 'https://example.com/hero.png', '-p', 'a dark header', '--json']),
    ).toBe(0)
    const answer = JSON.parse(t.stdout())
    expect(answer.suggestions).toHaveLength(3)
    expect(answer.suggestions[0].description).toContain('for: a dark header')
    expect(await t.run(['images', 'suggest-edits', 'ftp://x/y.png'])).toBe(2)
  })

  it('the library: images.suggestEdits', async () => {
    const client = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const { suggestions } = await client.images.suggestEdits({ imageUrl: 'https://example.com/a.png' })
    expect(suggestions[0]).toHaveProperty('title')
  })
})
