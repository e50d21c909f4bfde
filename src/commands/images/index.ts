// `agentry images analyze|generate` (commands.md; wire.md "Sites, files, images": `POST /images/analyze`
// {imageUrl, prompt} → {text}; `POST /images/generate` {prompt, size?} → {url}).
import { readArgFile } from '../../io/arg-file.js'
import { stat } from 'node:fs/promises'
import { Command } from 'commander'
import * as z from 'zod'
import { maxImageBytes, sniffImageType } from '../../chat/images.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { writeAtomically } from '../../io/atomic-file.js'
import { bodyChunks } from '../files/body-stream.js'
import { examples, parseOptions } from '../shared.js'

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`

/** The imageUrl of `analyze`: an http(s) or data: URL as is; a local file as a data: URL, its type checked by its
 * magic bytes (not its name) and its size bounded before it is read. */
export async function imageUrlOf(value: string): Promise<string> {
  if (/^https?:\/\//i.test(value)) {
    if (!URL.canParse(value)) throw new UsageError(`${value}: not a valid URL`)
    return value
  }
  if (/^data:image\/[\w.+-]+;base64,/i.test(value)) return value
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[a-z]:[\\/]/i.test(value))
    throw new UsageError(`${value}: only http(s) URLs, data: URLs and local files are supported`)
  let size: number
  try {
    const s = await stat(value)
    if (!s.isFile()) throw new UsageError(`${value} is not a file`)
    size = s.size
  } catch (err) {
    if (err instanceof UsageError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`${value}: ${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)}`)
  }
  if (size > maxImageBytes)
    throw new UsageError(`${value}: ${mib(size)} is over the ${mib(maxImageBytes)} limit`, 'shrink it, or upload it')
  const bytes = await readArgFile(value, value, maxImageBytes)
  const type = sniffImageType(bytes)
  if (!type) throw new UsageError(`${value}: not a PNG, JPEG, GIF or WebP image`, 'convert it, or pass an https URL')
  return `data:${type};base64,${bytes.toString('base64')}`
}

const analyzeSchema = z.object({ prompt: z.string().min(1, 'must not be empty').default('Describe this image') })
const generateSchema = z.object({
  prompt: z.string().min(1, 'must not be empty'),
  size: z
    .string()
    .regex(/^[1-9]\d{0,3}x[1-9]\d{0,3}$/, 'must be WIDTHxHEIGHT, e.g. 512x512')
    .optional(),
  out: z.string().min(1, 'needs a file name').optional(),
})

/** Registers the images group. */
export function register(program: Command, ctx: Context): void {
  const images = new Command('images').alias('image').description('Analyze an image, or generate one')
  const analyze = new Command('analyze')
    .description('Ask about an image (a URL or a local PNG, JPEG, GIF or WebP file) and print the answer')
    .argument('<image>', 'an http(s) URL or a local file')
    .option('-p, --prompt <text>', 'what to ask about it (default: "Describe this image")')
    .action(async (image: string, raw: unknown) => {
      const { prompt } = parseOptions(analyzeSchema, raw)
      const imageUrl = await imageUrlOf(image)
      const res = await (await ctx.sdk()).images.analyze({ imageUrl, prompt })
      const out = ctx.output()
      await (out.format === 'table' || out.format === 'tsv' ? out.text(res.text) : out.item(res))
    })
  examples(analyze, [
    'agentry images analyze ./photo.jpg --prompt "What is in this picture?"',
    'agentry images analyze https://example.com/chart.png -p "Summarize the trend" --json',
  ])
  const generate = new Command('generate')
    .description('Generate an image from a prompt; print its URL, or save it with --out')
    .requiredOption('-p, --prompt <text>', 'what to draw')
    .option('--size <WxH>', 'width x height in pixels, e.g. 512x512')
    .option('--out <file>', 'download the image to this file (- for stdout)')
    .action(async (raw: unknown) => {
      const o = parseOptions(generateSchema, raw)
      const body = { prompt: o.prompt, ...(o.size ? { size: o.size } : {}) }
      const res = await (await ctx.sdk()).images.generate(body)
      const out = ctx.output()
      if (o.out) await saveImage(ctx, res.url, o.out)
      if (o.out === '-') return
      if (out.format !== 'table' && out.format !== 'tsv') await out.item(o.out ? { ...res, savedTo: o.out } : res)
      else if (!o.out) await out.text(res.url)
    })
  examples(generate, [
    'agentry images generate --prompt "a lighthouse at dusk"',
    'agentry images generate -p "a cat" --size 512x512 --out cat.png',
  ])
  examples(images, [
    'agentry images analyze ./photo.jpg --prompt "What is in this picture?"',
    'agentry images generate --prompt "a lighthouse at dusk" --out lighthouse.png',
  ])
  program.addCommand(images.addCommand(analyze).addCommand(generate))
}

/** Downloads a generated image; the credential goes along only to the service's own origin. */
async function saveImage(ctx: Context, url: string, out: string): Promise<void> {
  const sdk = await ctx.sdk()
  const fetchImage = () => sdk.images.download(url)
  const chunks = async () => bodyChunks(ctx, (await fetchImage()).body, 'the image download')
  if (out === '-') {
    for await (const chunk of await chunks()) await writeAll(ctx.io.stdout, chunk)
    return
  }
  await writeAtomically(out, async (f) => {
    for await (const chunk of await chunks()) await f.write(chunk)
  })
  ctx.info(`saved the image to ${out}`)
}
