// `agentry files list|upload|download|url|mkdir|mv|delete` (commands.md; wire.md "Sites, files, images").
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['files'],
  aliases: ['file'],
  summary: 'Files and folders of the account: list, upload, download, url, mkdir, mv, delete',
  examples: [
    'agentry files list images',
    'agentry files upload ./logo.png --to images/logo.png',
    'agentry files download images/logo.png --out logo.png',
  ],
  commands,
})
