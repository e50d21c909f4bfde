// `cms publish` and `cms unpublish`: the same verb both ways, over several ids of a collection.
// Each id is sent (so one unknown id does not stop the rest); the records changed are printed, then every id not
// found is named in one error (exit 3).
import type { CmsRecord } from '../../api/schemas/index.js'
import { NotFoundError } from '../../api/errors.js'
import { CliError, ExitCode } from '../../errors.js'
import type { Field } from '../../io/output.js'
import { arg, defineCommand } from '../define.js'

/** Columns of a published or unpublished record: its id and its publish state. */
const publishFields: Field<CmsRecord>[] = [
  { header: 'ID', get: (r) => r.id },
  { header: 'PUBLISHED AT', get: (r) => r.publishedAt ?? 'draft' },
  { header: 'UPDATED AT', get: (r) => r.updatedAt },
]

/** The declaration of `cms <verb> <collection> <id…>`. */
export function publishVerb(verb: 'publish' | 'unpublish', words: { summary: string; examples: string[] }) {
  return defineCommand({
    path: ['cms', verb],
    summary: words.summary,
    args: { collection: arg('<collection>', 'the collection'), ids: arg('<id...>', 'the record ids') },
    examples: words.examples,
    run: async ({ collection, ids }, ctx) => {
      const cms = (await ctx.sdk()).cms
      const done: CmsRecord[] = []
      const missing: string[] = []
      for (const id of new Set(ids)) {
        try {
          done.push(await cms[verb](collection, id))
        } catch (err) {
          if (!(err instanceof NotFoundError)) throw err
          missing.push(id)
        }
      }
      if (done.length > 0) await ctx.output().list(done, publishFields)
      if (missing.length > 0)
        throw new CliError(`not found in ${collection}: ${missing.join(', ')}`, {
          exitCode: ExitCode.notFound,
          hint: done.length > 0 ? `the other ${done.length} were ${verb}ed` : undefined,
        })
    },
  })
}
