// `agentry files delete <remote>`: one file, after asking.
import { arg } from '../define.js'
import { deleteCommand } from '../presets.js'
import { checkRemote } from '../../files/transfer.js'

export default deleteCommand({
  path: ['files', 'delete'],
  summary: 'Delete a file (asks first on a terminal; --yes otherwise)',
  args: { remote: arg('<remote>', 'the remote path') },
  examples: ['agentry files delete images/old.png --yes'],
  check: ({ remote }) => checkRemote(remote, 'the remote path'),
  question: ({ remote }) => `Delete file ${remote}?`,
  delete: (sdk, { remote }) => sdk.files.delete(remote),
  done: ({ remote }) => `deleted ${remote}`,
})
