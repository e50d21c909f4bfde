// `agentry teams [list]`: the accounts (teams) the credential reaches, the active one marked; --json in the official
// CLI's shape {endpoint, active, teams} (src/teams/teams.ts).
import type { Field } from '../../io/output.js'
import { type ListedTeam, teamsView } from '../../teams/teams.js'
import { defineCommand } from '../define.js'

/** Columns of `teams`. */
const teamFields: Field<ListedTeam>[] = [
  { header: 'ACTIVE', get: (t) => (t.active ? '*' : '') },
  { header: 'SLUG', get: (t) => t.slug },
  { header: 'NAME', get: (t) => t.name },
  { header: 'ID', get: (t) => t.id },
  { header: 'ROLE', get: (t) => t.role },
  { header: 'PERSONAL', get: (t) => t.is_personal_account },
]

export default defineCommand({
  path: ['teams', 'list'],
  aliases: ['ls'],
  // `agentry teams` alone lists them, as the official `brightsy teams` does
  isDefault: true,
  summary: 'List the accounts (teams) your login reaches, the active one marked',
  examples: ['agentry teams', 'agentry teams --json | jq -r .active.slug', 'agentry teams list -o tsv'],
  helpAfter: `
--json (and -o json|yaml) prints {endpoint, active, teams: [{id, name, slug, role, is_personal_account, active}]},
the shape of the official CLI's \`brightsy teams --json\`. A login reaches every team of its user; an API key,
its own account.`,
  run: async (_opts, ctx) => {
    const view = await teamsView(ctx)
    const out = ctx.output()
    if (out.format === 'json' || out.format === 'yaml' || ctx.jqFilter()) return out.item(view)
    await out.list(view.teams, teamFields)
  },
})
