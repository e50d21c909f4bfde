// The file tools of `agentry mcp serve`, named as the official MCP server names them (public-facts section 5, issue
// "official names"): list_files (one page of the account's files under a folder) and upload_file, which reads a local
// file only from the folders `mcp serve --upload-dir` allowed (../local-files.ts) and stores it as `files upload` does.
import { posix } from 'node:path'
import { pageQuery } from '../../api/contract/paging.js'
import * as z from '../../api/zod.js'
import { contentTypeFor } from '../../files/content-type.js'
import { checkRemote } from '../../files/transfer.js'
import { readAllowedFile } from '../local-files.js'
import { defineTool } from './types.js'

const folder = z
  .optional(z.string().check(z.minLength(1)))
  .check(z.describe("a folder of the account's files, e.g. images (omit it for all)"))

/** list_files and upload_file. */
export const fileTools = [
  defineTool({
    name: 'list_files',
    title: "List the account's files",
    description:
      "One page of the account's files and folders directly in the folder `path` (the top when absent), names " +
      'matching `search` when given; pass page for the next.',
    input: {
      path: folder,
      search: z.optional(z.string().check(z.describe('only the names that contain this text'))),
      ...pageQuery.shape,
    },
    output: { page: z.int(), items: z.array(z.looseObject({})) },
    readOnly: true,
    async run({ path, search, page, limit }, { sdk }) {
      const query = {
        ...(path === undefined ? {} : { path }),
        ...(search === undefined ? {} : { search }),
        page,
        limit,
      }
      const items: Record<string, unknown>[] = []
      for await (const file of sdk.files.list(query).firstPage()) items.push(file)
      return { page: page ?? 1, items }
    },
  }),
  defineTool({
    name: 'upload_file',
    title: 'Upload a local file',
    description:
      "Store a file of this machine in the account's files (as `path`/`filename`); returns the stored file. It reads " +
      'only inside the folders the user allowed when starting the server.',
    input: {
      local_path: z
        .string()
        .check(z.minLength(1, 'local_path is required'))
        .check(z.describe('the file on this machine: absolute, or relative to the first allowed folder')),
      path: folder.check(z.describe('the folder to store it in (default: the top)')),
      filename: z
        .optional(z.string().check(z.minLength(1)))
        .check(z.describe('the name to store it under (default: its own)')),
    },
    readOnly: false,
    readsLocalFiles: true,
    async run(args, { sdk, uploadFolders }) {
      const { name, bytes } = await readAllowedFile(args.local_path, uploadFolders)
      const stored = args.filename ?? name
      const remote = checkRemote(args.path === undefined ? stored : posix.join(args.path, stored), 'the remote path')
      const contentType = contentTypeFor(stored)
      const file = await sdk.files.upload(remote, new Uint8Array(bytes), { contentType, size: bytes.length })
      return file ?? { path: remote, size: bytes.length, contentType }
    },
  }),
]
