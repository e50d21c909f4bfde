// `POST /__emulator/reset` (issue 22 item 22): a reset forgets the tasks, and must stop those still running — their
// runs would otherwise go on answering into a state that no longer holds them, and a stream watching one would stay
// open until its answer ended. Each is canceled: its stream ends with a final canceled status.
import { describe, expect, it } from 'vitest'
import { emulatorFixture, hook } from '../helpers/emulator.js'
import { call } from './core-client.js'

// answers paced at 50 ms a token: "count to 5000" runs for minutes unless stopped
const fx = emulatorFixture({ emulator: { scheduler: false, tokenDelayMs: 50 } })
const message = (text: string) => ({ role: 'user', parts: [{ kind: 'text', text }], messageId: 'm-1', kind: 'message' })

describe('emulator reset', () => {
  it('cancels the A2A tasks still running, so that their runs stop and their streams end', async () => {
    const sent = await call(fx.emu, 'POST', '/agent/demo-assistant/a2a', {
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: { message: message('count to 5000'), configuration: { blocking: false } },
      },
    })
    const id: string = sent.json.result.id
    const rec = fx.emu.state.a2aTasks.get(id)!
    expect(rec.task.status.state).not.toBe('completed')
    const events: string[] = []
    rec.listeners.add((e) =>
      events.push(e.kind === 'status-update' ? `${e.status.state}${e.final ? '!' : ''}` : e.kind),
    )
    expect((await hook(fx.emu, 'POST', 'reset', {})).status).toBe(200)
    expect(rec.controller.signal.aborted).toBe(true)
    expect(rec.task.status.state).toBe('canceled')
    expect(events.at(-1)).toBe('canceled!')
    expect(fx.emu.state.a2aTasks.has(id)).toBe(false)
    await rec.done
    expect(rec.task.status.state).toBe('canceled')
  })
})
