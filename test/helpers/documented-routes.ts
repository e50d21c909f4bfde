// The lists and records of the service in the shapes its public sources show (shared/spec/public-facts.md; each
// route names its source), for ./documented-server.ts. Agents answer `{data, total, models}` (the SDK's
// `agents.list()`), scenarios, webhooks and files plain arrays (the SDK's examples read `.length` and `[0]`), the CMS
// a page `{data, pagination}` and one record `{data:[record]}`, with snake_case meta. Nothing else is served: a route
// agentry made up answers 404 here, as it may on the real service.
import type { ServerResponse } from 'node:http'
import type { DocumentedRoute } from './documented-server.js'

/** The account every route serves. */
export const documentedAccount = 'acc_documented'

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

const agents = [
  { id: 'ag_doc_1', name: 'Doc helper', description: 'answers from the docs', created_at: '2026-03-01T10:00:00Z' },
  { id: 'ag_doc_2', name: 'Doc writer', description: null, created_at: '2026-02-01T10:00:00Z' },
]
// scenario fields as brightsy.ai/docs/ui/scenarios lists them (`status`, not agentry's `enabled`)
const scenarios = [
  {
    id: 'sc_doc_1',
    name: 'Nightly digest',
    description: 'collects the day',
    status: 'enabled',
    agentId: 'ag_doc_1',
    instruction: 'Summarise',
    exampleBody: { day: 'monday' },
    createdAt: '2026-01-05T08:00:00Z',
    updatedAt: '2026-01-06T08:00:00Z',
  },
]
// webhook fields as brightsy.ai/docs/ui/webhooks lists them
const webhooks = [
  {
    id: 'wh_doc_1',
    name: 'Orders in',
    description: 'shop orders',
    status: 'active',
    scenarioId: 'sc_doc_1',
    secret: 'whsec_documented_secret',
    url: 'https://brightsy.ai/api/webhooks/wh_doc_1',
    createdAt: '2026-01-07T08:00:00Z',
    updatedAt: '2026-01-07T09:00:00Z',
  },
]
const files = [
  { path: 'public/docs/readme.txt', size: 12, updated_at: '2026-01-08T08:00:00Z' },
  { path: 'public/logo.png', size: 2048, updated_at: '2026-01-09T08:00:00Z' },
]
/** CMS records with their meta in snake_case (cookbook examples/records: `orderBy('updated_at')`, `published_at`). */
const documentedRecords = [
  {
    id: 'rec_doc_old',
    data: { title: 'Older post' },
    tags: ['news'],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    published_at: '2026-01-02T00:00:00Z',
  },
  {
    id: 'rec_doc_new',
    data: { title: 'Newer post' },
    tags: [],
    created_at: '2026-02-01T00:00:00Z',
    updated_at: '2026-02-03T00:00:00Z',
    published_at: null,
  },
]

function byId<T extends { id: string }>(items: T[], id: string | undefined): T | undefined {
  return items.find((i) => i.id === id)
}

function one<T extends { id: string }>(items: T[], key: string, what: string): DocumentedRoute['handle'] {
  return ({ res, params }) => {
    const found = byId(items, params[key])
    if (found) json(res, 200, found)
    else json(res, 404, { error: { message: `${what} not found` } })
  }
}

/** The documented list and record routes (reads only: this server knows no write). */
export function documentedRoutes(): DocumentedRoute[] {
  return [
    // cookbook examples/agents: `const { data, total } = await client.agents.list(...)`; `models` beside them
    {
      method: 'GET',
      pattern: '/{accountId}/agents',
      handle: ({ res }) => json(res, 200, { data: agents, total: agents.length, models: [{ id: 'openai/gpt-4o' }] }),
    },
    { method: 'GET', pattern: '/{accountId}/agents/{agentId}', handle: one(agents, 'agentId', 'agent') },
    // cookbook examples/scenarios: `const all = await client.scenarios.list(); all.length; all[0]`
    { method: 'GET', pattern: '/{accountId}/scenarios', handle: ({ res }) => json(res, 200, scenarios) },
    { method: 'GET', pattern: '/{accountId}/scenarios/{scenarioId}', handle: one(scenarios, 'scenarioId', 'scenario') },
    // cookbook examples/webhooks: `const hooks = await client.webhooks.list(); hooks.length`
    { method: 'GET', pattern: '/{accountId}/webhooks', handle: ({ res }) => json(res, 200, webhooks) },
    { method: 'GET', pattern: '/{accountId}/webhooks/{webhookId}', handle: one(webhooks, 'webhookId', 'webhook') },
    // cookbook examples/files: `const files = await client.files.list(...); files.length`
    { method: 'GET', pattern: '/{accountId}/files', handle: ({ res }) => json(res, 200, files) },
    // cookbook examples/records: a page is `{data, pagination:{total}}`; `.id(uuid).get()` is `{data:[record]}`
    {
      method: 'GET',
      pattern: '/{accountId}/{access}/records/{collection}',
      handle: ({ res, query }) => {
        const desc = /:desc$/.test(query.get('orderBy') ?? '')
        const rows = [...documentedRecords].sort((a, b) => a.updated_at.localeCompare(b.updated_at))
        if (desc) rows.reverse()
        const pagination = { total: rows.length, page: 1, page_count: 1, page_size: rows.length }
        json(res, 200, { data: rows, pagination })
      },
    },
    {
      method: 'GET',
      pattern: '/{accountId}/{access}/records/{collection}/{recordId}',
      handle: ({ res, params }) => {
        const found = byId(documentedRecords, params.recordId)
        if (found) json(res, 200, { data: [found] })
        else json(res, 404, { error: { message: 'record not found' } })
      },
    },
  ]
}
