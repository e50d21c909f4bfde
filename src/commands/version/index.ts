// `agentry version`: the version of this build (and of Node), as text or `--json` for scripts and bug reports.
import { defineCommand } from '../define.js'

export default defineCommand({
  path: ['version'],
  summary: 'Print the version of agentry (and of Node with --json)',
  examples: ['agentry version', 'agentry version --json'],
  run: async (_opts, ctx) => {
    const out = ctx.output()
    if (out.format === 'table' || out.format === 'tsv') return out.text(`agentry ${ctx.version}`)
    await out.item({
      version: ctx.version,
      node: process.versions.node,
      platform: process.platform,
      arch: process.arch,
    })
  },
})
