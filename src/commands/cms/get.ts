// `agentry cms get <collection> <id…>` (commands.md; wire.md "CMS content"): one record by id, or several
// in the order asked, then every id not found named in one error (exit 3).
import { CliError, ExitCode } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { choice } from '../options.js'
import { recordFields } from './fields.js'
import { printRecord } from './print-record.js'

export default defineCommand({
  path: ['cms', 'get'],
  summary: 'Show one record, or several in the order asked',
  args: { collection: arg('<collection>', 'the collection'), ids: arg('<id...>', 'the record ids') },
  options: { access: choice('--access <access>', 'delivery (cda) or management (cma)', ['cda', 'cma']) },
  examples: [
    'agentry cms get posts post_00001',
    'agentry cms get posts post_00001 --json | jq .data.title',
    'agentry cms get posts post_00003 post_00001 --json | jq -r .[].data.title',
  ],
  run: async ({ collection, ids, access: given }, ctx) => {
    const cms = (await ctx.sdk()).cms
    const access = given ?? 'cda'
    // one id: the record itself (an object with --json), as before
    if (ids.length === 1) return printRecord(ctx, await cms.get(collection, ids[0] as string, access))
    const { records, missing } = await cms.getByIds(collection, ids, access)
    if (records.length > 0) await ctx.output().list(records, recordFields({}, records))
    if (missing.length > 0)
      throw new CliError(`not found in ${collection}: ${missing.join(', ')}`, {
        exitCode: ExitCode.notFound,
        hint:
          records.length > 0
            ? `the other ${records.length} were printed`
            : access === 'cda'
              ? 'a draft is not delivered: try --access cma'
              : undefined,
      })
  },
})
