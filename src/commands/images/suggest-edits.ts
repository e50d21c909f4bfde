// `agentry images suggest-edits <image>`: edits worth making to an image (the SDK's images.suggestEdits).
import { nonEmpty } from '../non-empty.js'
import { arg, defineCommand } from '../define.js'
import { custom } from '../options.js'
import { imageUrlOf } from './image-url.js'

export default defineCommand({
  path: ['images', 'suggest-edits'],
  summary: 'Suggest edits of an image (a URL or a local PNG, JPEG, GIF or WebP file)',
  args: { image: arg('<image>', 'an http(s) URL or a local file') },
  options: {
    prompt: custom(
      '-p, --prompt <text>',
      'what the edits are for (default: any improvement)',
      nonEmpty('must not be empty'),
    ),
  },
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
