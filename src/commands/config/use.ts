// `agentry config use <profile>` (commands.md, "Added in the second round"): the profile used from now on when
// neither --profile nor AGENTRY_PROFILE names one.
import { checkedProfileName } from '../../config/resolve.js'
import { updateConfig } from '../../config/store.js'
import { CliError, ExitCode } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { profilesHint, savedProfiles } from '../../config/profile-exists.js'

export default defineCommand({
  path: ['config', 'use'],
  summary: 'Use this profile from now on when neither --profile nor AGENTRY_PROFILE names one',
  args: { profile: arg('<profile>', 'a saved profile (see `agentry config profiles`)') },
  examples: ['agentry config use staging', 'agentry config use default'],
  run: async ({ profile: name }, ctx) => {
    const profile = await checkedProfileName({ value: name, source: 'flag', origin: 'config use' })
    if (profile !== 'default' && !(await savedProfiles(ctx)).includes(profile))
      throw new CliError(`no profile named ${profile}`, { exitCode: ExitCode.notFound, hint: await profilesHint(ctx) })
    await updateConfig(ctx.configDir(), (cfg) => {
      if (profile === 'default') delete cfg.currentProfile
      else cfg.currentProfile = profile
    })
    ctx.info(`now using profile ${profile}`)
    if (ctx.env.AGENTRY_PROFILE && ctx.env.AGENTRY_PROFILE !== profile)
      ctx.warn(`AGENTRY_PROFILE=${ctx.env.AGENTRY_PROFILE} still takes precedence in this shell`)
  },
})
