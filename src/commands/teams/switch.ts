// `agentry teams switch <id|slug>`: the profile's account becomes that team; with an OAuth login, its token too
// (stored, or minted now: src/teams/account-token.ts). --json in the official shape {endpoint, active, switched}.
import { switchTeam } from '../../teams/teams.js'
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['teams', 'switch'],
  summary: "Make a team the profile's account (and, with a login, use that team's token)",
  args: { team: arg('<team>', 'the team: its slug or id (see: agentry teams)') },
  examples: [
    'agentry teams switch demo-team',
    'agentry teams switch acc_team --json',
    'agentry --profile ci teams switch ops',
  ],
  helpAfter: `
The profile (--profile, AGENTRY_PROFILE or the current one) keeps the team as its account. With an OAuth login
(agentry login), the team's own token is used from then on: the one kept from an earlier switch, or a new one
the service issues for the login now; each team's token is refreshed on its own. An API key reaches its own
account only. --json prints {endpoint, active, switched}, as the official CLI's \`brightsy teams switch --json\`.`,
  run: async ({ team }, ctx) => {
    const result = await switchTeam(ctx, team)
    // the answer on stdout when a format is asked for (--json, -o); else a note on stderr, as gh auth switch
    if (ctx.outputChosen()) return ctx.output().item(result)
    const { active } = result
    const name = `${active.name ?? active.id} (${active.slug ?? active.id})`
    ctx.info(result.switched ? `switched to ${name}` : `already on ${name}`)
  },
})
