// The local log keeps a conversation once an answer arrived (issue 22 item 13): a chat the service never answered
// is not logged (and `-c` does not go on with it); an answer cut short is logged marked partial, and `-c` says so.
import { describe, expect, it } from 'vitest'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'

// answers stream a piece every 100 ms, so that --timeout 1 cuts one short
const fx = emulatorFixture({ emulator: { scheduler: false, tokenDelayMs: 100 } })

interface Logged {
  id: string
  messages: number
}

describe('the chat log and failed or cut answers', () => {
  it('a chat that failed (unknown agent, 404) is not logged, and -c has nothing to go on with', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['chat', '-m', 'hi', 'nope'])).toBe(3)
    t.clearOutput()
    expect(await t.run(['logs', 'list', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual([])
    t.clearOutput()
    expect(await t.run(['chat', '-c', '-m', 'again'])).toBe(2)
    expect(t.stderr()).toMatch(/no conversation in the local log to continue/)
  })

  it('a follow-up that fails leaves the logged conversation as it was', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['chat', 'demo-assistant', '-m', 'hello', '--max-tokens', '5'])).toBe(0)
    // the same conversation, sent where nothing answers: nothing of it reaches the log
    const nowhere = ['--base-url', 'http://127.0.0.1:9/api/v1beta', '--retries', '0']
    expect(await t.run([...nowhere, 'chat', '-c', '-m', 'again'])).toBe(8)
    t.clearOutput()
    expect(await t.run(['logs', 'list', '--json'])).toBe(0)
    const [c, ...rest] = JSON.parse(t.stdout()) as Logged[]
    expect(rest).toEqual([])
    expect(c?.messages).toBe(2)
  })

  it('an answer cut by --timeout is logged marked partial, and -c says so', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['chat', 'demo-assistant', '-m', 'tell me a long story', '--timeout', '1'])).toBe(124)
    t.clearOutput()
    expect(await t.run(['logs', 'list', '--json'])).toBe(0)
    const [c] = JSON.parse(t.stdout()) as Logged[]
    t.clearOutput()
    expect(await t.run(['logs', 'show', c!.id, '--json'])).toBe(0)
    const shown = JSON.parse(t.stdout()) as { messages: { role: string; partial?: boolean }[] }
    expect(shown.messages.map((m) => [m.role, m.partial ?? false])).toEqual([
      ['user', false],
      ['assistant', true],
    ])
    t.clearOutput()
    expect(await t.run(['logs', 'show', c!.id])).toBe(0)
    expect(t.stdout()).toMatch(/assistant · .* · partial \(cut short\)/)
    t.clearOutput()
    expect(await t.run(['chat', '-c', '-m', 'go on', '--max-tokens', '5'])).toBe(0)
    expect(t.stderr()).toMatch(new RegExp(`conversation ${c!.id}: its last answer was cut short \\(partial\\)`))
  })
})
