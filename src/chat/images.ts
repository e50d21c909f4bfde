// `--image <path|url>`: an http(s) URL goes to the agent as is; a local file becomes a data: URL (service-interface
// 2.1 "Image URL" item), after its type is checked by its magic bytes (not its name) and its size is bounded.
import { readArgFile } from '../io/arg-file.js'
import { stat } from 'node:fs/promises'
import { UsageError } from '../errors.js'
import type { ChatContentItem } from './session.js'

/** Largest local image sent (20 MiB, the common limit of vision models for inline images). */
export const maxImageBytes = 20 * 1024 * 1024

/** The image types accepted, by their signatures (PNG spec 5.2, JFIF, GIF89a, RIFF WebP container). */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | undefined {
  const at = (i: number, ...v: number[]) => v.every((b, k) => bytes[i + k] === b)
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'image/gif'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return undefined
}

/** Turns image bytes into a data: URL; throws a UsageError naming `label` when the type or size is wrong. */
function imageDataUrl(bytes: Uint8Array, label: string): string {
  if (bytes.length > maxImageBytes)
    throw new UsageError(`--image ${label}: ${formatSize(bytes.length)} is over the ${formatSize(maxImageBytes)} limit`)
  const type = sniffImageType(bytes)
  if (type === undefined)
    throw new UsageError(`--image ${label}: not a PNG, JPEG, GIF or WebP image`, 'convert it, or pass an https URL')
  return `data:${type};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64')}`
}

/** Resolves one `--image` value to a content item: a URL as is, a local file as a checked data: URL. */
export async function resolveImage(value: string): Promise<ChatContentItem> {
  if (/^https?:\/\//i.test(value)) {
    try {
      new URL(value)
    } catch {
      throw new UsageError(`--image ${value}: not a valid URL`)
    }
    return { type: 'image_url', image_url: { url: value } }
  }
  if (/^data:image\/[\w.+-]+;base64,/i.test(value)) return { type: 'image_url', image_url: { url: value } }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    throw new UsageError(`--image ${value}: only http(s) URLs and local files are supported`)
  let size: number
  try {
    const s = await stat(value)
    if (!s.isFile()) throw new UsageError(`--image ${value}: not a file`)
    size = s.size
  } catch (err) {
    if (err instanceof UsageError) throw err
    throw new UsageError(
      `--image ${value}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    )
  }
  // Checked before reading, so that a huge file is refused without loading it.
  if (size > maxImageBytes)
    throw new UsageError(`--image ${value}: ${formatSize(size)} is over the ${formatSize(maxImageBytes)} limit`)
  return {
    type: 'image_url',
    image_url: { url: imageDataUrl(await readArgFile(value, `--image ${value}`, maxImageBytes), value) },
  }
}

/** Resolves every `--image` value, in order. */
export function resolveImages(values: readonly string[]): Promise<ChatContentItem[]> {
  return Promise.all(values.map(resolveImage))
}

function formatSize(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`
}
