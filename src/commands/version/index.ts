// `agentry version`: the version of this build (and of Node), as text or `--json` for scripts and bug reports.
import { Command } from 'commander'
import type { Context } from '../../context.js'
import { examples } from '../shared.js'

/** Registers `version`. */
export function register(program: Command, ctx: Context): void {
  const cmd = new Command('version')
    .description('Print the version of agentry (and of Node with --json)')
    .action(async () => {
      const out = ctx.output()
      if (out.format === 'table' || out.format === 'tsv') return out.text(`agentry ${ctx.version}`)
      await out.item({
        version: ctx.version,
        node: process.versions.node,
        platform: process.platform,
        arch: process.arch,
      })
    })
  examples(cmd, ['agentry version', 'agentry version --json'])
  program.addCommand(cmd)
}
