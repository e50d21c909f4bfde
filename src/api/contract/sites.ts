// The sites family: sites and their pages (wire.md "Sites, files, images").
import { pageSchema, siteSchema } from '../schemas/content.js'
import { pageQuery } from './paging.js'
import type { Contract } from './types.js'

/** Sites and pages. */
export const sites = {
  sitesList: { query: pageQuery, item: siteSchema },
  sitesGet: { response: siteSchema },
  pagesList: { query: pageQuery, item: pageSchema },
  pagesGet: { response: pageSchema },
} satisfies Contract<'sites'>
