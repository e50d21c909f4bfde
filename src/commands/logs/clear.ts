// `agentry logs clear`: delete every logged conversation (asks first on a terminal).
import { confirmDestructive } from '../confirm.js'
import { defineCommand } from '../define.js'
import { flag } from '../options.js'

export default defineCommand({
  path: ['logs', 'clear'],
  summary: 'Delete every logged conversation (asks first on a terminal; --yes otherwise)',
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry logs clear', 'agentry logs clear --yes'],
  run: async ({ yes }, ctx) => {
    const store = await (await import('../../logs/index.js')).openLogStore(ctx)
    const n = store.count()
    const s = n === 1 ? '' : 's'
    await confirmDestructive(ctx, yes, `Delete the local log of ${n} conversation${s}?`, 'kept')
    store.clear()
    ctx.info(`deleted ${n} conversation${s} from the local log`)
  },
})
