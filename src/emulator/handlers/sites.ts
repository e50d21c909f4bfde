// Sites and their pages (service-interface 4.8; wire.md "Sites, files, images"): read-only lists and records.
import type { StoredSite } from '../state.js'
import type { HandlerEnv, HandlerTable } from '../types.js'
import { listPage, notFound } from '../kit.js'

/** A site as the API shows it: its pages are a separate list, so only their count is given. */
function view(s: StoredSite): Record<string, unknown> {
  const { pages, ...rest } = s
  return { ...rest, pageCount: pages.length }
}

function find(env: HandlerEnv, id: string): StoredSite {
  const s = env.state.sites.get(id)
  if (s === undefined) throw notFound('site', id)
  return s
}

/** Handlers of the site and page routes. */
export const siteHandlers = {
  sitesList(req, { state }) {
    return { status: 200, json: listPage([...state.sites.values()].map(view), req) }
  },

  sitesGet(req, env) {
    return { status: 200, json: view(find(env, req.params.siteId ?? '')) }
  },

  pagesList(req, env) {
    return { status: 200, json: listPage(find(env, req.params.siteId ?? '').pages, req) }
  },

  pagesGet(req, env) {
    const site = find(env, req.params.siteId ?? '')
    const id = req.params.pageId ?? ''
    const page = site.pages.find((p) => p.id === id)
    if (page === undefined) throw notFound('page', id)
    return { status: 200, json: page }
  },
} satisfies HandlerTable
