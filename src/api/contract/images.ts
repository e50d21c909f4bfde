// The images family (wire.md "Sites, files, images"): analyze an image by URL, generate one from a prompt.
import {
  imageAnalyzeRequestSchema,
  imageAnalyzeResponseSchema,
  imageGenerateRequestSchema,
  imageGenerateResponseSchema,
} from '../schemas/content.js'
import type { Contract } from './types.js'

/** Images. */
export const images = {
  imagesAnalyze: { body: imageAnalyzeRequestSchema, response: imageAnalyzeResponseSchema },
  imagesGenerate: { body: imageGenerateRequestSchema, response: imageGenerateResponseSchema },
} satisfies Contract<'images'>
