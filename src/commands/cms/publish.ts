// `agentry cms publish <collection> <id…>`: the delivery access serves the records as they now are.
import { publishVerb } from './publish-verb.js'

export default publishVerb('publish', {
  summary: 'Publish records: the delivery access (cda) serves them as they now are',
  examples: [
    'agentry cms publish posts rec_1 rec_2',
    'agentry cms publish posts rec_1 --json | jq -r .[0].publishedAt',
  ],
})
