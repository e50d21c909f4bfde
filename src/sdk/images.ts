// Images (wire.md "Sites, files, images"): analyze one by URL, generate one from a prompt.
import type { HttpResponse } from '../api/request.js'
import { originOf } from '../api/routes.js'
import { UsageError } from '../api/errors.js'
import type { BodyOf, Transport } from './transport.js'

/** `client.images`. */
export const imagesResource = (t: Transport) => ({
  /** Describes the image at `imageUrl` (`{text}`). */
  analyze: (body: BodyOf<'imagesAnalyze'>) => t.call('imagesAnalyze', { body }),
  /** Generates an image (`{url}`). */
  generate: (body: BodyOf<'imagesGenerate'>) => t.call('imagesGenerate', { body }),
  /** Starts downloading a generated image (body unread); the credential goes only to the service's own origin. */
  download: (url: string): Promise<HttpResponse> => {
    if (!/^https?:\/\//i.test(url))
      throw new UsageError(`the service answered an image URL that is not http(s): ${url}`)
    const auth = new URL(url).origin === originOf(t.baseUrl)
    return t.request({ method: 'GET', url, auth, headers: { accept: 'image/*' }, stream: true })
  },
})
