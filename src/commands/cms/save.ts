// `agentry cms save <collection> --data <json>` (commands.md; wire.md "CMS content"): creates a record (POST → 201)
// or, with --id, replaces (PUT) one, or with --id and --merge changes only the members given (PATCH, a JSON merge
// patch: null removes one), a draft until published (--publish does it at once), and prints it.
import { UsageError } from '../../errors.js'
import { readDataJson } from '../data-arg.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, flag, list, required, text } from '../options.js'
import { checkSaveFields } from './known-fields.js'
import { printRecord } from './print-record.js'

/** The tags of --tags a,b (repeatable; `--tags ''` means none). */
function tagsOf(values: readonly string[]): string[] {
  const tags = values.flatMap((v) => v.split(',')).map((t) => t.trim())
  if (values.length === 1 && values[0] === '') return []
  const bad = tags.find((t) => t === '')
  if (bad !== undefined) throw new UsageError('--tags: empty tag', "e.g. --tags ai,cli (or --tags '' for none)")
  return [...new Set(tags)]
}

export default defineCommand({
  path: ['cms', 'save'],
  summary: 'Create a record, replace one with --id (its data and tags), or change some members with --merge',
  args: { collection: arg('<collection>', 'the collection') },
  options: {
    data: required(text('-d, --data <json>', "the record's data: a JSON object, inline, @file, or - for stdin")),
    id: custom(
      '--id <id>',
      'replace (or create) the record with this id, instead of creating a new one',
      nonEmpty('must not be empty'),
    ),
    merge: flag('--merge', 'with --id: change only the members of --data given (a JSON merge patch: null removes one)'),
    tags: list('--tags <a,b>', "the record's tags, comma-separated (an update replaces them; '' for none)"),
    publish: flag('--publish', 'publish it too (a save is a draft, which the delivery access does not serve)'),
  },
  examples: [
    `agentry cms save posts --data '{"title":"Hello","status":"draft"}' --tags ai,cli`,
    'agentry cms save posts --id post_00001 --data @post.json --publish',
    `agentry cms save posts --id post_00001 --merge --data '{"views":42,"draftNote":null}'`,
    `jq -c .data post.json | agentry cms save posts --data - --json | jq -r .id`,
  ],
  run: async (o, ctx) => {
    // commander refuses a missing --data (required), so it is here
    if (o.merge && !o.id)
      throw new UsageError('--merge needs --id <id>: it changes a record that exists', 'add --id <id>, or drop --merge')
    const { json } = await readDataJson(o.data, ctx.io, ctx.bodyLimit())
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw new UsageError(
        `--data must be a JSON object (the record's data), got ${Array.isArray(json) ? 'an array' : typeof json}`,
        `e.g. --data '{"title":"Hello","views":0}'`,
      )
    const tags = o.tags.length ? tagsOf(o.tags) : undefined
    const body = { data: json as Record<string, unknown>, ...(tags ? { tags } : {}) }
    const sdk = await ctx.sdk()
    // a member the record type does not declare is a usage error, before anything is written
    await checkSaveFields(sdk, o.collection, body.data)
    await printRecord(ctx, await sdk.cms.save(o.collection, body, o))
  },
})
