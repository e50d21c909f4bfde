// `agentry config profiles delete <name>` (commands.md, "Added in the second round"): forgets a profile's settings
// and stored credential (asks first), revoking OAuth tokens as logout does.
import { checkedProfileName } from '../../../config/resolve.js'
import { updateConfig } from '../../../config/store.js'
import { CliError, ExitCode } from '../../../errors.js'
import { confirmDestructive } from '../../confirm.js'
import { arg, defineCommand } from '../../define.js'
import { flag } from '../../options.js'
import { profilesHint, savedProfiles } from '../../../config/profile-exists.js'

export default defineCommand({
  path: ['config', 'profiles', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a saved profile: its settings and its stored credential (asks first; --yes otherwise)',
  args: { name: arg('<name>', 'the profile') },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry config profiles delete old', 'agentry config profiles rm ci --yes'],
  run: async ({ name, yes }, ctx) => {
    const profile = await checkedProfileName({ value: name, source: 'flag', origin: 'config profiles delete' })
    if (!(await savedProfiles(ctx)).includes(profile))
      throw new CliError(`no profile named ${profile}`, { exitCode: ExitCode.notFound, hint: await profilesHint(ctx) })
    await confirmDestructive(ctx, yes, `Delete profile ${profile} and its stored credential?`)
    // as logout does: OAuth tokens are revoked at the server before they are forgotten (so no copy works)
    const { forgetCredential } = await import('../../../auth-flows/logout.js')
    const removed = await forgetCredential(ctx, profile)
    await updateConfig(ctx.configDir(), (cfg) => {
      delete cfg.profiles[profile]
      if (cfg.currentProfile === profile) delete cfg.currentProfile
    })
    ctx.info(`deleted profile ${profile}${removed ? ` and its ${removed}` : ''}`)
  },
})
