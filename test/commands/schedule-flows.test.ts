// `agentry schedule …` end to end, in-process (src/cli.ts run()) against a real emulator whose clock the test moves:
// a schedule created with --every 1s makes the emulator's scheduler run its scenario each second of that clock;
// `edit --status inactive` stops it; delete removes it. The scheduler's own timer is never waited for: the test
// advances the clock and asks it to fire what is due (tick()), so no test sleeps.
import { describe, expect, it, onTestFinished } from 'vitest'
import { startScheduler } from '../../src/emulator/scheduler.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

/** The emulator's clock: moved by the test only. */
const clock = { now: Date.parse('2026-03-02T09:00:00Z') }
const fx = emulatorFixture({ emulator: { ...quietEmulator, now: () => clock.now } })

/** The scheduler over the file's emulator, on the same clock; it fires only when the test calls tick(). */
function manualScheduler() {
  const scheduler = startScheduler(
    { state: fx.emu.state, now: () => clock.now, options: quietEmulator },
    { tickMs: 2 ** 31 - 1 },
  )
  onTestFinished(() => scheduler.stop())
  return scheduler
}

/** Moves the clock by `ms` and runs what has become due. */
async function advance(scheduler: ReturnType<typeof startScheduler>, ms: number): Promise<void> {
  clock.now += ms
  await scheduler.tick()
}

/** The scheduled runs recorded with this input. */
const runsWith = (input: string) =>
  [...fx.emu.state.executions.values()].filter((e) => e.trigger === 'schedule' && e.input === input)

describe('schedule (in-process, real emulator)', () => {
  it('--every 1s: a run each second of the clock; inactive stops them; delete removes it', async () => {
    const input = `tick ${Date.now()}`
    const args = ['schedule', 'create', '--scenario', 'scn_summarize', '--every', '1s', '--input', input, '--json']
    const r = await runCommand(args, { env: fx.env() })
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    const created = JSON.parse(r.stdout) as { id: string; intervalSeconds: number; name: string }
    expect(created).toMatchObject({ intervalSeconds: 1, name: 'scn_summarize every 1s' })
    const scheduler = manualScheduler()
    await advance(scheduler, 1000)
    expect(runsWith(input)).toHaveLength(1)
    await advance(scheduler, 1000)
    expect(runsWith(input)).toHaveLength(2)
    expect(runsWith(input).every((e) => e.scenarioId === 'scn_summarize' && e.status === 'completed')).toBe(true)

    const off = await runCommand(['schedule', 'edit', created.id, '--status', 'inactive', '--json'], { env: fx.env() })
    expect(off.exitCode).toBe(0)
    expect(JSON.parse(off.stdout).status).toBe('inactive')
    await advance(scheduler, 5000)
    expect(runsWith(input)).toHaveLength(2)

    const list = await runCommand(['schedule', 'list', '--all'], { env: fx.env() })
    expect(list.stdout).toMatch(
      new RegExp(`^${created.id}\\tscn_summarize every 1s\\tscn_summarize\\tevery 1s\\t`, 'm'),
    )
    expect((await runCommand(['schedule', 'delete', created.id, '--yes'], { env: fx.env() })).exitCode).toBe(0)
    expect((await runCommand(['schedule', 'get', created.id], { env: fx.env() })).exitCode).toBe(3)
  })

  it('a scheduled run is in `scenario runs` with its trigger, schedule, newest first', async () => {
    const input = `history ${Date.now()}`
    const args = ['schedule', 'create', '--scenario', 'scn_translate', '--every', '1s', '--input', input, '--json']
    const created = await runCommand(args, { env: fx.env() })
    expect(created.exitCode).toBe(0)
    await advance(manualScheduler(), 1000)
    const [fired] = runsWith(input)
    expect(fired).toBeDefined()
    await runCommand(['schedule', 'delete', JSON.parse(created.stdout).id, '--yes'], { env: fx.env() })
    const r = await runCommand(['scenario', 'runs', 'scn_translate', '--limit', '1', '--json'], { env: fx.env() })
    expect(r.exitCode).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject([{ id: fired!.id, trigger: 'schedule', status: 'completed' }])
  })

  it('a cron in a time zone is accepted; a bad time zone or cron is exit 2 and nothing is created', async () => {
    const count = fx.emu.state.schedules.size
    const bad = await runCommand(
      ['schedule', 'create', '--scenario', 'scn_summarize', '--cron', '0 9 * * *', '--timezone', 'Nowhere/Land'],
      {
        env: fx.env(),
      },
    )
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toMatch(/--timezone Nowhere\/Land: not a time zone/)
    const badCron = await runCommand(['schedule', 'create', '--scenario', 'scn_summarize', '--cron', '61 * * * *'], {
      env: fx.env(),
    })
    expect(badCron.exitCode).toBe(2)
    expect(fx.emu.state.schedules.size).toBe(count)
    const ok = await runCommand(
      [
        'schedule',
        'create',
        '--scenario',
        'scn_summarize',
        '--cron',
        '0 9 * * 1-5',
        '--timezone',
        'Asia/Tokyo',
        '--json',
      ],
      { env: fx.env() },
    )
    expect(ok.exitCode).toBe(0)
    expect(JSON.parse(ok.stdout)).toMatchObject({ cron: '0 9 * * 1-5', timezone: 'Asia/Tokyo', intervalSeconds: null })
  })
})
