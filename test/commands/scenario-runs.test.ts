// `agentry scenario runs` (issue 30 item 1) against the emulator, in-process: the history of every way a scenario
// runs (signed, webhook), newest first, and `--watch --until-one` gating on the next run to end, its exit code the
// run's. The watch's wait is the run's injected sleep: the test triggers the run from inside it, so nothing waits.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createClient, type Execution } from '../../src/index.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const secrets = demoSecrets.scenarios

const signedRun = (scenarioId: keyof typeof secrets, input: string) =>
  runCommand(['scenario', 'run', scenarioId, '--input', input], {
    env: { ...fx.env(), AGENTRY_SCENARIO_SECRET: secrets[scenarioId].secret, AGENTRY_SIGNATURE_HEADER: undefined },
  })

/** A sleep that runs `action` at the watch's first wait, and returns at once after (the retries' too). */
function triggerOnFirstWait(action: () => Promise<unknown>) {
  let waits = 0
  return {
    sleep: async () => {
      if (waits++ === 0) await action()
    },
    waits: () => waits,
  }
}

describe('scenario runs', () => {
  it('lists the runs newest first with what started each (a signed run is direct, a webhook one webhook)', async () => {
    expect((await signedRun('scn_summarize', 'first')).exitCode).toBe(0)
    const hook = await runCommand(['webhook', 'trigger', 'whk_orders', '--data', '{"order":42}'], { env: fx.env() })
    expect(hook.exitCode).toBe(0)
    const r = await runCommand(['scenario', 'runs', 'scn_summarize', '--json'], { env: fx.env() })
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    const runs = JSON.parse(r.stdout) as { id: string; trigger: string; status: string; scenarioId: string }[]
    expect(runs.length).toBeGreaterThanOrEqual(2)
    expect(runs.slice(0, 2).map((e) => e.trigger)).toEqual(['webhook', 'direct'])
    expect(runs.every((e) => e.scenarioId === 'scn_summarize' && e.status === 'completed')).toBe(true)
    const stored = [...fx.emu.state.executions.values()].filter((e) => e.scenarioId === 'scn_summarize')
    expect(runs.map((e) => e.id)).toEqual(stored.reverse().map((e) => e.id))
  })

  it('prints status, trigger, start and duration as TSV when piped, and pages like every list', async () => {
    await signedRun('scn_translate', 'Bonjour')
    await signedRun('scn_translate', 'Merci')
    const r = await runCommand(['scenario', 'runs', 'scn_translate', '--limit', '1'], { env: fx.env() })
    expect(r.exitCode).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^exe_\S+\tcompleted\tdirect\t\d{4}-\d\d-\d\dT\S+\t\d+ ms$/)
  })

  it('an unknown scenario exits 3', async () => {
    const r = await runCommand(['scenario', 'runs', 'scn_nosuch'], { env: fx.env() })
    expect(r.exitCode).toBe(3)
    expect(r.stderr).toMatch(/scenario "scn_nosuch" not found/)
  })

  it('--watch --until-one waits for the next run to end (a webhook in CI) and exits 0 when it completed', async () => {
    await signedRun('scn_summarize', 'an older run, not the one awaited')
    const seam = triggerOnFirstWait(() =>
      runCommand(['webhook', 'trigger', 'whk_orders', '--data', '{"order":7}'], { env: fx.env() }),
    )
    const r = await runCommand(['scenario', 'runs', 'scn_summarize', '--watch', '--until-one', '--json'], {
      env: fx.env(),
      sleep: seam.sleep,
    })
    expect(r.exitCode).toBe(0)
    const ended = JSON.parse(r.stdout) as { id: string; trigger: string; status: string }
    expect(ended).toMatchObject({ trigger: 'webhook', status: 'completed' })
    const newest = [...fx.emu.state.executions.values()].filter((e) => e.scenarioId === 'scn_summarize').at(-1)
    expect(ended.id).toBe(newest?.id)
    expect(r.stderr).toMatch(/watching the runs of scn_summarize/)
  })

  it('--until-one exits 1 naming the run when the next one failed', async () => {
    const seam = triggerOnFirstWait(() => signedRun('scn_orphan', 'no agent to answer'))
    const r = await runCommand(['scenario', 'runs', 'scn_orphan', '--until-one'], {
      env: fx.env(),
      sleep: seam.sleep,
    })
    expect(r.exitCode).toBe(1)
    expect(r.stdout).toMatch(/^exe_\S+\tfailed\tdirect\t/)
    expect(r.stderr).toMatch(/scenario scn_orphan: run exe_\S+ failed: agent "agent_deleted" not found/)
  })

  it('--until-one --wait 3 gives up at about 3 s on the clock, the looks counted too, not after two whole 2 s sleeps', async () => {
    // a fake clock: each sleep moves it by its length plus the next look's 0.5 s
    const start = Date.parse('2026-12-01T08:00:00Z')
    let clock = start
    const sleeps: number[] = []
    const sleep = async (ms: number) => {
      sleeps.push(ms)
      clock += ms + 500
    }
    const args = ['scenario', 'runs', 'scn_summarize', '--until-one', '--wait', '3']
    const r = await runCommand(args, { env: fx.env(), now: () => clock, sleep })
    expect(r.exitCode).toBe(124)
    expect(r.stderr).toMatch(/scenario scn_summarize: no run ended within 3 s/)
    // 2 s between looks, then only what was left of the 3 s; it stops at the first look past the limit
    expect(sleeps).toEqual([2000, 500])
    expect(clock - start).toBe(3500)
    expect(r.stdout).toBe('')
  })

  it('--until-one --since counts a run that ended just before the watch began (triggered, then awaited)', async () => {
    const since = new Date().toISOString()
    const hook = await runCommand(['webhook', 'trigger', 'whk_orders', '--data', '{"order":8}', '--json'], {
      env: fx.env(),
    })
    const { executionId } = JSON.parse(hook.stdout) as { executionId: string }
    const seam = triggerOnFirstWait(async () => {
      throw new Error('the watch waited: the run that had already ended was not counted')
    })
    const args = ['scenario', 'runs', 'scn_summarize', '--until-one', '--since', since, '--json']
    const r = await runCommand(args, { env: fx.env(), sleep: seam.sleep })
    expect(r.stderr).not.toMatch(/the watch waited/)
    expect(r.exitCode).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ id: executionId, trigger: 'webhook' })
    expect(seam.waits()).toBe(0)
  })

  it.each([
    [['--since', '2026-11-28T08:00:00Z'], /--since goes with --watch or --until-one/],
    [['--until-one', '--since', 'yesterday'], /--since yesterday: not an ISO 8601 time/],
    [['--watch', '--wait', '10'], /--wait goes with --until-one/],
  ])('refuses %j', async (extra, message) => {
    const r = await runCommand(['scenario', 'runs', 'scn_summarize', ...extra], { env: fx.env() })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  it('--watch refuses --all and --page (it follows the newest page)', async () => {
    const r = await runCommand(['scenario', 'runs', 'scn_summarize', '--watch', '--all'], { env: fx.env() })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/--watch.*--all|--all.*--watch/)
  })
})

describe('client.scenarios.executions', () => {
  it("pages a scenario's executions newest first, each typed as an Execution with its trigger", async () => {
    expect((await signedRun('scn_translate', 'Danke')).exitCode).toBe(0)
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const runs: Execution[] = []
    for await (const e of c.scenarios.executions('scn_translate', { limit: 1 })) {
      expectTypeOf(e).toEqualTypeOf<Execution>()
      runs.push(e)
    }
    expect(runs.length).toBeGreaterThan(0)
    expect(runs[0]).toMatchObject({ scenarioId: 'scn_translate', trigger: 'direct', status: 'completed' })
    const stored = [...fx.emu.state.executions.values()].filter((e) => e.scenarioId === 'scn_translate')
    expect(runs.map((e) => e.id)).toEqual(stored.reverse().map((e) => e.id))
    await c.close()
  })
})
