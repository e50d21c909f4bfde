// Images (wire.md "Sites, files, images"): analyze and generate are generated (methods.gen.ts); downloading a
// generated image is not an operation of the service (its URL is the answer's).
import type { HttpResponse } from '../api/request.js'
import { originOf } from '../api/routes.js'
import { UsageError } from '../api/errors.js'
import type { Transport } from './transport.js'

/** `client.images`, besides its generated methods. */
export const imagesByHand = (t: Transport) => ({
  /** Starts downloading a generated image (body unread); the credential goes only to the service's own origin. */
  download: (url: string): Promise<HttpResponse> => {
    if (!/^https?:\/\//i.test(url))
      throw new UsageError(`the service answered an image URL that is not http(s): ${url}`)
    const auth = new URL(url).origin === originOf(t.baseUrl)
    return t.request({ method: 'GET', url, auth, headers: { accept: 'image/*' }, stream: true })
  },
})
