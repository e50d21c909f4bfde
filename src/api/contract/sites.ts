// The sites family: sites and their pages (wire.md "Sites, files, images").
import { pageSchema, siteSchema } from '../schemas/content.js'
import { listOf } from './paging.js'
import { type Contract, ours, op } from './types.js'

/** Sites and pages. */
export const sites = {
  sitesList: op('GET', '/{accountId}/sites', {
    provenance: ours('the hosted MCP covers sites (brightsy.ai/docs/mcp/index); no REST route is shown'),
    scope: 'account',
    ...listOf(siteSchema),
    list: { noun: 'sites', summary: 'List the sites of the account' },
    sdk: 'sites.list',
    doc: 'Every site, page by page.',
    command: 'sites list',
    mcp: 'list_sites',
  }),
  sitesGet: op('GET', '/{accountId}/sites/{siteId}', {
    provenance: ours(),
    scope: 'account',
    response: siteSchema,
    sdk: 'sites.get',
    doc: 'One site.',
    command: 'sites get',
  }),
  pagesList: op('GET', '/{accountId}/sites/{siteId}/pages', {
    provenance: ours(),
    scope: 'account',
    ...listOf(pageSchema),
    list: { noun: 'pages', summary: 'List the pages of a site' },
    sdk: 'pages.list',
    doc: 'Every page of a site, page by page.',
    command: 'pages list',
    mcp: 'list_pages',
  }),
  pagesGet: op('GET', '/{accountId}/sites/{siteId}/pages/{pageId}', {
    provenance: ours(),
    scope: 'account',
    response: pageSchema,
    sdk: 'pages.get',
    doc: 'One page of a site.',
    command: 'pages get',
  }),
} satisfies Contract<'sites'>
