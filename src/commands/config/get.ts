// `agentry config get <key>`: the value of one setting as this run sees it (exit 1 when it has none, like
// `git config --get`).
import { kebab } from '../../config/resolve.js'
import { CliError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { configRows, parseKeyName, readableKeyNames } from './keys.js'

export default defineCommand({
  path: ['config', 'get'],
  summary: 'Print the value of one setting as this run sees it (exit 1 when unset)',
  args: { key: arg('<key>', `one of: ${readableKeyNames().join(', ')}`) },
  examples: ['agentry config get base-url', 'agentry config get account --json'],
  run: async ({ key: name }, ctx) => {
    const key = name === 'profile' ? 'profile' : kebab(parseKeyName(name))
    const row = configRows(await ctx.settings()).find((r) => r.key === key)
    if (!row || row.source === 'unset')
      throw new CliError(`${key} is not set`, { hint: `set it with: agentry config set ${key} <value>` })
    const out = ctx.output()
    if (out.format === 'table' || out.format === 'tsv') return out.text(String(row.value))
    await out.item(row)
  },
})
