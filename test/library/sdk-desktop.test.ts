// `client.desktop` as a library user calls it against the emulator: access read and changed member by member, the
// task list by status, one task, approve, start (a second start is a ConflictError: another machine has it) and the
// answer, which the service then holds; an unknown task is a NotFoundError.
import { describe, expect, it } from 'vitest'
import { ConflictError, createClient, type DesktopTask, NotFoundError } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const client = () =>
  createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId, retries: 0 })

describe('client.desktop', () => {
  it('access: a member left out keeps its value', async () => {
    const desktop = client().desktop
    expect(await desktop.access.set({ allow_always: true })).toEqual({ enabled: true, allow_always: true })
    expect(await desktop.access.set({ enabled: false })).toEqual({ enabled: false, allow_always: true })
    expect(await desktop.access.set({ enabled: true, allow_always: false })).toEqual({
      enabled: true,
      allow_always: false,
    })
    expect(await desktop.access.get()).toEqual({ enabled: true, allow_always: false })
  })

  it('tasks: list by status, get, approve, start once, respond', async () => {
    const queued = fx.emu.state.desktop.queue(
      { account: fx.emu.accountId, sourceAgentId: 'desktop-relay', sourceChatId: 'c1', text: 'hi', ttlMs: 60_000 },
      Date.now(),
    )
    const { tasks } = client().desktop
    const awaiting: DesktopTask[] = await tasks.list({ status: 'awaiting_confirmation' })
    expect(awaiting.map((t) => t.id)).toContain(queued.id)
    await tasks.approve(queued.id)
    expect((await tasks.get(queued.id)).task_status).toBe('pending')
    await tasks.start(queued.id)
    await expect(tasks.start(queued.id)).rejects.toBeInstanceOf(ConflictError)
    await tasks.respond(queued.id, 'done')
    expect(await tasks.get(queued.id)).toMatchObject({ task_status: 'completed', response: 'done' })
    await expect(tasks.get('dtask_none')).rejects.toBeInstanceOf(NotFoundError)
  })
})
