// `agentry images analyze <image>`: ask about an image (wire.md "Sites, files, images": `POST /images/analyze`
// {imageUrl, prompt} → {text}).
import { defineCommand } from '../define.js'
import { imageArg, imageUrlOf, promptFlag } from './image-url.js'

export default defineCommand({
  path: ['images', 'analyze'],
  summary: 'Ask about an image (a URL or a local PNG, JPEG, GIF or WebP file) and print the answer',
  args: { image: imageArg },
  options: { prompt: promptFlag('what to ask about it (default: "Describe this image")') },
  examples: [
    'agentry images analyze ./photo.jpg --prompt "What is in this picture?"',
    'agentry images analyze https://example.com/chart.png -p "Summarize the trend" --json',
  ],
  run: async ({ image, prompt = 'Describe this image' }, ctx) => {
    const imageUrl = await imageUrlOf(image)
    const res = await (await ctx.sdk()).images.analyze({ imageUrl, prompt })
    const out = ctx.output()
    await (out.format === 'table' || out.format === 'tsv' ? out.text(res.text) : out.item(res))
  },
})
