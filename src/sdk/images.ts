// Images (wire.md "Sites, files, images"): analyze one by URL, generate one from a prompt.
import type { BodyOf, Transport } from './transport.js'

/** `client.images`. */
export const imagesResource = (t: Transport) => ({
  /** Describes the image at `imageUrl` (`{text}`). */
  analyze: (body: BodyOf<'imagesAnalyze'>) => t.call('imagesAnalyze', { body }),
  /** Generates an image (`{url}`). */
  generate: (body: BodyOf<'imagesGenerate'>) => t.call('imagesGenerate', { body }),
})
