// The images family (wire.md "Sites, files, images"): analyze an image by URL, generate one from a prompt.
import {
  imageAnalyzeRequestSchema,
  imageAnalyzeResponseSchema,
  imageGenerateRequestSchema,
  imageGenerateResponseSchema,
  imageSuggestEditsRequestSchema,
  imageSuggestEditsResponseSchema,
} from '../schemas/content.js'
import { type Contract, inferred, ours, op } from './types.js'

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
  imagesSuggestEdits: op('POST', '/{accountId}/images/suggest-edits', {
    provenance: inferred(
      'the SDK has images.suggestEdits (brightsy-cookbook examples/files/README.md); the path and shapes are ours',
    ),
    scope: 'account',
    body: imageSuggestEditsRequestSchema,
    response: imageSuggestEditsResponseSchema,
    sdk: 'images.suggestEdits',
    doc: 'Suggests edits of the image at `imageUrl` (`{suggestions: [{title, description}]}`), for `prompt` when given.',
    command: 'images suggest-edits',
  }),
} satisfies Contract<'images'>
