// `agentry cms get|save|delete` (commands.md): one record by id; save creates (POST → 201) or, with --id, replaces
// (PUT) a record; delete asks first (wire.md "CMS content").
import { Command, Option } from 'commander'
import * as z from 'zod'
import type { CmsRecord } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { confirmDestructive } from '../confirm.js'
import { readDataJson } from '../data-arg.js'
import { examples, parseOptions } from '../shared.js'
import { collect } from './query-options.js'

const reserved = new Set(['id', 'tags', 'createdAt', 'updatedAt'])

/** A record as key/value rows for tables and TSV: id, each data field, tags, timestamps. */
export function flatRecord(r: CmsRecord): Record<string, unknown> {
  const flat: Record<string, unknown> = { id: r.id }
  for (const [k, v] of Object.entries(r.data)) flat[reserved.has(k) ? `data.${k}` : k] = v
  flat.tags = r.tags ?? []
  flat.createdAt = r.createdAt
  flat.updatedAt = r.updatedAt
  return flat
}

/** Prints one record: as the service returned it for JSON/YAML, flattened for tables and TSV. */
export async function printRecord(ctx: Context, r: CmsRecord): Promise<void> {
  const out = ctx.output()
  await out.item(out.format === 'table' || out.format === 'tsv' ? flatRecord(r) : r)
}

/** The tags of --tags a,b (repeatable; `--tags ''` means none). */
export function tagsOf(values: readonly string[]): string[] {
  const tags = values.flatMap((v) => v.split(',')).map((t) => t.trim())
  if (values.length === 1 && values[0] === '') return []
  const bad = tags.find((t) => t === '')
  if (bad !== undefined) throw new UsageError('--tags: empty tag', "e.g. --tags ai,cli (or --tags '' for none)")
  return [...new Set(tags)]
}

const accessOption = () => new Option('--access <access>', 'delivery (cda) or management (cma)').choices(['cda', 'cma'])
const getSchema = z.object({ access: z.enum(['cda', 'cma']).default('cda') })
const saveSchema = z.object({
  data: z.string(),
  id: z.string().min(1, 'must not be empty').optional(),
  tags: z.array(z.string()).optional(),
})
const deleteSchema = z.object({ yes: z.boolean().default(false) })

/** `cms get`, `cms save`, `cms delete`. */
export function recordCommands(ctx: Context): Command[] {
  const get = new Command('get')
    .description('Show one record')
    .argument('<collection>', 'the collection')
    .argument('<id>', 'the record id')
    .addOption(accessOption())
    .action(async (collection: string, id: string, raw: unknown) => {
      const { access } = parseOptions(getSchema, raw)
      const r = await (await ctx.sdk()).cms.get(collection, id, access)
      await printRecord(ctx, r)
    })
  examples(get, ['agentry cms get posts post_00001', 'agentry cms get posts post_00001 --json | jq .data.title'])

  const save = new Command('save')
    .description('Create a record, or replace one with --id (its data and tags), and print it')
    .argument('<collection>', 'the collection')
    .requiredOption('-d, --data <json>', "the record's data: a JSON object, inline, @file, or - for stdin")
    .option('--id <id>', 'replace (or create) the record with this id, instead of creating a new one')
    .option('--tags <a,b>', "the record's tags, comma-separated (an update replaces them; '' for none)", collect)
    .action(async (collection: string, raw: unknown) => {
      const o = parseOptions(saveSchema, raw)
      const { json } = await readDataJson(o.data, ctx.io)
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        throw new UsageError(
          `--data must be a JSON object (the record's data), got ${Array.isArray(json) ? 'an array' : typeof json}`,
          `e.g. --data '{"title":"Hello","views":0}'`,
        )
      const tags = o.tags ? tagsOf(o.tags) : undefined
      const body = { data: json as Record<string, unknown>, ...(tags ? { tags } : {}) }
      const cms = (await ctx.sdk()).cms
      const r = o.id ? await cms.update(collection, o.id, body) : await cms.create(collection, body)
      await printRecord(ctx, r)
    })
  examples(save, [
    `agentry cms save posts --data '{"title":"Hello","status":"draft"}' --tags ai,cli`,
    'agentry cms save posts --id post_00001 --data @post.json',
    `jq -c .data post.json | agentry cms save posts --data - --json | jq -r .id`,
  ])

  const del = new Command('delete')
    .alias('rm')
    .description('Delete a record (asks first on a terminal; --yes otherwise)')
    .argument('<collection>', 'the collection')
    .argument('<id>', 'the record id')
    .option('-y, --yes', 'do not ask')
    .action(async (collection: string, id: string, raw: unknown) => {
      const { yes } = parseOptions(deleteSchema, raw)
      await confirmDestructive(ctx, yes, `Delete record ${id} of ${collection}?`)
      await (await ctx.sdk()).cms.delete(collection, id)
      ctx.info(`deleted ${collection}/${id}`)
    })
  examples(del, ['agentry cms delete posts post_00001', 'agentry cms rm posts post_00001 --yes'])
  return [get, save, del]
}
