// What the CLI does in one step, the library does in one call too (issue 42 item 5), against the emulator: waiting for
// a scenario's next run (`scenario runs --until-one`), a save with merge and publish (`cms save --merge --publish`),
// files with a stateful chat's message (`chat --attach`), and a run's output as text (what `scenario run` prints).
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createClient, type Execution, outputText, TimeoutError, UsageError } from '../../src/index.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const client = () => createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })

describe('the library in one call', () => {
  it('scenarios.waitForRun: the next run to end, triggered while it waits; a limit measured on the clock', async () => {
    const c = client()
    const { secret } = demoSecrets.scenarios.scn_summarize
    let looks = 0
    const ended = await c.scenarios.waitForRun('scn_summarize', {
      sleep: async () => {
        if (looks++ === 0) await c.scenarios.execute('scn_summarize', 'awaited', { secret })
      },
    })
    expectTypeOf(ended).toEqualTypeOf<Execution>()
    expect(ended.status).toBe('completed')
    expect(outputText(ended.output)).toMatch(/\S/)
    let clock = 0
    const timedOut = c.scenarios.waitForRun('scn_summarize', {
      timeoutMs: 3000,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms
      },
    })
    await expect(timedOut).rejects.toBeInstanceOf(TimeoutError)
    expect(clock).toBe(3000)
    await c.close()
  })

  it('outputText: a string as it is, other JSON as its text, nothing as ""', () => {
    expect(outputText('hi')).toBe('hi')
    expect(outputText({ a: [1] })).toBe('{"a":[1]}')
    expect(outputText(null)).toBe('')
    expect(outputText(undefined)).toBe('')
  })

  it('cms.save: merge and publish in one call; merge without an id is refused', async () => {
    const c = client()
    const made = await c.cms.save('posts', { data: { title: 'One step', body: 'first' } })
    const saved = await c.cms.save('posts', { data: { body: 'second' } }, { id: made.id, merge: true, publish: true })
    expect(saved.id).toBe(made.id)
    const served = await c.cms.get('posts', made.id)
    expect(served.data).toMatchObject({ title: 'One step', body: 'second' })
    await expect(c.cms.save('posts', { data: {} }, { merge: true })).rejects.toBeInstanceOf(UsageError)
    await c.close()
  })

  it('chat.stream with attachments: the files go up with the stateful message in the same call', async () => {
    const c = client()
    const chat = c.chats.create('demo-assistant')
    const file = { name: 'notes.txt', data: new TextEncoder().encode('hello, world') }
    const stream = c.chat.stream('demo-assistant', {
      chatId: chat.id,
      message: { role: 'user', content: 'what is in it?' },
      attachments: [file],
    })
    let text = ''
    for await (const e of stream) if (e.type === 'text') text += e.text
    expect(text).toContain('attached: notes.txt (12 bytes)')
    const [kept] = await c.chats.messages('demo-assistant', chat.id)
    expect((kept as { attachments?: { filename: string }[] }).attachments).toEqual([
      expect.objectContaining({ filename: 'notes.txt' }),
    ])
    expect(() =>
      c.chat.stream('demo-assistant', {
        messages: [{ role: 'user', content: 'x' }],
        ...({ attachments: [file] } as object),
      }),
    ).toThrow(UsageError)
    await c.close()
  })
})
