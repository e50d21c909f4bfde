// `agentry keys list|create|delete` (commands.md; wire.md "API keys"). Lists show a key's prefix, never the key.
import { Command } from 'commander'
import type { ApiKey } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { confirmDestructive } from '../confirm.js'
import { keysCreateCommand } from './create.js'
import { printList } from '../list-notes.js'

/** A key's scopes in a few words: `agents=a,b cms=read` (an empty list is `none`), or `all` when unrestricted. */
export function scopeSummary(scopes: ApiKey['scopes']): string {
  const parts: string[] = []
  const ids = (list: string[]) => list.join(',') || 'none'
  if (scopes?.agents) parts.push(`agents=${ids(scopes.agents)}`)
  if (scopes?.scenarios) parts.push(`scenarios=${ids(scopes.scenarios)}`)
  if (scopes?.cms) parts.push(`cms=${scopes.cms}`)
  return parts.join(' ') || 'all'
}

/** Columns of `keys list`. */
export const keyFields: Field<ApiKey>[] = [
  { header: 'ID', get: (k) => k.id },
  { header: 'NAME', get: (k) => k.name },
  { header: 'PREFIX', get: (k) => k.prefix },
  { header: 'SCOPES', get: (k) => scopeSummary(k.scopes) },
  { header: 'CREATED', get: (k) => k.createdAt },
  { header: 'LAST USED', get: (k) => k.lastUsedAt },
  { header: 'EXPIRES', get: (k) => k.expiresAt },
]

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

/** Registers the keys group. */
export function register(program: Command, ctx: Context): void {
  const group = new Command('keys').description('List, create and delete API keys')
  const list = withListOptions(new Command('list').alias('ls').description('List the API keys of the account')).action(
    async (raw) => {
      const opts = parseOptions(listOptionsSchema, raw)
      await printList(ctx, (await ctx.sdk()).keys.list(opts), opts, keyFields, 'keys')
    },
  )
  examples(list, ['agentry keys list', 'agentry keys ls --json'])
  const del = new Command('delete')
    .alias('rm')
    .description('Delete (revoke) an API key (asks first on a terminal; --yes otherwise)')
    .argument('<keyId>', 'the key id (see: agentry keys list), not the key itself')
    .option('-y, --yes', 'do not ask')
    .action(async (keyId: string, raw: { yes?: boolean }) => {
      const inUse = await isKeyInUse(ctx, keyId)
      if (inUse)
        ctx.warn(`${keyId} is the API key this run uses (${inUse}): agentry stops working with it once deleted`)
      const question = inUse
        ? `Delete API key ${keyId}, the one you are using now? Log in with another one afterwards.`
        : `Delete API key ${keyId}? Anything using it stops working.`
      await confirmDestructive(ctx, raw.yes, question, 'not deleted')
      await (await ctx.sdk()).keys.delete(keyId)
      ctx.info(`deleted API key ${keyId}`)
    })
  examples(del, ['agentry keys delete key_123', 'agentry keys rm key_123 --yes'])
  examples(group, ['KEY=$(agentry keys create --name ci --agent ag_1)', 'agentry keys list'])
  program.addCommand(group.addCommand(list).addCommand(keysCreateCommand(ctx)).addCommand(del))
}
