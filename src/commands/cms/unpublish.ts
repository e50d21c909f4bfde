// `agentry cms unpublish <collection> <id…>`: drafts again, which the delivery access no longer serves.
import { publishVerb } from './publish-verb.js'

export default publishVerb('unpublish', {
  summary: 'Unpublish records: drafts again, no longer served by the delivery access (cda)',
  examples: ['agentry cms unpublish posts rec_1', 'agentry cms get posts rec_1 --access cma --json | jq .publishedAt'],
})
