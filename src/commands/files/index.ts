// `agentry files list|upload|download|delete` (commands.md; wire.md "Sites, files, images").
import { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { confirmDestructive } from '../confirm.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { checkRemote, downloadFile, uploadFile } from './transfer.js'
import { printList } from '../list-notes.js'

/** Columns of `files list`. */
export const fileFields: Field<Record<string, unknown>>[] = [
  { header: 'PATH', get: (f) => f.path },
  { header: 'SIZE', get: (f) => f.size },
  { header: 'TYPE', get: (f) => f.contentType },
  { header: 'UPDATED', get: (f) => f.updatedAt },
]

const listSchema = listOptionsSchema.extend({ prefix: z.string().optional() })
const uploadSchema = z.object({
  to: z.string().optional(),
  contentType: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'must look like type/subtype, e.g. text/plain')
    .optional(),
})
const downloadSchema = z.object({ out: z.string().min(1, 'needs a path (or - for stdout)').optional() })
const deleteSchema = z.object({ yes: z.boolean().default(false) })

/** Registers the files group. */
export function register(program: Command, ctx: Context): void {
  const files = new Command('files').alias('file').description('Files of the account: list, upload, download, delete')
  const list = withListOptions(new Command('list').alias('ls').description('List files'))
    .option('--prefix <prefix>', 'only paths that start with this, e.g. images/')
    .action(async (raw: unknown) => {
      const { prefix, ...opts } = parseOptions(listSchema, raw)
      const items = (await ctx.sdk()).files.list({ ...opts, ...(prefix ? { prefix } : {}) })
      await printList(ctx, items, opts, fileFields, 'files')
    })
  examples(list, ['agentry files list', 'agentry files ls --prefix generated/ --all --json'])

  const upload = new Command('upload')
    .description('Upload a local file (streamed), with a Content-Type guessed from its extension')
    .argument('<path>', 'the local file')
    .option('--to <remote>', 'remote path, e.g. docs/guide.pdf (default: the file name)')
    .option('--content-type <type>', 'the Content-Type to store (default: from the extension)')
    .action(async (local: string, raw: unknown) => uploadFile(ctx, local, parseOptions(uploadSchema, raw)))
  examples(upload, [
    'agentry files upload ./logo.png --to images/logo.png',
    'agentry files upload notes.txt --content-type "text/markdown; charset=utf-8"',
  ])

  const download = new Command('download')
    .description('Download a file to --out (written atomically) or to stdout (binary only with --out -)')
    .argument('<remote>', 'the remote path')
    .option('--out <path>', 'a file or directory to write to; - for stdout')
    .action(async (remote: string, raw: unknown) => downloadFile(ctx, remote, parseOptions(downloadSchema, raw).out))
  examples(download, [
    'agentry files download images/logo.png --out logo.png',
    'agentry files download docs/readme.txt | less',
    'agentry files download images/logo.png --out - | sha256sum',
  ])

  const del = new Command('delete')
    .alias('rm')
    .description('Delete a file (asks first on a terminal; --yes otherwise)')
    .argument('<remote>', 'the remote path')
    .option('-y, --yes', 'do not ask')
    .action(async (remote: string, raw: unknown) => {
      const { yes } = parseOptions(deleteSchema, raw)
      checkRemote(remote, 'the remote path')
      await confirmDestructive(ctx, yes, `Delete file ${remote}?`)
      await (await ctx.sdk()).files.delete(remote)
      ctx.info(`deleted ${remote}`)
    })
  examples(del, ['agentry files delete images/old.png --yes'])
  examples(files, [
    'agentry files list --prefix images/',
    'agentry files upload ./logo.png --to images/logo.png',
    'agentry files download images/logo.png --out logo.png',
  ])
  program.addCommand(files.addCommand(list).addCommand(upload).addCommand(download).addCommand(del))
}
