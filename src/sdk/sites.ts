// Sites and their pages (wire.md "Sites, files, images").
import type { PageQuery } from '../api/contract/paging.js'
import type { Transport } from './transport.js'

/** `client.sites`. */
export const sitesResource = (t: Transport) => ({
  /** Every site, page by page. */
  list: (query: PageQuery = {}) => t.list('sitesList', { query }),
  /** One site. */
  get: (siteId: string) => t.call('sitesGet', { params: { siteId } }),
})

/** `client.pages`. */
export const pagesResource = (t: Transport) => ({
  /** Every page of a site, page by page. */
  list: (siteId: string, query: PageQuery = {}) => t.list('pagesList', { params: { siteId }, query }),
  /** One page of a site. */
  get: (siteId: string, pageId: string) => t.call('pagesGet', { params: { siteId, pageId } }),
})
