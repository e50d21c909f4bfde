// `agentry keys delete <keyId>`: revoke an API key, after asking; a warning first when it is this run's own key.
import type { Context } from '../../context.js'
import { confirmDestructive } from '../confirm.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'

/** Where the key `keyId` comes from when it is this run's own credential (matched by the prefix the service lists). */
async function isKeyInUse(ctx: Context, keyId: string): Promise<string | undefined> {
  const cred = await ctx.credential()
  if (cred.kind !== 'api-key') return undefined
  const token = await cred.token()
  try {
    for await (const k of (await ctx.sdk()).keys.list({ limit: 100 }))
      if (k.id === keyId) return k.prefix && token?.startsWith(k.prefix) ? cred.source : undefined
  } catch {
    // the list may be out of this key's scopes: the delete itself then says what is wrong
  }
  return undefined
}

export default defineCommand({
  path: ['keys', 'delete'],
  aliases: ['rm'],
  summary: 'Delete (revoke) an API key (asks first on a terminal; --yes otherwise)',
  args: { keyId: arg('<keyId>', 'the key id (see: agentry keys list), not the key itself') },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry keys delete key_123', 'agentry keys rm key_123 --yes'],
  run: async ({ keyId, yes }, ctx) => {
    const inUse = await isKeyInUse(ctx, keyId)
    if (inUse) ctx.warn(`${keyId} is the API key this run uses (${inUse}): agentry stops working with it once deleted`)
    const question = inUse
      ? `Delete API key ${keyId}, the one you are using now? Log in with another one afterwards.`
      : `Delete API key ${keyId}? Anything using it stops working.`
    await confirmDestructive(ctx, yes, question, 'not deleted')
    await (await ctx.sdk()).keys.delete(keyId)
    ctx.info(`deleted API key ${keyId}`)
  },
})
