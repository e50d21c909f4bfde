// The images family (wire.md "Sites, files, images"): analyze an image by URL, generate one from a prompt.
import {
  imageAnalyzeRequestSchema,
  imageAnalyzeResponseSchema,
  imageGenerateRequestSchema,
  imageGenerateResponseSchema,
} from '../schemas/content.js'
import { type Contract, ours, op } from './types.js'

/** Images. */
export const images = {
  imagesAnalyze: op('POST', '/{accountId}/images/analyze', {
    provenance: ours(),
    scope: 'account',
    body: imageAnalyzeRequestSchema,
    response: imageAnalyzeResponseSchema,
    sdk: 'images.analyze',
    doc: 'Describes the image at `imageUrl` (`{text}`).',
    command: 'images analyze',
    mcp: 'analyze_image',
  }),
  imagesGenerate: op('POST', '/{accountId}/images/generate', {
    provenance: ours(),
    scope: 'account',
    body: imageGenerateRequestSchema,
    response: imageGenerateResponseSchema,
    sdk: 'images.generate',
    doc: 'Generates an image (`{url}`).',
    command: 'images generate',
    mcp: 'generate_image',
  }),
} satisfies Contract<'images'>
