// Images (service-interface 4.8; wire.md "Sites, files, images"). Analysis never touches the network: a data: URL,
// or a URL of one of this emulator's own files, is described by its real type, size and pixel dimensions; any other
// http(s) URL gets a description derived from a hash of the URL. Generation paints a deterministic PNG from the
// prompt and stores it as a file, so the answered URL really serves it.
import { createHash } from 'node:crypto'
import { basePathSuffix, routes, urlFor } from '../../api/routes.js'
import { imageDimensions } from '../completions/model/image.js'
import { patternPng } from '../png.js'
import type { DeclaredBody, EmuRequest, HandlerEnv, HandlerTable } from '../types.js'
import { badRequest, isoNow } from '../kit.js'
import { putFile } from './files.js'

/** Largest generated side in pixels. */
const maxImageSide = 1024

const subjects = ['a lighthouse', 'a mountain lake', 'a city street', 'a bowl of fruit', 'a cat', 'a sailing boat']
const moods = ['at dusk', 'in morning light', 'under an overcast sky', 'at night', 'in bright sunshine']
const palettes = ['warm orange', 'cool blue', 'muted green', 'high-contrast black and white', 'pastel']

function describeBytes(bytes: Buffer, mediaType: string): string {
  const dims = imageDimensions(bytes)
  const size = `${bytes.length} byte${bytes.length === 1 ? '' : 's'}`
  if (dims === undefined) return `The data is ${size} of ${mediaType}; no PNG, GIF or JPEG header was found in it.`
  return `The image is a ${dims.format}, ${dims.width}×${dims.height} pixels, ${size} (${mediaType}).`
}

/** The bytes of a data: URL (RFC 2397) and its media type, or a 400. */
function decodeDataUrl(url: string): { bytes: Buffer; mediaType: string } {
  const m = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url)
  if (!m) throw badRequest('imageUrl: not a valid data: URL (data:<type>;base64,<data>)')
  const base64 = (m[2] ?? '').split(';').includes('base64')
  try {
    const data = m[3] ?? ''
    return {
      bytes: base64 ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data)),
      mediaType: m[1] || 'text/plain',
    }
  } catch {
    throw badRequest('imageUrl: the data of the data: URL cannot be decoded')
  }
}

/** The stored file a URL points at when it is one of this emulator's file URLs. */
function ownFile(req: EmuRequest, env: HandlerEnv, url: URL): { bytes: Buffer; mediaType: string } | undefined {
  if (url.origin !== req.origin) return undefined
  const prefix = `${basePathSuffix}/${encodeURIComponent(req.params.accountId ?? '')}/files/`
  if (!url.pathname.startsWith(prefix)) return undefined
  let path: string
  try {
    path = decodeURIComponent(url.pathname.slice(prefix.length))
  } catch {
    return undefined
  }
  const f = env.state.files.get(path)
  return f && { bytes: Buffer.from(f.data, 'base64'), mediaType: f.contentType }
}

/** A deterministic description of an image that is not fetched: the same URL always reads the same. */
function describeRemote(url: URL): string {
  const h = createHash('sha256').update(url.href).digest()
  const pick = (list: string[], i: number) => list[h[i]! % list.length]!
  const file = url.pathname.split('/').filter(Boolean).pop() ?? url.hostname
  return `The image ${file} from ${url.hostname} (not downloaded by the emulator) shows ${pick(subjects, 0)} ${pick(moods, 1)}, in ${pick(palettes, 2)} tones.`
}

/** The edits the emulator suggests, a fixed pool: three are picked by a hash of the image and the prompt. */
const edits: readonly { title: string; description: string }[] = [
  { title: 'Crop tighter', description: 'Crop to the subject and drop the empty margin around it.' },
  { title: 'Straighten', description: 'Level the horizon: it leans by a degree or two.' },
  { title: 'Lift the shadows', description: 'Open up the darkest areas so their detail shows.' },
  { title: 'Warm the white balance', description: 'Shift the colour temperature slightly warmer.' },
  { title: 'Reduce noise', description: 'Smooth the grain in flat areas such as the sky.' },
  { title: 'Add contrast', description: 'Deepen the blacks a little so the image looks less flat.' },
]

/** Three suggestions for an image and a prompt: the same pair always gets the same ones. */
function suggestedEdits(imageUrl: string, prompt: string | undefined): { title: string; description: string }[] {
  const h = createHash('sha256')
    .update(`${imageUrl}\n${prompt ?? ''}`)
    .digest()
  const start = h[0]! % edits.length
  const picked = [0, 1, 2].map((i) => edits[(start + i) % edits.length]!)
  return prompt ? picked.map((e) => ({ ...e, description: `${e.description} (for: ${prompt})` })) : picked
}

/** Handlers of the image routes. */
export const imageHandlers = {
  imagesAnalyze(req, env) {
    const body = req.input as DeclaredBody<'imagesAnalyze'>
    let description: string
    if (body.imageUrl.startsWith('data:')) {
      const { bytes, mediaType } = decodeDataUrl(body.imageUrl)
      description = describeBytes(bytes, mediaType)
    } else {
      let url: URL
      try {
        url = new URL(body.imageUrl)
      } catch {
        throw badRequest('imageUrl: must be an http(s) or data: URL')
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw badRequest('imageUrl: must be an http(s) or data: URL')
      }
      const own = ownFile(req, env, url)
      description = own ? describeBytes(own.bytes, own.mediaType) : describeRemote(url)
    }
    return { status: 200, json: { text: `${description}\nPrompt: ${body.prompt}` } }
  },

  imagesSuggestEdits(req) {
    const body = req.input as DeclaredBody<'imagesSuggestEdits'>
    if (!/^(https?:|data:)/i.test(body.imageUrl)) throw badRequest('imageUrl: must be an http(s) or data: URL')
    return { status: 200, json: { suggestions: suggestedEdits(body.imageUrl, body.prompt) } }
  },

  imagesGenerate(req, env) {
    const body = req.input as DeclaredBody<'imagesGenerate'>
    const [width, height] = (body.size ?? '256x256').split('x').map(Number) as [number, number]
    if (width < 1 || height < 1 || width > maxImageSide || height > maxImageSide) {
      throw badRequest(`size: each side must be 1 to ${maxImageSide} pixels`)
    }
    const hash = createHash('sha256').update(`${width}x${height}\n${body.prompt}`).digest('hex').slice(0, 24)
    const path = `generated/${hash}.png`
    if (!env.state.files.has(path)) {
      putFile(env.state, path, patternPng(body.prompt, width, height), 'image/png', isoNow(env))
    }
    const accountId = req.params.accountId ?? env.state.accountId
    const url = urlFor(req.origin + basePathSuffix, routes.filesDownload, { accountId, path })
    return { status: 200, json: { url, path, width, height } }
  },
} satisfies HandlerTable
