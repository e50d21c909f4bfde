// `agentry files download <remote>`: to --out (written atomically) or to stdout (binary only with --out -).
import { nonEmpty } from '../non-empty.js'
import { arg, defineCommand } from '../define.js'
import { custom } from '../options.js'
import { downloadFile } from '../../files/transfer.js'

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
  helpAfter: `
A body that breaks off, stalls (AGENTRY_IDLE_TIMEOUT) or ends short is fetched again (--retries), from where it
stopped when the server offers byte ranges, else from the start (to stdout: only from where it stopped). --out
is written to a temporary file, renamed only once the whole file is in and checked: against the size the server
declared (Content-Length) and its digest (Repr-Digest, Content-Digest or Digest, sha-256/sha-512), then
against the size \`files list\` gives, whatever the answer declared (a page of 62 bytes for a file listed at
300000: exit 8, nothing saved). A server that declares neither and lists no size cannot be checked. Exit codes:
0 saved, 3 no such file, 8 broken off or not what the server declared or listed, 124 stalled.`,
  run: async ({ remote, out }, ctx) => downloadFile(ctx, remote, out),
})
