// Models as chat targets (issue 40 item 4): `models list`, `chat --list-targets` in the official shape {agents,
// models}, `chat --model <id>` (the default agent, naming the model) and `--mode` passed through in the body.
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { stubCall } from '../helpers/http-stub.js'
import { testContext } from '../helpers/test-context.js'

// answers unpaced: these tests read what is answered, not how fast it streams
const fx = emulatorFixture({ emulator: { tokenDelayMs: 0 } })

describe('models as chat targets', () => {
  it('models list, and chat --list-targets --json as {agents, models}, the default agent first', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['models', '--json'])).toBe(0)
    const models = JSON.parse(t.stdout()) as { id: string }[]
    expect(models.map((m) => m.id)).toEqual(['emulator/scripted-1', 'emulator/scripted-mini'])
    t.clearOutput()
    expect(await t.run(['chat', '--list-targets', '--json'])).toBe(0)
    const targets = JSON.parse(t.stdout())
    expect(Object.keys(targets)).toEqual(['agents', 'models'])
    expect(targets.agents[0]).toEqual({
      type: 'agent',
      id: 'default',
      name: 'Default Agent',
      description: 'Account default agent',
    })
    expect(targets.agents.map((a: { id: string }) => a.id)).toContain('demo-assistant')
    expect(targets.models[1]).toMatchObject({ type: 'model', id: 'emulator/scripted-mini', name: 'Scripted Mini' })
  })

  it('chat --model talks to the model (its words start the message); an unknown model is refused by the service', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['chat', '--model', 'emulator/scripted-mini', 'hello', 'there'])).toBe(0)
    expect(t.stdout()).toContain('I am **Scripted Mini**')
    expect(await t.run(['chat', '--model', 'nope', '-m', 'hi'])).toBe(2)
    expect(t.stderr()).toContain('model: "nope" is not one of the account\'s models')
    expect(await t.run(['chat', '--model', 'emulator/scripted-1', '--new-chat', '-m', 'hi'])).toBe(2)
  })

  it('sends model and mode in the completion body', async () => {
    const t = testContext()
    const bodies = stubCall(t, 'POST', '/api/v1beta/agent/default/chat/completion', 200, {
      choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    })
    expect(await t.run(['chat', '--model', 'm-1', '--mode', 'ask', '--no-stream', '-m', 'hi'])).toBe(0)
    expect(bodies[0]).toMatchObject({ model: 'm-1', mode: 'ask', stream: false })
    const agentBodies = stubCall(t, 'POST', '/api/v1beta/agent/ag_1/chat/completion', 200, {
      choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    })
    expect(await t.run(['chat', 'ag_1', '--mode', 'plan', '--no-stream', '-m', 'hi'])).toBe(0)
    expect(agentBodies[0]).toMatchObject({ mode: 'plan' })
    expect(agentBodies[0]).not.toHaveProperty('model')
  })

  it('the library: models.list(), and a model chat through chat.stream', async () => {
    const client = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    expect((await client.models.list()).map((m) => m.id)).toContain('emulator/scripted-1')
    let text = ''
    for await (const e of client.chat.stream('default', {
      messages: [{ role: 'user', content: 'hello' }],
      model: 'emulator/scripted-1',
    }))
      if (e.type === 'text') text += e.text
    expect(text).toContain('Scripted 1')
  })
})
