// `agentry agents create|edit|delete` against the emulator (issue 40 item 2), and the library's methods they call.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture()

describe('agents create|edit|delete', () => {
  it('creates with --instructions @file, edits what is given, and deletes with --yes', async () => {
    const prompt = join(tempDir(), 'prompt.md')
    writeFileSync(prompt, 'You write release notes.\n')
    const t = emulatorContext(fx)
    const argv = ['agents', 'create', 'Release notes', '--description', 'Writes them', '--instructions', `@${prompt}`]
    expect(await t.run([...argv, '--model', 'emulator/scripted-mini', '--json'])).toBe(0)
    const made = JSON.parse(t.stdout())
    expect(made).toMatchObject({
      name: 'Release notes',
      description: 'Writes them',
      systemPrompt: 'You write release notes.\n',
      model: 'emulator/scripted-mini',
    })

    t.clearOutput()
    expect(await t.run(['agents', 'edit', made.id, '--name', 'Notes', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({
      id: made.id,
      name: 'Notes',
      systemPrompt: 'You write release notes.\n',
    })
    expect(await t.run(['agents', 'edit', made.id])).toBe(2)
    expect(t.stderr()).toContain('nothing to change')

    expect(await t.run(['agents', 'delete', made.id])).toBe(2)
    expect(t.stderr()).toMatch(/--yes is required/)
    expect(await t.run(['agents', 'rm', made.id, '--yes'])).toBe(0)
    expect(await t.run(['agents', 'get', made.id])).toBe(3)
  })

  it('the library: create, edit, delete; the body checked before it is sent', async () => {
    const client = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const made = await client.agents.create({ name: 'Lib agent', systemPrompt: 'Be brief.' })
    expect((await client.agents.edit(made.id, { description: 'edited' })).description).toBe('edited')
    await client.agents.delete(made.id)
    await expect(client.agents.get(made.id)).rejects.toMatchObject({ status: 404 })
    await expect(client.agents.create({ name: '' })).rejects.toThrow(/name is required/)
  })
})
