// `agentry images suggest-edits <image>`: edits worth making to an image (the SDK's images.suggestEdits).
import { defineCommand } from '../define.js'
import { imageArg, imageUrlOf, promptFlag } from './image-url.js'

export default defineCommand({
  path: ['images', 'suggest-edits'],
  summary: 'Suggest edits of an image (a URL or a local PNG, JPEG, GIF or WebP file)',
  args: { image: imageArg },
  options: { prompt: promptFlag('what the edits are for (default: any improvement)') },
  examples: [
    'agentry images suggest-edits ./photo.jpg',
    'agentry images suggest-edits https://example.com/hero.png -p "for a dark website header" --json',
  ],
  run: async ({ image, prompt }, ctx) => {
    const imageUrl = await imageUrlOf(image)
    const res = await (await ctx.sdk()).images.suggestEdits({ imageUrl, ...(prompt !== undefined ? { prompt } : {}) })
    const out = ctx.output()
    if (out.format !== 'table' && out.format !== 'tsv') return out.item(res)
    await out.list(res.suggestions, [
      { header: 'EDIT', get: (s) => s.title },
      { header: 'DESCRIPTION', get: (s) => s.description },
    ])
  },
})
