// `agentry cms delete <collection> <id>` (commands.md): deletes a record; asks first on a terminal.
import { arg } from '../define.js'
import { deleteCommand } from '../presets.js'

export default deleteCommand({
  path: ['cms', 'delete'],
  summary: 'Delete a record (asks first on a terminal; --yes otherwise)',
  args: { collection: arg('<collection>', 'the collection'), id: arg('<id>', 'the record id') },
  examples: ['agentry cms delete posts post_00001', 'agentry cms rm posts post_00001 --yes'],
  question: ({ collection, id }) => `Delete record ${id} of ${collection}?`,
  delete: (sdk, { collection, id }) => sdk.cms.delete(collection, id),
  done: ({ collection, id }) => `deleted ${collection}/${id}`,
})
