// `agentry config list`: every setting, its value and where it came from.
import { defineCommand } from '../define.js'
import { configRowFields, configRows, credentialRow } from './keys.js'

export default defineCommand({
  path: ['config', 'list'],
  aliases: ['ls'],
  summary: 'Show every setting with its value and where it came from (flag, env, profile or default)',
  examples: ['agentry config list', 'agentry --profile ci config list --json', 'agentry config list | cut -f1,2'],
  run: async (_opts, ctx) => {
    const [settings, credential] = await Promise.all([ctx.settings(), ctx.credential()])
    await ctx.output().list([...configRows(settings), credentialRow(credential)], configRowFields)
  },
})
