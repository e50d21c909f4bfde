// `agentry teams` and `teams switch` against the emulator (issue 40 item 1): the official shapes, and a switch that
// makes the next `agents list` list the other account's agents with the other account's token (minted once, kept
// per account in credentials.json, swapped back on the way home).
import { describe, expect, it } from 'vitest'
import { loadConfig, loadCredentials } from '../../src/config/store.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { consentAndReturn } from '../helpers/oauth-browser.js'

const fx = emulatorFixture()

/** A context logged in with OAuth through the emulator's consent page (no account, no key of its own). */
async function loggedIn() {
  const t = emulatorContext(fx, {
    openBrowser: async (url) => {
      await consentAndReturn(url, 'approve')
    },
    env: { AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined },
  })
  expect(await t.run(['login'])).toBe(0)
  t.clearOutput()
  return t
}

const agentIds = (stdout: string) => (JSON.parse(stdout) as { id: string }[]).map((a) => a.id)

describe('teams', () => {
  it('lists the teams a login reaches in the official shape, the active one marked', async () => {
    const t = await loggedIn()
    expect(await t.run(['teams', '--json'])).toBe(0)
    const view = JSON.parse(t.stdout())
    expect(view.endpoint).toBe(new URL(fx.emu.baseUrl).origin)
    expect(view.active).toMatchObject({ id: fx.emu.accountId, slug: 'demo', active: true })
    expect(view.teams.map((x: { slug: string; active: boolean }) => [x.slug, x.active])).toEqual([
      ['demo', true],
      ['demo-team', false],
    ])
    expect(view.teams[1]).toMatchObject({
      id: 'acc_team',
      name: 'Demo Team',
      role: 'member',
      is_personal_account: false,
    })
    t.clearOutput()
    expect(await t.run(['teams', '-o', 'tsv'])).toBe(0)
    expect(t.stdout().split('\n')[0]).toBe(`*\tdemo\tDemo\t${fx.emu.accountId}\towner\ttrue`)
  })

  it('switch, then agents list: the other account, with its own token; switching back reuses the first', async () => {
    const t = await loggedIn()
    const first = (await loadCredentials(t.configDir)).profiles.default?.oauth
    expect(await t.run(['teams', 'switch', 'demo-team', '--json'])).toBe(0)
    const switched = JSON.parse(t.stdout())
    expect(switched).toMatchObject({ endpoint: new URL(fx.emu.baseUrl).origin, switched: true })
    expect(switched.active).toMatchObject({ id: 'acc_team', slug: 'demo-team', active: true })

    const creds = (await loadCredentials(t.configDir)).profiles.default
    expect(creds?.oauth?.accountId).toBe('acc_team')
    expect(creds?.oauth?.accessToken).not.toBe(first?.accessToken)
    expect(creds?.accounts?.[fx.emu.accountId]?.accessToken).toBe(first?.accessToken)
    expect((await loadConfig(t.configDir)).profiles.default?.account).toBe('acc_team')

    t.clearOutput()
    expect(await t.run(['agents', 'list', '--json'])).toBe(0)
    expect(agentIds(t.stdout())).toEqual(['team-assistant'])
    // the first account's token does not reach the team's agents: the list above went with the team's own
    const other = await fetch(`${fx.emu.baseUrl}/acc_team/agents`, {
      headers: { authorization: `Bearer ${first?.accessToken}` },
    })
    expect(other.status).toBe(404)

    t.clearOutput()
    expect(await t.run(['teams', 'switch', fx.emu.accountId])).toBe(0)
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toContain(`switched to Demo (demo)`)
    const back = (await loadCredentials(t.configDir)).profiles.default
    expect(back?.oauth?.accessToken).toBe(first?.accessToken)
    expect(back?.accounts?.acc_team?.accessToken).toBe(creds?.oauth?.accessToken)
    t.clearOutput()
    expect(await t.run(['agents', 'list', '--json'])).toBe(0)
    expect(agentIds(t.stdout())).toContain('demo-assistant')
  })

  it('refuses a team the credential does not reach (exit 3, naming the ones it does), and an API key its account only', async () => {
    const t = await loggedIn()
    expect(await t.run(['teams', 'switch', 'nope'])).toBe(3)
    expect(t.stderr()).toContain('no team "nope" among the 2 this credential reaches (demo, demo-team)')
    const k = emulatorContext(fx)
    expect(await k.run(['teams', 'switch', 'demo-team'])).toBe(3)
    expect(await k.run(['teams', 'switch', 'demo'])).toBe(0)
  })

  it('logout revokes the kept tokens of the other accounts too', async () => {
    const t = await loggedIn()
    expect(await t.run(['teams', 'switch', 'demo-team'])).toBe(0)
    const kept = (await loadCredentials(t.configDir)).profiles.default?.accounts?.[fx.emu.accountId]
    expect(await t.run(['logout'])).toBe(0)
    const res = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/agents`, {
      headers: { authorization: `Bearer ${kept?.accessToken}` },
    })
    expect(res.status).toBe(401)
  })
})
