// `agentry files download <remote>`: to --out (written atomically) or to stdout (binary only with --out -).
import { nonEmpty } from '../non-empty.js'
import { arg, defineCommand } from '../define.js'
import { custom } from '../options.js'
import { downloadFile } from './transfer.js'

export default defineCommand({
  path: ['files', 'download'],
  summary: 'Download a file to --out (written atomically) or to stdout (binary only with --out -)',
  args: { remote: arg('<remote>', 'the remote path') },
  options: {
    out: custom(
      '--out <path>',
      'a file or directory to write to; - for stdout',
      nonEmpty('needs a path (or - for stdout)'),
    ),
  },
  examples: [
    'agentry files download images/logo.png --out logo.png',
    'agentry files download docs/readme.txt | less',
    'agentry files download images/logo.png --out - | sha256sum',
  ],
  run: async ({ remote, out }, ctx) => downloadFile(ctx, remote, out),
})
