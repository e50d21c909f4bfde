// `agentry keys delete <keyId>`: revoke an API key, after asking; a warning first when it is this run's own key
// (found by id: the one listed key whose prefix fits the run's secret, src/auth/own-key.ts).
import type { ApiKey } from '../../api/schemas/automation.js'
import type { Context } from '../../context.js'
import { confirmDestructive } from '../confirm.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'
import { ownKeyAmong } from '../../auth/own-key.js'

/** Is `keyId` this run's own credential: `yes` (its id, the one listed key whose prefix fits), `maybe`, or `no`? */
async function keyInUse(
  ctx: Context,
  keyId: string,
): Promise<{ use: 'yes' | 'maybe' | 'no'; source: string; others: number }> {
  const cred = await ctx.credential()
  const no = { use: 'no' as const, source: cred.source, others: 0 }
  if (cred.kind !== 'api-key') return no
  const keys: ApiKey[] = []
  try {
    for await (const k of (await ctx.sdk()).keys.list({ limit: 100 })) keys.push(k)
  } catch {
    // the list may be out of this key's scopes: the delete itself then says what is wrong
    return no
  }
  const own = ownKeyAmong(keys, await cred.token())
  if (own.key) return { ...no, use: own.key.id === keyId ? 'yes' : 'no' }
  const maybe = own.candidates.some((k) => k.id === keyId)
  return { ...no, use: maybe ? 'maybe' : 'no', others: own.candidates.length - 1 }
}

export default defineCommand({
  path: ['keys', 'delete'],
  aliases: ['rm'],
  summary: 'Delete (revoke) an API key (asks first on a terminal; --yes otherwise)',
  args: { keyId: arg('<keyId>', 'the key id (see: agentry keys list), not the key itself') },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry keys delete key_123', 'agentry keys rm key_123 --yes'],
  run: async ({ keyId, yes }, ctx) => {
    const inUse = await keyInUse(ctx, keyId)
    if (inUse.use === 'yes')
      ctx.warn(`${keyId} is the API key this run uses (${inUse.source}): agentry stops working with it once deleted`)
    if (inUse.use === 'maybe')
      ctx.warn(
        `${keyId} may be the API key this run uses (${inUse.source}): ${inUse.others} other key(s) share its prefix, and the service does not say which one is in use`,
      )
    const question =
      inUse.use === 'yes'
        ? `Delete API key ${keyId}, the one you are using now? Log in with another one afterwards.`
        : `Delete API key ${keyId}? Anything using it stops working.`
    await confirmDestructive(ctx, yes, question, 'not deleted')
    await (await ctx.sdk()).keys.delete(keyId)
    ctx.info(`deleted API key ${keyId}`)
  },
})
