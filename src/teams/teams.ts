// `agentry teams` and `teams switch`: the accounts (teams) the run's credential reaches, in the official CLI's shape
// (`brightsy teams --json` → {endpoint, active, teams:[{id, name, slug, role, is_personal_account, active}]},
// `teams switch --json` → {endpoint, active, switched}: sideboard packages/core/src/brightsy/accounts.ts). Switching
// sets the profile's account; with an OAuth login it also makes that account's token the profile's (one token per
// account, as sideboard's connected-teams.ts keeps them): the one stored earlier, or one minted now (./account-token.ts).
import type { Team } from '../api/schemas/agents.js'
import { updateConfig } from '../config/store.js'
import type { Context } from '../context.js'
import { CliError, ExitCode } from '../errors.js'
import { useAccountToken } from './account-token.js'

/** A team as listed: the service's record and whether it is the run's account. */
export type ListedTeam = Team & { active: boolean }

/** What `agentry teams` shows: the service's origin, the active team and every team. */
export interface TeamsView {
  endpoint: string
  active: ListedTeam | null
  teams: ListedTeam[]
}

/** The account the run uses: the setting, else the one its OAuth login was issued for. */
async function activeAccount(ctx: Context): Promise<string | undefined> {
  const account = (await ctx.settings()).account?.value
  if (typeof account === 'string') return account
  return (await ctx.credential()).grant?.accountId
}

/** Every team the run's credential reaches, the active one marked. */
export async function teamsView(ctx: Context): Promise<TeamsView> {
  const sdk = await ctx.sdk()
  const active = await activeAccount(ctx)
  const teams: ListedTeam[] = []
  for await (const t of sdk.teams.list({ limit: 100 })) teams.push({ ...t, active: t.id === active })
  return { endpoint: new URL(sdk.baseUrl).origin, active: teams.find((t) => t.active) ?? null, teams }
}

/** The team an id or a slug names, or a not-found error that lists the ways on. */
function teamNamed(view: TeamsView, wanted: string): ListedTeam {
  const team = view.teams.find((t) => t.id === wanted) ?? view.teams.find((t) => t.slug === wanted)
  if (team) return team
  const known = view.teams.map((t) => t.slug ?? t.id).join(', ')
  throw new CliError(`no team "${wanted}" among the ${view.teams.length} this credential reaches (${known})`, {
    exitCode: ExitCode.notFound,
    hint: '`agentry teams` lists them; an API key reaches its own account only (log in with `agentry login` for the others)',
  })
}

/** What `teams switch` answers. */
export interface SwitchResult {
  endpoint: string
  active: ListedTeam
  switched: boolean
}

/**
 * Makes `wanted` (an id or a slug) the profile's account, and with an OAuth login of the profile, the profile's
 * token that account's. `switched` is false when it already was the account.
 */
export async function switchTeam(ctx: Context, wanted: string): Promise<SwitchResult> {
  const view = await teamsView(ctx)
  const team = teamNamed(view, wanted)
  const profile = ctx.profile().value
  const credential = await ctx.credential()
  const tokenChanged = credential.grant ? await useAccountToken(ctx, profile, credential, team.id) : false
  const accountChanged = await updateConfig(ctx.configDir(), (cfg) => {
    const p = { ...cfg.profiles[profile] }
    const changed = p.account !== team.id
    p.account = team.id
    cfg.profiles[profile] = p
    return changed
  })
  const settings = await ctx.settings()
  if (settings.account?.source === 'env' || settings.account?.source === 'flag')
    ctx.warn(
      `the account of the next runs still comes from the ${settings.account.source === 'env' ? 'environment (AGENTRY_ACCOUNT)' : '--account flag'} when given`,
    )
  const active = { ...team, active: true }
  return { endpoint: view.endpoint, active, switched: tokenChanged || accountChanged || view.active?.id !== team.id }
}
