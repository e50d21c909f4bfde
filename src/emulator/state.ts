// The emulator's whole state: plain records in Maps, one per resource, serializable for --data-file snapshots.
// Every handler reads and writes it through here; nothing else holds state.
import type {
  Agent,
  ApiKey,
  Chat,
  CmsRecord,
  Message,
  Scenario,
  Schedule,
  Skill,
  Webhook,
} from '../api/schemas/index.js'

/** A scenario as stored: the public record plus its signing secret (never sent by GET). */
export type StoredScenario = Scenario & { signature_secret: string; signature_name: string }
/** An API key as stored: the record plus the SHA-256 of the key (the key itself is shown once). */
export type StoredApiKey = ApiKey & { keyHash: string; accountId: string }
/** A stateful chat with its messages. */
export type StoredChat = Chat & { messages: Message[] }
/** One recorded run of a scenario. */
export interface StoredExecution {
  id: string
  scenarioId: string
  status: 'completed' | 'failed'
  input: string
  output: string
  trigger: 'signed' | 'webhook' | 'schedule' | 'test'
  startedAt: string
  finishedAt: string
}
/** An agent as stored, with the demo model's behaviour. */
export type StoredAgent = Agent & { accountId: string; tools?: unknown[]; tokenDelayMs?: number; skills?: string[] }
/** A stored file. */
export interface StoredFile {
  path: string
  contentType: string
  /** base64 of the bytes (JSON-serializable) */
  data: string
  size: number
  updatedAt: string
}
/** A site and its pages. */
export interface StoredSite {
  id: string
  name: string
  domain: string
  createdAt: string
  pages: { id: string; siteId: string; title: string; path: string; content: string; updatedAt: string }[]
}
/** OAuth: a registered client (RFC 7591). */
export interface OAuthClient {
  client_id: string
  client_name: string
  redirect_uris: string[]
  scope: string
  token_endpoint_auth_method: string
  createdAt: string
}
/** OAuth: an issued code, access token or refresh token. */
export interface OAuthToken {
  token: string
  kind: 'code' | 'access' | 'refresh'
  clientId: string
  accountId: string
  scope: string
  expiresAt: number
  /** refresh-token family; reuse of a used refresh token revokes the whole family */
  family?: string
  used?: boolean
  revoked?: boolean
  /** codes: PKCE challenge and redirect URI */
  codeChallenge?: string
  redirectUri?: string
  /** RFC 8707: the resource the token is for (its audience); absent: any resource of this server */
  resource?: string
}

/** Everything the emulator knows. */
export class EmulatorState {
  accountId = 'acc_demo'
  agents = new Map<string, StoredAgent>()
  skills = new Map<string, Skill>()
  chats = new Map<string, StoredChat>()
  scenarios = new Map<string, StoredScenario>()
  executions = new Map<string, StoredExecution>()
  webhooks = new Map<string, Webhook & { secret: string }>()
  schedules = new Map<string, Schedule>()
  apiKeys = new Map<string, StoredApiKey>()
  sites = new Map<string, StoredSite>()
  files = new Map<string, StoredFile>()
  /** CMS: collection name → id → record */
  cms = new Map<string, Map<string, CmsRecord>>()
  oauthClients = new Map<string, OAuthClient>()
  oauthTokens = new Map<string, OAuthToken>()
  /** in-flight completions by request_id: cancel aborts them; finished ones are removed */
  inflight = new Map<string, { agentId: string; controller: AbortController; cancelled: boolean }>()
  /** recently cancelled request ids (for "Request already cancelled") */
  cancelled = new Set<string>()
  /** counters for tests (/__emulator/counters): e.g. refreshes served */
  counters = new Map<string, number>()

  /** Adds n to a counter. */
  count(name: string, n = 1): void {
    this.counters.set(name, (this.counters.get(name) ?? 0) + n)
  }

  /** A JSON-serializable snapshot (in-flight requests are not kept). */
  toJSON(): Record<string, unknown> {
    const m = <V>(map: Map<string, V>) => [...map.values()]
    return {
      version: 1,
      accountId: this.accountId,
      agents: m(this.agents),
      skills: m(this.skills),
      chats: m(this.chats),
      scenarios: m(this.scenarios),
      executions: m(this.executions),
      webhooks: m(this.webhooks),
      schedules: m(this.schedules),
      apiKeys: m(this.apiKeys),
      sites: m(this.sites),
      files: m(this.files),
      cms: Object.fromEntries([...this.cms].map(([name, recs]) => [name, m(recs)])),
      oauthClients: m(this.oauthClients),
      oauthTokens: m(this.oauthTokens),
    }
  }

  /** Restores a snapshot written by toJSON. */
  static fromJSON(j: Record<string, unknown>): EmulatorState {
    const s = new EmulatorState()
    const arr = <V>(k: string) => (Array.isArray(j[k]) ? (j[k] as V[]) : [])
    const by = <V>(k: string, key: (v: V) => string) => new Map(arr<V>(k).map((v) => [key(v), v]))
    if (typeof j.accountId === 'string') s.accountId = j.accountId
    s.agents = by('agents', (v: StoredAgent) => v.id)
    s.skills = by('skills', (v: Skill) => v.id)
    s.chats = by('chats', (v: StoredChat) => v.id)
    s.scenarios = by('scenarios', (v: StoredScenario) => v.id)
    s.executions = by('executions', (v: StoredExecution) => v.id)
    s.webhooks = by('webhooks', (v: Webhook & { secret: string }) => v.id)
    s.schedules = by('schedules', (v: Schedule) => v.id)
    s.apiKeys = by('apiKeys', (v: StoredApiKey) => v.id)
    s.sites = by('sites', (v: StoredSite) => v.id)
    s.files = by('files', (v: StoredFile) => v.path)
    s.oauthClients = by('oauthClients', (v: OAuthClient) => v.client_id)
    s.oauthTokens = by('oauthTokens', (v: OAuthToken) => v.token)
    const cms = (j.cms ?? {}) as Record<string, CmsRecord[]>
    for (const [name, recs] of Object.entries(cms)) s.cms.set(name, new Map(recs.map((r) => [r.id, r])))
    return s
  }
}
