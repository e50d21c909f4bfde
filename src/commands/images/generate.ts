// `agentry images generate`: an image from a prompt (wire.md "Sites, files, images": `POST /images/generate`
// {prompt, size?} → {url}); its URL printed, or the image saved with --out.
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { nonEmpty } from '../non-empty.js'
import { defineCommand } from '../define.js'
import { writeAtomically } from '../../io/atomic-file.js'
import { bodyChunks } from '../../io/body-stream.js'
import { custom, required } from '../options.js'

/** `--size`: WIDTHxHEIGHT, each 1 to 9999 pixels. */
function imageSize(size: string, flag: string): string {
  if (!/^[1-9]\d{0,3}x[1-9]\d{0,3}$/.test(size)) throw new UsageError(`${flag}: must be WIDTHxHEIGHT, e.g. 512x512`)
  return size
}

export default defineCommand({
  path: ['images', 'generate'],
  summary: 'Generate an image from a prompt; print its URL, or save it with --out',
  options: {
    prompt: required(custom('-p, --prompt <text>', 'what to draw', nonEmpty('must not be empty'))),
    size: custom('--size <WxH>', 'width x height in pixels, e.g. 512x512', imageSize),
    out: custom('--out <file>', 'download the image to this file (- for stdout)', nonEmpty('needs a file name')),
  },
  examples: [
    'agentry images generate --prompt "a lighthouse at dusk"',
    'agentry images generate -p "a cat" --size 512x512 --out cat.png',
  ],
  run: async (o, ctx) => {
    const body = { prompt: o.prompt, ...(o.size ? { size: o.size } : {}) }
    const res = await (await ctx.sdk()).images.generate(body)
    const out = ctx.output()
    if (o.out) await saveImage(ctx, res.url, o.out)
    if (o.out === '-') return
    if (out.format !== 'table' && out.format !== 'tsv') await out.item(o.out ? { ...res, savedTo: o.out } : res)
    else if (!o.out) await out.text(res.url)
  },
})

/** Downloads a generated image; the credential goes along only to the service's own origin. */
async function saveImage(ctx: Context, url: string, out: string): Promise<void> {
  const sdk = await ctx.sdk()
  const fetchImage = () => sdk.images.download(url)
  const chunks = async () => bodyChunks(ctx.abort.signal, (await fetchImage()).body, 'the image download')
  if (out === '-') {
    for await (const chunk of await chunks()) await writeAll(ctx.io.stdout, chunk)
    return
  }
  await writeAtomically(out, async (f) => {
    for await (const chunk of await chunks()) await f.write(chunk)
  })
  ctx.info(`saved the image to ${out}`)
}
