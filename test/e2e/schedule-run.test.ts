// `agentry schedule …` end to end: a schedule created with --every 1s makes the emulator's scheduler run its scenario
// within a few seconds (a bounded wait); edit and delete stop it. Built CLI, real emulator.
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture({ built: true })

/** The scheduled runs recorded with this input. */
const runsWith = (input: string) =>
  [...fx.emu.state.executions.values()].filter((e) => e.trigger === 'schedule' && e.input === input)

async function waitFor(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error(`still waiting after ${ms} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('schedule (built CLI, real emulator)', () => {
  it('--every 1s: runs are recorded within seconds; inactive stops them; delete removes it', async () => {
    const input = `tick ${Date.now()}`
    const args = ['schedule', 'create', '--scenario', 'scn_summarize', '--every', '1s', '--input', input, '--json']
    const r = await runCli(args, { env: fx.env() })
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    const created = JSON.parse(r.stdout) as { id: string; intervalSeconds: number; name: string }
    expect(created).toMatchObject({ intervalSeconds: 1, name: 'scn_summarize every 1s' })
    await waitFor(() => runsWith(input).length >= 2, 8000)
    expect(runsWith(input).every((e) => e.scenarioId === 'scn_summarize' && e.status === 'completed')).toBe(true)

    const off = await runCli(['schedule', 'edit', created.id, '--status', 'inactive', '--json'], { env: fx.env() })
    expect(off.exitCode).toBe(0)
    expect(JSON.parse(off.stdout).status).toBe('inactive')
    await new Promise((res) => setTimeout(res, 400))
    const after = runsWith(input).length
    await new Promise((res) => setTimeout(res, 1600))
    expect(runsWith(input).length).toBe(after)

    const list = await runCli(['schedule', 'list', '--all'], { env: fx.env() })
    expect(list.stdout).toMatch(
      new RegExp(`^${created.id}\\tscn_summarize every 1s\\tscn_summarize\\tevery 1s\\t`, 'm'),
    )
    expect((await runCli(['schedule', 'delete', created.id, '--yes'], { env: fx.env() })).exitCode).toBe(0)
    expect((await runCli(['schedule', 'get', created.id], { env: fx.env() })).exitCode).toBe(3)
  })

  it('a cron in a time zone is accepted; a bad time zone or cron is exit 2 and nothing is created', async () => {
    const count = fx.emu.state.schedules.size
    const bad = await runCli(
      ['schedule', 'create', '--scenario', 'scn_summarize', '--cron', '0 9 * * *', '--timezone', 'Nowhere/Land'],
      {
        env: fx.env(),
      },
    )
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toMatch(/--timezone Nowhere\/Land: not a time zone/)
    const badCron = await runCli(['schedule', 'create', '--scenario', 'scn_summarize', '--cron', '61 * * * *'], {
      env: fx.env(),
    })
    expect(badCron.exitCode).toBe(2)
    expect(fx.emu.state.schedules.size).toBe(count)
    const ok = await runCli(
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
