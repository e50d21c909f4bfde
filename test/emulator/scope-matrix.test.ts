// Every route × every kind of caller (issue 8 item 2): the answer of each cell must match the expectation table,
// which follows the scope each route declares in src/api/routes.ts. Scoped callers aim at resources outside their
// scope (agent weather-bot, scenario scn_translate and its webhook and schedule), so a leak shows up as a 2xx where
// a 401 is expected; lists must hide what the caller may not reach.
import { createHmac, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RouteName, type RouteScope, routes } from '../../src/api/routes.js'
import { hashApiKey } from '../../src/emulator/auth.js'
import { demoKeys } from '../../src/emulator/index.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import type { StoredApiKey } from '../../src/emulator/state.js'
import { type Answer, call } from './core-client.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const emu = () => fx.emu
const { internalErrors } = fx
const acc = 'acc_demo'

type Caller = 'none' | 'wrong' | 'expired' | 'agent' | 'scenario' | 'cmsRead' | 'cmsWrite' | 'unscoped'
const callers: Caller[] = ['none', 'wrong', 'expired', 'agent', 'scenario', 'cmsRead', 'cmsWrite', 'unscoped']
/** The scopes of each scoped caller (the agent-scoped and CMS-read keys are the demo seed's own). */
const scopesOf: Record<Caller, StoredApiKey['scopes'] | undefined> = {
  none: undefined,
  wrong: undefined,
  expired: undefined,
  agent: { agents: ['demo-assistant'] },
  scenario: { scenarios: ['scn_summarize'] },
  cmsRead: { agents: [], scenarios: [], cms: 'read' },
  cmsWrite: { agents: [], scenarios: [], cms: 'write' },
  unscoped: {},
}
const keyOf: Record<Caller, string | null> = {
  none: null,
  wrong: 'agk_not_a_key_of_this_emulator',
  expired: demoKeys.expired,
  agent: demoKeys.assistantOnly,
  scenario: 'agk_matrix_scenario_only',
  cmsRead: demoKeys.cmsRead,
  cmsWrite: 'agk_matrix_cms_write',
  unscoped: demoKeys.full,
}

/** `ok`: the route's success; `list`: 200 with only what the caller may reach; `same`: not a bearer route. */
type Outcome = 'ok' | 'list' | 'same' | 401 | 403
const denied = { none: 401, wrong: 401, expired: 401 } as const
/** THE expectation table: route scope × caller. */
const expected: Record<RouteScope, Record<Caller, Outcome>> = {
  agent: { ...denied, agent: 401, scenario: 'ok', cmsRead: 401, cmsWrite: 401, unscoped: 'ok' },
  scenario: { ...denied, agent: 'ok', scenario: 401, cmsRead: 401, cmsWrite: 401, unscoped: 'ok' },
  'cms-read': { ...denied, agent: 'ok', scenario: 'ok', cmsRead: 'ok', cmsWrite: 'ok', unscoped: 'ok' },
  'cms-write': { ...denied, agent: 'ok', scenario: 'ok', cmsRead: 401, cmsWrite: 'ok', unscoped: 'ok' },
  account: { ...denied, agent: 'ok', scenario: 'ok', cmsRead: 'ok', cmsWrite: 'ok', unscoped: 'ok' },
  unscoped: { ...denied, agent: 403, scenario: 403, cmsRead: 403, cmsWrite: 403, unscoped: 'ok' },
  public: {
    none: 'same',
    wrong: 'same',
    expired: 'same',
    agent: 'same',
    scenario: 'same',
    cmsRead: 'same',
    cmsWrite: 'same',
    unscoped: 'same',
  },
}

/** One request of a route; `ok` is its success status when not 2xx; `owner` says what a list item belongs to. */
interface Cell {
  path: string
  body?: unknown
  raw?: string
  headers?: Record<string, string>
  ok?: number
  owner?: (item: { id: string; scenarioId?: string }) => { agentId?: string; scenarioId?: string }
}

const state = () => emu().state
/** Fresh resources outside the scoped callers' scopes, for the routes that delete or need one. */
const fresh = {
  desktopTask(status = 'awaiting_confirmation') {
    const task = state().desktop.queue(
      { account: acc, sourceAgentId: 'desktop-relay', sourceChatId: null, text: 'matrix', ttlMs: 60_000 },
      Date.now(),
    )
    task.task_status = status
    return task.id
  },
  webhook() {
    const id = `whk_m_${randomUUID().slice(0, 8)}`
    const at = new Date().toISOString()
    state().webhooks.set(id, {
      id,
      name: 'matrix',
      description: null,
      status: 'active',
      scenarioId: 'scn_translate',
      secret: 'whsec_matrix',
      createdAt: at,
      updatedAt: at,
    })
    return id
  },
  schedule() {
    const base = state().schedules.get('sch_hourly')!
    const id = `sch_m_${randomUUID().slice(0, 8)}`
    state().schedules.set(id, { ...base, id })
    return id
  },
  agent() {
    const id = `agt_m_${randomUUID().slice(0, 8)}`
    state().agents.set(id, { ...state().agents.get('weather-bot')!, id })
    return id
  },
  scenario() {
    const id = `scn_m_${randomUUID().slice(0, 8)}`
    state().scenarios.set(id, { ...state().scenarios.get('scn_translate')!, id })
    return id
  },
  key() {
    const id = `key_m_${randomUUID().slice(0, 8)}`
    state().apiKeys.set(id, { ...state().apiKeys.get('key_demo')!, id, keyHash: hashApiKey(id) })
    return id
  },
  chat(withMessage: boolean) {
    const id = randomUUID()
    const at = new Date().toISOString()
    const messages = withMessage ? [{ id: randomUUID(), role: 'user' as const, content: 'hi', createdAt: at }] : []
    const file = { filename: 'a.txt', size: 2, contentType: 'text/plain', data: 'aGk=', createdAt: at }
    const attachments = messages[0] ? { [messages[0].id]: [file] } : {}
    state().chats.set(id, {
      id,
      agentId: 'weather-bot',
      title: 'm',
      createdAt: at,
      updatedAt: at,
      messages,
      attachments,
    })
    return { id, messageId: messages[0]?.id ?? 'none' }
  },
  record() {
    const posts = state().cms.get('posts')!
    const id = `rec_m_${randomUUID().slice(0, 8)}`
    posts.set(id, {
      id,
      data: { title: 'm' },
      tags: [],
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    })
    return id
  },
  /** a path nothing is stored at */
  path: () => `matrix/${randomUUID().slice(0, 8)}.moved`,
  file() {
    const path = `matrix/${randomUUID().slice(0, 8)}.txt`
    state().files.set(path, {
      path,
      contentType: 'text/plain',
      data: 'aGk=',
      size: 2,
      updatedAt: '2026-01-01T00:00:00Z',
    })
    return path
  },
}
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex')
const anyPost = () => [...state().cms.get('posts')!.keys()][0]!
const message = { role: 'user', content: 'hi' }

/** How to call each route (paths relative to {base_url}; `//` starts at the origin). */
const cells: Partial<Record<RouteName, () => Cell>> = {
  agentsList: () => ({ path: `/${acc}/agents`, owner: (a) => ({ agentId: a.id }) }),
  agentsGet: () => ({ path: `/${acc}/agents/weather-bot` }),
  agentsCreate: () => ({ path: `/${acc}/agents`, body: { name: 'matrix' } }),
  agentsEdit: () => ({ path: `/${acc}/agents/${fresh.agent()}`, body: { description: 'edited' } }),
  agentsDelete: () => ({ path: `/${acc}/agents/${fresh.agent()}` }),
  teamsList: () => ({ path: '/accounts' }),
  skillsList: () => ({ path: `/${acc}/skills` }),
  skillsGet: () => ({ path: `/${acc}/skills/markdown` }),
  agentCard: () => ({ path: '/agent/weather-bot/a2a/card' }),
  agentA2a: () => ({
    path: '/agent/weather-bot/a2a',
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: { message: { role: 'user', messageId: randomUUID(), parts: [{ kind: 'text', text: 'hi' }] } },
    },
  }),
  completion: () => ({ path: '/agent/weather-bot/chat/completion', body: { messages: [message], stream: false } }),
  // no completion is running: reaching the handler answers 404 "Request not found"
  completionCancel: () => ({
    path: '/agent/weather-bot/chat/completion/cancel',
    body: { request_id: randomUUID() },
    ok: 404,
  }),
  chatsList: () => ({ path: '/agent/weather-bot/chats' }),
  chatCompletion: () => ({
    path: `/agent/weather-bot/chat/completion/workspace/${fresh.chat(false).id}/message/${randomUUID()}`,
    body: { message },
  }),
  chatMessages: () => ({ path: `/agent/weather-bot/chat/completion/workspace/${fresh.chat(true).id}/messages` }),
  chatMessageDelete: () => {
    const c = fresh.chat(true)
    return { path: `/agents/weather-bot/chat/completion/workspace/${c.id}/messages/${c.messageId}` }
  },
  chatAttachmentUpload: () => ({
    path: `/agent/weather-bot/chat/completion/workspace/${fresh.chat(false).id}/message/${randomUUID()}/attachment`,
    raw: '--b0\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nhi\r\n--b0--\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=b0' },
  }),
  chatAttachmentDelete: () => {
    const c = fresh.chat(true)
    return { path: `/agents/weather-bot/chat/completion/workspace/${c.id}/messages/${c.messageId}/attachments/a.txt` }
  },
  scenariosList: () => ({ path: `/${acc}/scenarios`, owner: (s) => ({ scenarioId: s.id }) }),
  scenariosGet: () => ({ path: `/${acc}/scenarios/scn_translate` }),
  scenariosCreate: () => ({
    path: `/${acc}/scenarios`,
    body: { name: 'matrix', instruction: 'x', agentId: 'demo-assistant' },
  }),
  scenariosEdit: () => ({ path: `/${acc}/scenarios/${fresh.scenario()}`, body: { description: 'edited' } }),
  scenariosDelete: () => ({ path: `/${acc}/scenarios/${fresh.scenario()}` }),
  scenarioTrigger: () => ({ path: `/${acc}/scenarios/scn_translate/trigger`, body: { input: 'hi' } }),
  scenarioExecutions: () => ({ path: `/${acc}/scenarios/scn_translate/executions` }),
  scenarioExecute: () => {
    const raw = JSON.stringify({ input: 'hi' })
    return {
      path: '/scenario/scn_summarize',
      raw,
      headers: {
        'content-type': 'application/json',
        'x-signature': sign(demoSecrets.scenarios.scn_summarize.secret, raw),
      },
    }
  },
  webhooksList: () => ({ path: `/${acc}/webhooks`, owner: (w) => ({ scenarioId: w.scenarioId }) }),
  webhooksCreate: () => ({
    path: `/${acc}/webhooks`,
    body: { name: 'matrix', status: 'active', scenarioId: 'scn_translate' },
  }),
  webhooksGet: () => ({ path: `/${acc}/webhooks/whk_legacy` }),
  webhooksEdit: () => ({ path: `/${acc}/webhooks/${fresh.webhook()}`, body: { name: 'renamed' } }),
  webhooksDelete: () => ({ path: `/${acc}/webhooks/${fresh.webhook()}` }),
  webhooksTest: () => ({ path: `/${acc}/webhooks/${fresh.webhook()}/test`, body: {} }),
  webhookTrigger: () => ({
    path: '//api/webhooks/whk_orders',
    body: { event: 'matrix' },
    headers: { 'x-webhook-secret': demoSecrets.webhooks.whk_orders },
  }),
  keysList: () => ({ path: `/${acc}/api-keys` }),
  keysCreate: () => ({ path: `/${acc}/api-keys`, body: { name: 'matrix' } }),
  keysDelete: () => ({ path: `/${acc}/api-keys/${fresh.key()}` }),
  schedulesList: () => ({ path: `/${acc}/schedules`, owner: (s) => ({ scenarioId: s.scenarioId }) }),
  schedulesCreate: () => ({
    path: `/${acc}/schedules`,
    body: { name: 'matrix', scenarioId: 'scn_translate', intervalSeconds: 3600 },
  }),
  schedulesGet: () => ({ path: `/${acc}/schedules/sch_hourly` }),
  schedulesEdit: () => ({ path: `/${acc}/schedules/${fresh.schedule()}`, body: { name: 'renamed' } }),
  schedulesDelete: () => ({ path: `/${acc}/schedules/${fresh.schedule()}` }),
  sitesList: () => ({ path: `/${acc}/sites` }),
  sitesGet: () => ({ path: `/${acc}/sites/site_docs` }),
  pagesList: () => ({ path: `/${acc}/sites/site_docs/pages` }),
  pagesGet: () => ({ path: `/${acc}/sites/site_docs/pages/page_home` }),
  filesList: () => ({ path: `/${acc}/files` }),
  filesUpload: () => ({ path: `/${acc}/files/matrix/up.txt`, raw: 'hi', headers: { 'content-type': 'text/plain' } }),
  filesDownload: () => ({ path: `/${acc}/files/docs/README.md` }),
  filesDelete: () => ({ path: `/${acc}/files/${fresh.file()}` }),
  filesSignedUrl: () => ({ path: `/${acc}/files/signed-url`, body: { path: 'docs/README.md', expiresIn: 60 } }),
  filesCreateFolder: () => ({ path: `/${acc}/files/folders`, body: { path: 'matrix', folderName: 'made' } }),
  filesMove: () => ({ path: `/${acc}/files/move`, body: { path: fresh.file(), newPath: fresh.path() } }),
  imagesAnalyze: () => ({
    path: `/${acc}/images/analyze`,
    body: { imageUrl: 'https://example.com/cat.png', prompt: 'what is it?' },
  }),
  imagesSuggestEdits: () => ({ path: `/${acc}/images/suggest-edits`, body: { imageUrl: 'https://example.com/a.png' } }),
  imagesGenerate: () => ({ path: `/${acc}/images/generate`, body: { prompt: 'a cat' } }),
  cmsQuery: () => ({ path: `/${acc}/cda/records/posts` }),
  cmsGet: () => ({ path: `/${acc}/cda/records/posts/${anyPost()}` }),
  cmsCreate: () => ({ path: `/${acc}/cma/records/posts`, body: { data: { title: 'matrix' } } }),
  cmsUpdate: () => ({ path: `/${acc}/cma/records/posts/${fresh.record()}`, body: { data: { title: 'again' } } }),
  cmsDelete: () => ({ path: `/${acc}/cma/records/posts/${fresh.record()}` }),
  cmsPatch: () => ({ path: `/${acc}/cma/records/posts/${fresh.record()}`, body: { data: { title: 'merged' } } }),
  cmsPublish: () => ({ path: `/${acc}/cma/records/posts/${fresh.record()}/publish` }),
  cmsUnpublish: () => ({ path: `/${acc}/cma/records/posts/${fresh.record()}/unpublish` }),
  recordTypesList: () => ({ path: `/${acc}/record-types` }),
  recordTypesGet: () => ({ path: `/${acc}/record-types/posts` }),
  desktopAccessGet: () => ({ path: `/desktop/access?accountId=${acc}` }),
  desktopAccessSet: () => ({ path: '/desktop/access', body: { accountId: acc, enabled: true, allow_always: false } }),
  desktopTasksList: () => ({ path: `/desktop/tasks?accountId=${acc}` }),
  desktopTaskUpdate: () => ({ path: `/desktop/tasks/${fresh.desktopTask()}`, body: { action: 'approve' } }),
  desktopTaskRespond: () => ({
    path: `/desktop/tasks/${fresh.desktopTask('running')}/response`,
    body: { response: 'ok' },
  }),
  oauthMetadata: () => ({ path: '//.well-known/oauth-authorization-server' }),
  oauthRegister: () => ({ path: '//oauth/register', body: {} }),
  oauthAuthorize: () => ({ path: '//oauth/authorize' }),
  oauthAuthorizeDecision: () => ({ path: '//oauth/authorize', body: {} }),
  oauthToken: () => ({ path: '//oauth/token', body: {} }),
  oauthRevoke: () => ({ path: '//oauth/revoke', body: {} }),
}

/** May a caller with these scopes reach what a list item belongs to? */
function reaches(c: Caller, owner: { agentId?: string; scenarioId?: string }): boolean {
  const s = scopesOf[c] ?? {}
  if (owner.agentId !== undefined && s.agents !== undefined && !s.agents.includes(owner.agentId)) return false
  if (owner.scenarioId !== undefined && s.scenarios !== undefined && !s.scenarios.includes(owner.scenarioId)) {
    return false
  }
  return true
}

/** A non-bearer route without a cell of its own: its path with placeholders, an empty JSON body for non-GETs. */
function defaultCell(name: RouteName): Cell {
  const r = routes[name]
  const path =
    (r.root === 'origin' ? '/' : '') +
    r.path.replace(/\{(\w+)\*?\}/g, (_m, p: string) => (p === 'accountId' ? acc : 'x'))
  return r.method === 'GET' ? { path } : { path, body: {} }
}

async function send(name: RouteName, caller: Caller): Promise<{ cell: Cell; answer: Answer }> {
  const route = routes[name]
  const cell = cells[name]?.() ?? defaultCell(name)
  const answer = await call(
    emu(),
    route.method,
    cell.path + (route.method === 'GET' && !cell.path.includes('?') ? '?limit=100' : ''),
    {
      key: keyOf[caller],
      ...(cell.body !== undefined ? { body: cell.body } : {}),
      ...(cell.raw !== undefined ? { rawBody: cell.raw } : {}),
      ...(cell.headers !== undefined ? { headers: cell.headers } : {}),
    },
  )
  return { cell, answer }
}

beforeAll(() => {
  for (const c of ['scenario', 'cmsWrite'] as const) {
    const id = `key_matrix_${c}`
    state().apiKeys.set(id, {
      ...state().apiKeys.get('key_demo')!,
      id,
      name: `matrix ${c}`,
      scopes: scopesOf[c] ?? {},
      keyHash: hashApiKey(keyOf[c]!),
    })
  }
})

describe('scopes: every route × every caller', () => {
  it('has a cell for every bearer route of the table (others fall back to their bare path)', () => {
    const names = Object.keys(routes) as RouteName[]
    expect(names.filter((n) => routes[n].scope !== 'public' && !(n in cells))).toEqual([])
  })

  it('answers each cell as the expectation table says', async () => {
    const wrong: string[] = []
    let cellsChecked = 0
    for (const name of Object.keys(routes) as RouteName[]) {
      const scope = routes[name].scope
      const seen = new Map<Caller, number>()
      let unscopedItems: { id: string; scenarioId?: string }[] = []
      // unscoped first: a list's full content shows that the filter of the scoped callers hides something
      for (const caller of [...callers].reverse()) {
        const { cell, answer } = await send(name, caller)
        cellsChecked++
        seen.set(caller, answer.status)
        const outcome: Outcome =
          cell.owner && expected[scope][caller] !== 403 && !(caller in denied) ? 'list' : expected[scope][caller]
        const at = `${name} as ${caller}: expected ${outcome}, got ${answer.status} ${answer.text.slice(0, 160)}`
        if (answer.status >= 500) wrong.push(at)
        else if (outcome === 'ok') {
          const okStatus =
            cell.ok === undefined ? answer.status >= 200 && answer.status < 300 : answer.status === cell.ok
          if (!okStatus) wrong.push(at)
        } else if (outcome === 'list') {
          const items: { id: string; scenarioId?: string }[] = answer.json?.data ?? []
          if (answer.status !== 200) wrong.push(at)
          else if (caller === 'unscoped') unscopedItems = items
          else {
            const leaked = items.filter((i) => !reaches(caller, cell.owner!(i))).map((i) => i.id)
            if (leaked.length > 0) wrong.push(`${at}: leaks ${leaked.join(', ')}`)
            const hidden = unscopedItems.filter((i) => !reaches(caller, cell.owner!(i)))
            // the filter must have had something to hide where the table denies this caller the single resource
            if (expected[scope][caller] === 401 && hidden.length === 0) wrong.push(`${at}: nothing to hide`)
          }
        } else if (outcome !== 'same' && answer.status !== outcome) wrong.push(at)
      }
      if (scope === 'public' && new Set(seen.values()).size !== 1) {
        wrong.push(`${name}: a non-bearer route answered differently by credential ${JSON.stringify([...seen])}`)
      }
    }
    expect(wrong).toEqual([])
    expect(cellsChecked).toBe(Object.keys(routes).length * callers.length)
    expect(internalErrors()).toEqual([])
  }, 60_000)

  it('never hands a webhook secret to a key that may not run its scenario', async () => {
    const scoped = await call(emu(), 'GET', `/${acc}/webhooks/whk_legacy`, { key: keyOf.scenario })
    expect(scoped.status).toBe(401)
    expect(scoped.headers['www-authenticate']).toContain('error="insufficient_scope"')
    expect(scoped.text).not.toContain(demoSecrets.webhooks.whk_legacy)
    // moving an in-scope webhook onto another scenario is refused too
    const moved = await call(emu(), 'PATCH', `/${acc}/webhooks/whk_orders`, {
      key: keyOf.scenario,
      body: { scenarioId: 'scn_translate' },
    })
    expect(moved.status).toBe(401)
    expect(state().webhooks.get('whk_orders')?.scenarioId).toBe('scn_summarize')
    const own = await call(emu(), 'GET', `/${acc}/webhooks/whk_orders`, { key: keyOf.scenario })
    expect(own.status).toBe(200)
    expect(own.json.secret).toBe(demoSecrets.webhooks.whk_orders)
  })

  it('lets a read key query the delivery access only', async () => {
    const cma = await call(emu(), 'GET', `/${acc}/cma/records/posts`, { key: keyOf.cmsRead })
    expect(cma.status).toBe(401)
    expect((await call(emu(), 'GET', `/${acc}/cma/records/posts`, { key: keyOf.cmsWrite })).status).toBe(200)
  })
})
