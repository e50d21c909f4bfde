// `agentry connect access [--enable|--disable] [--allow-always on|off]`: the account's desktop access.
// allow_always changes only by its own flag: --enable keeps whatever it was.
import { UsageError } from '../../errors.js'
import { defineCommand } from '../define.js'
import { choice, flag } from '../options.js'

export default defineCommand({
  path: ['connect', 'access'],
  summary: "Show or set the account's desktop access (whether hosted agents may queue tasks for your machines)",
  options: {
    enable: flag('--enable', 'let hosted agents queue desktop tasks'),
    disable: flag('--disable', 'stop hosted agents from queueing desktop tasks'),
    allowAlways: choice(
      '--allow-always <on|off>',
      "whether tasks skip the service's confirmation step (this machine's own policy still decides what runs)",
      ['on', 'off'],
    ),
  },
  examples: ['agentry connect access', 'agentry connect access --enable', 'agentry connect access --disable --json'],
  helpAfter:
    "allow_always is the service's switch; `agentry connect` never lets it decide what runs here (docs/connect.md).",
  run: async (o, ctx) => {
    if (o.enable && o.disable) throw new UsageError('--enable and --disable cannot be given together')
    const desktop = (await ctx.sdk()).desktop
    const allowAlways = o.allowAlways === undefined ? undefined : o.allowAlways === 'on'
    const enabled = o.enable ? true : o.disable ? false : undefined
    const access =
      enabled === undefined && allowAlways === undefined
        ? await desktop.access.get()
        : await desktop.access.set({
            ...(enabled !== undefined ? { enabled } : {}),
            ...(allowAlways !== undefined ? { allow_always: allowAlways } : {}),
          })
    await ctx.output().item(access)
  },
})
