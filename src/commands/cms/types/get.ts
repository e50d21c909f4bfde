// `agentry cms types get <slug>`: a record type as the service gives it (JSON, YAML), or on a table
// or TSV the fields its schema declares, one a row.
import { arg, defineCommand } from '../../define.js'
import { schemaFieldColumns, schemaFields } from './fields.js'

export default defineCommand({
  path: ['cms', 'types', 'get'],
  summary: "Show a record type: its schema's fields (JSON: the schema and schema_ui)",
  args: { slug: arg('<slug>', "the record type's slug (the collection's name)") },
  examples: ['agentry cms types get posts', "agentry cms types get posts --json | jq '.schema.properties | keys'"],
  run: async ({ slug }, ctx) => {
    const type = await (await ctx.sdk()).recordTypes.get(slug)
    const out = ctx.output()
    if (out.format === 'table' || out.format === 'tsv') await out.list(schemaFields(type), schemaFieldColumns)
    else await out.item(type)
  },
})
