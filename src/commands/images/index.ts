// `agentry images analyze|suggest-edits|generate` (commands.md; wire.md "Sites, files, images").
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['images'],
  aliases: ['image'],
  summary: 'Analyze an image, suggest edits of one, or generate one',
  examples: [
    'agentry images analyze ./photo.jpg --prompt "What is in this picture?"',
    'agentry images generate --prompt "a lighthouse at dusk" --out lighthouse.png',
  ],
  commands,
})
