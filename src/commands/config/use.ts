// `agentry config use <profile>` (the default profile from now on) and `config profiles delete <name>`
// (commands.md, "Added in the second round").
import { Command } from 'commander'
import { checkedProfileName } from '../../config/resolve.js'
import { updateConfig, updateCredentials } from '../../config/store.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { confirmDestructive } from '../confirm.js'
import { examples } from '../shared.js'
import { savedProfiles } from './profile-exists.js'

/** The saved profiles, for a hint. */
async function profilesHint(ctx: Context): Promise<string> {
  const saved = await savedProfiles(ctx)
  return saved.length ? `saved profiles: ${saved.join(', ')}` : 'no profile is saved yet: `agentry config set …`'
}

/** `config use <profile>`: stores the profile used without --profile or AGENTRY_PROFILE. */
export function configUseCommand(ctx: Context): Command {
  const cmd = new Command('use')
    .description('Use this profile from now on when neither --profile nor AGENTRY_PROFILE names one')
    .argument('<profile>', 'a saved profile (see `agentry config profiles`)')
    .action(async (name: string) => {
      const profile = checkedProfileName({ value: name, source: 'flag', origin: 'config use' })
      if (profile !== 'default' && !(await savedProfiles(ctx)).includes(profile))
        throw new CliError(`no profile named ${profile}`, {
          exitCode: ExitCode.notFound,
          hint: await profilesHint(ctx),
        })
      await updateConfig(ctx.configDir(), (cfg) => {
        if (profile === 'default') delete cfg.currentProfile
        else cfg.currentProfile = profile
      })
      ctx.info(`now using profile ${profile}`)
      if (ctx.env.AGENTRY_PROFILE && ctx.env.AGENTRY_PROFILE !== profile)
        ctx.warn(`AGENTRY_PROFILE=${ctx.env.AGENTRY_PROFILE} still takes precedence in this shell`)
    })
  return examples(cmd, ['agentry config use staging', 'agentry config use default'])
}

/** `config profiles delete <name>`: forgets a profile's settings and stored credential (asks first). */
export function configProfilesDeleteCommand(ctx: Context): Command {
  const cmd = new Command('delete')
    .alias('rm')
    .description('Delete a saved profile: its settings and its stored credential (asks first; --yes otherwise)')
    .argument('<name>', 'the profile')
    .option('-y, --yes', 'do not ask')
    .action(async (name: string, opts: { yes?: boolean }) => {
      const profile = checkedProfileName({ value: name, source: 'flag', origin: 'config profiles delete' })
      if (!(await savedProfiles(ctx)).includes(profile))
        throw new CliError(`no profile named ${profile}`, {
          exitCode: ExitCode.notFound,
          hint: await profilesHint(ctx),
        })
      await confirmDestructive(ctx, opts.yes, `Delete profile ${profile} and its stored credential?`)
      await updateCredentials(ctx.configDir(), (c) => {
        delete c.profiles[profile]
      })
      await updateConfig(ctx.configDir(), (cfg) => {
        delete cfg.profiles[profile]
        if (cfg.currentProfile === profile) delete cfg.currentProfile
      })
      ctx.info(`deleted profile ${profile}`)
    })
  return examples(cmd, ['agentry config profiles delete old', 'agentry config profiles rm ci --yes'])
}
