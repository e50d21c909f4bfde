// The sites family: sites and their pages (wire.md "Sites, files, images").
import { pageSchema, siteSchema } from '../schemas/content.js'
import { listOf } from './paging.js'
import type { Contract } from './types.js'

/** Sites and pages. */
export const sites = {
  sitesList: listOf(siteSchema),
  sitesGet: { response: siteSchema },
  pagesList: listOf(pageSchema),
  pagesGet: { response: pageSchema },
} satisfies Contract<'sites'>
