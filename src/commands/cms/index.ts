// `agentry cms query|get|search|save|publish|unpublish|delete|export|import|types` (commands.md; wire.md "CMS content";
// service-interface 2.6, 4.7).
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['cms'],
  summary: 'Content records: query, search, get, save, publish, delete, export and import; record types',
  examples: [
    `agentry cms query posts --where 'status = "published"' --order-by views:desc --select title,views`,
    'agentry cms query posts --group-by category --count --sum views',
    'agentry cms search posts "practical webhooks"',
    'agentry cms export posts --out posts.ndjson && agentry cms import posts_copy posts.ndjson',
  ],
  helpAfter: `
--where language: status = "published" and (views > 100 or featured = true)
  operators = != > >= < <= and the words eq neq gt gte lt lte like ilike in notIn begins ends;
  and, or, parentheses; strings in double quotes, numbers, true/false/null, arrays ["a","b"].
  like/ilike: substring (case-sensitive / not); begins/ends: prefix / suffix.
`,
  commands,
})
