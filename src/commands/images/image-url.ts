// The image argument of `images analyze` and `images suggest-edits`, and the imageUrl they send (wire.md "Sites, files, images": `POST /images/analyze` {imageUrl, prompt}).
import { maxImageBytes, sniffImageType } from '../../chat/images.js'
import { UsageError } from '../../errors.js'
import { localFileSize, readArgFile } from '../../io/arg-file.js'
import { arg } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom } from '../options.js'

/** The `<image>` of `analyze` and `suggest-edits`: a URL or a local file (imageUrlOf). */
export const imageArg = arg('<image>', 'an http(s) URL or a local file')
/** `-p, --prompt`: what the image is asked about, or what edits are for (help: `help`). */
export const promptFlag = (help: string) => custom('-p, --prompt <text>', help, nonEmpty('must not be empty'))

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
  const size = await localFileSize(value)
  if (size > maxImageBytes)
    throw new UsageError(`${value}: ${mib(size)} is over the ${mib(maxImageBytes)} limit`, 'shrink it, or upload it')
  const bytes = await readArgFile(value, value, maxImageBytes)
  const type = sniffImageType(bytes)
  if (!type) throw new UsageError(`${value}: not a PNG, JPEG, GIF or WebP image`, 'convert it, or pass an https URL')
  return `data:${type};base64,${bytes.toString('base64')}`
}
