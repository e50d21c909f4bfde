// `agentry files upload <path>`: a local file, streamed, with a Content-Type guessed from its extension.
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { custom, text } from '../options.js'
import { uploadFile } from '../../files/transfer.js'

/** `--content-type`: type/subtype, parameters allowed. */
function contentType(type: string, flag: string): string {
  if (!/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(type))
    throw new UsageError(`${flag}: must look like type/subtype, e.g. text/plain`)
  return type
}

export default defineCommand({
  path: ['files', 'upload'],
  summary: 'Upload a local file (streamed), with a Content-Type guessed from its extension',
  args: { path: arg('<path>', 'the local file') },
  options: {
    to: text('--to <remote>', 'remote path, e.g. docs/guide.pdf (default: the file name)'),
    contentType: custom(
      '--content-type <type>',
      'the Content-Type to store (default: from the extension)',
      contentType,
    ),
  },
  examples: [
    'agentry files upload ./logo.png --to images/logo.png',
    'agentry files upload notes.txt --content-type "text/markdown; charset=utf-8"',
  ],
  helpAfter: `
A PUT: after a 429, a 5xx or a dropped connection it is sent again (--retries, default 2), the file read anew.`,
  run: async ({ path, ...o }, ctx) => uploadFile(ctx, path, o),
})
