// `/export test <file>` in the interactive chat (issue 31 item 8): the conversation so far is written as a test file
// of `agentry test`, which runs and passes against the same emulator; a bad argument says the usage.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCommand } from '../../src/chat/interactive/commands.js'
import { createUiStyle } from '../../src/chat/interactive/style.js'
import { createChatSession } from '../../src/chat/session.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { tempDir } from '../helpers/temp-dir.js'
import { collect, emuContext } from './helpers.js'

const fx = emulatorFixture({ emulator: quietEmulator })

describe('/export test <file>', () => {
  it('writes the conversation as a test file that agentry test runs and passes', async () => {
    const { ctx } = emuContext(fx.emu)
    const session = await createChatSession({ ctx, agentId: 'demo-assistant', system: 'You are terse.' })
    await collect(session.send('hello'))
    await collect(session.send('count to 3'))
    const shown: string[] = []
    const deps = {
      session,
      ui: (s: string) => shown.push(s),
      style: createUiStyle(false),
      columns: () => 80,
      images: [],
      attachments: [],
      tools: async () => [],
      answer: async () => undefined,
      env: {},
      terminalWrite: () => {},
      confirm: async () => false,
    }
    await runCommand('export', 'test', deps)
    expect(shown.join('')).toBe('usage: /export test <file.yaml>\n')
    shown.length = 0
    const file = join(tempDir(), 'chat.test.yaml')
    await runCommand('export', `test ${file}`, deps)
    expect(shown.join('')).toBe(`wrote ${file}: run it with agentry test ${file}\n`)
    const text = readFileSync(file, 'utf8')
    expect(text).toContain('system: You are terse.')
    expect(text).toMatch(/- user: hello\n[\s\S]*- user: count to 3\n/)

    const t = emulatorContext(fx)
    expect(await t.run(['test', file])).toBe(0)
    expect(t.stdout()).toMatch(/^the conversation of a chat with demo-assistant goes as before\tdemo-assistant\tpass\t/)
  })

  it('says when there is nothing to write', async () => {
    const { ctx } = emuContext(fx.emu)
    const session = await createChatSession({ ctx, agentId: 'demo-assistant' })
    const shown: string[] = []
    const deps = {
      session,
      ui: (s: string) => shown.push(s),
      style: createUiStyle(false),
      columns: () => 80,
      images: [],
      attachments: [],
      tools: async () => [],
      answer: async () => undefined,
      env: {},
      terminalWrite: () => {},
      confirm: async () => false,
    }
    await runCommand('export', `test ${join(tempDir(), 'x.yaml')}`, deps)
    expect(shown.join('')).toBe('✗ not written: the conversation has no user message to make a turn of\n')
  })
})
