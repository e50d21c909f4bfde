// Sites, pages, files, images and CMS records (wire.md, Sites, files, images; CMS content).
import * as z from 'zod'
import { timestamp } from './common.js'

export const siteSchema = z.object({ id: z.string(), name: z.string().optional() }).loose()
export const pageSchema = z
  .object({ id: z.string(), siteId: z.string().optional(), title: z.string().optional() })
  .loose()
export const fileSchema = z
  .object({
    path: z.string(),
    size: z.number().optional(),
    contentType: z.string().optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export const imageAnalyzeRequestSchema = z.object({
  imageUrl: z.string().min(1, 'imageUrl is required'),
  prompt: z.string().default('Describe this image'),
})
export const imageAnalyzeResponseSchema = z.object({ text: z.string() }).loose()
export const imageGenerateRequestSchema = z.object({
  prompt: z.string().min(1, 'prompt is required'),
  size: z
    .string()
    .regex(/^\d{1,4}x\d{1,4}$/, 'size must look like 256x256')
    .optional(),
})
export const imageGenerateResponseSchema = z.object({ url: z.string() }).loose()

export const cmsRecordSchema = z
  .object({
    id: z.string(),
    data: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()).optional(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
  })
  .loose()
export type CmsRecord = z.infer<typeof cmsRecordSchema>
export const cmsSaveSchema = z.object({
  data: z.record(z.string(), z.unknown(), { message: 'data must be a JSON object' }),
  tags: z.array(z.string()).optional(),
})
