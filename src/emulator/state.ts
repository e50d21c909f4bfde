// The emulator's whole state: plain records in Maps, one per resource, serializable for --data-file snapshots.
// Every handler reads and writes it through here; nothing else holds state. The persisted collections are declared
// once (`collections` below: field, key, the members a restored record must have); snapshots and the validated
// restore both walk that table. A collection declared with its list operation (`stored:` in
// src/api/contract/<family>.ts) comes from src/emulator/handlers.gen.ts, its Map and its table row alike.
import type { Agent, ApiKey, Attachment, Chat, Message, Scenario, Schedule, Webhook } from '../api/schemas/index.js'
import type { A2aTaskRecord } from './a2a/tasks.js'
import type { StoredCmsRecord } from './cms-records.js'
import { DesktopQueue } from './desktop-queue.js'
import { StoredCollections, storedCollections } from './handlers.gen.js'
import { LazyMap } from './lazy-map.js'

/** A scenario as stored: the public record plus its signing secret (never sent by GET). */
export type StoredScenario = Scenario & { signature_secret: string; signature_name: string }
/** An API key as stored: the record plus the SHA-256 of the key (the key itself is shown once). */
export type StoredApiKey = ApiKey & { keyHash: string; accountId: string }
/** An attachment as kept: its bytes (base64) beside what the API shows of it. */
export type StoredAttachment = Attachment & { size: number; contentType: string; data: string }
/**
 * A stateful chat with its messages and their attachments by message id (a file may be uploaded to a message id
 * before the message itself is sent).
 */
export type StoredChat = Chat & { messages: Message[]; attachments?: Record<string, StoredAttachment[]> }
/** One recorded run of a scenario. */
export interface StoredExecution {
  id: string
  scenarioId: string
  status: 'completed' | 'failed'
  input: string
  output: string
  /** `bearer`: run with the caller's credential (`scenario trigger`), no signature */
  trigger: 'signed' | 'bearer' | 'webhook' | 'schedule' | 'test'
  startedAt: string
  finishedAt: string
}
/** An agent as stored, with the demo model's behaviour. */
export type StoredAgent = Agent & {
  accountId: string
  tools?: unknown[]
  tokenDelayMs?: number
  skills?: string[]
  /** answers by queueing the message as a desktop task and waiting for a machine's answer (./completions/desktop-relay.ts) */
  desktopRelay?: true
}
/** A stored file. */
export interface StoredFile {
  path: string
  contentType: string
  /** base64 of the bytes (JSON-serializable) */
  data: string
  size: number
  updatedAt: string
}
/** A folder made with `files mkdir` (folders that hold files need none: they are implied by the paths). */
export interface StoredFolder {
  path: string
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

/** A collection that goes into snapshots: the member its records are keyed by and the members it must have. */
interface CollectionSpec {
  key: string
  /** members every restored record must have, by their JSON type (`array` for arrays) */
  members: Record<string, 'string' | 'number' | 'boolean' | 'object' | 'array'>
}

/**
 * THE persisted collections, in snapshot order (a new Map field of EmulatorState that must survive restarts goes
 * here, or is declared with its list: `stored:`).
 */
export const collections = {
  agents: { key: 'id', members: { accountId: 'string' } },
  ...storedCollections,
  chats: { key: 'id', members: { agentId: 'string', messages: 'array' } },
  scenarios: { key: 'id', members: { signature_secret: 'string', signature_name: 'string' } },
  executions: { key: 'id', members: { scenarioId: 'string' } },
  webhooks: { key: 'id', members: { scenarioId: 'string', secret: 'string', status: 'string' } },
  schedules: { key: 'id', members: { scenarioId: 'string' } },
  apiKeys: { key: 'id', members: { keyHash: 'string', accountId: 'string', scopes: 'object' } },
  sites: { key: 'id', members: { pages: 'array' } },
  files: { key: 'path', members: { data: 'string', contentType: 'string' } },
  folders: { key: 'path', members: { updatedAt: 'string' } },
  oauthClients: { key: 'client_id', members: { redirect_uris: 'array' } },
  oauthTokens: { key: 'token', members: { kind: 'string', clientId: 'string', expiresAt: 'number' } },
} as const satisfies Record<string, CollectionSpec>

/** The name of a persisted collection. */
type CollectionName = keyof typeof collections

/** A snapshot that cannot be restored: names the collection, the record and the member. */
class SnapshotError extends Error {}

function typeOf(v: unknown): string {
  return Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v
}

/** Checks one restored record against its collection's spec; returns its key. */
function checkRecord(where: string, v: unknown, spec: CollectionSpec): string {
  if (typeOf(v) !== 'object') throw new SnapshotError(`${where} is ${typeOf(v)}, not an object`)
  const rec = v as Record<string, unknown>
  const key = rec[spec.key]
  if (typeof key !== 'string' || key === '') throw new SnapshotError(`${where}.${spec.key} must be a non-empty string`)
  for (const [name, type] of Object.entries(spec.members)) {
    if (typeOf(rec[name]) !== type)
      throw new SnapshotError(`${where}.${name} must be ${type === 'array' || type === 'object' ? 'an' : 'a'} ${type}`)
  }
  return key
}

/** Everything the emulator knows. */
export class EmulatorState extends StoredCollections {
  accountId = 'acc_demo'
  agents = new Map<string, StoredAgent>()
  chats = new Map<string, StoredChat>()
  scenarios = new Map<string, StoredScenario>()
  executions = new Map<string, StoredExecution>()
  webhooks = new Map<string, Webhook & { secret: string }>()
  schedules = new Map<string, Schedule>()
  apiKeys = new Map<string, StoredApiKey>()
  sites = new Map<string, StoredSite>()
  files = new Map<string, StoredFile>()
  folders = new Map<string, StoredFolder>()
  /** signed file URLs by token: the file and when the URL ends (ms; not saved: a URL outlives no restart) */
  signedUrls = new Map<string, { path: string; expiresAt: number }>()
  /** CMS: collection name → id → record (with its publish state, ./cms-records.ts) */
  cms = new Map<string, Map<string, StoredCmsRecord>>()
  oauthClients = new Map<string, OAuthClient>()
  oauthTokens = new Map<string, OAuthToken>()
  /** in-flight completions by request_id: cancel aborts them; finished ones are removed */
  inflight = new Map<string, { agentId: string; controller: AbortController; cancelled: boolean }>()
  /** A2A tasks by id, with their runs (not saved: a task outlives neither the process nor a reset) */
  a2aTasks = new Map<string, A2aTaskRecord>()
  /** the desktop task queue (not saved, like A2A tasks) */
  desktop = new DesktopQueue()
  /** recently cancelled request ids (for "Request already cancelled") */
  cancelled = new Set<string>()
  /** counters for tests (/__emulator/counters): e.g. refreshes served */
  counters = new Map<string, number>()

  /** Adds n to a counter. */
  count(name: string, n = 1): void {
    this.counters.set(name, (this.counters.get(name) ?? 0) + n)
  }

  /** A JSON-serializable snapshot of the persisted collections (in-flight requests are not kept). */
  toJSON(): Record<string, unknown> {
    const out = this.collectionsJSON()
    out.cms = Object.fromEntries([...this.cms].map(([name, recs]) => [name, [...recs.values()]]))
    return out
  }

  /**
   * JSON.stringify(this), the text of a snapshot: a demo CMS nothing has read yet is written as the text of what it
   * will hold (./lazy-map.ts), not built and serialized for every save.
   */
  snapshotText(): string {
    const pending = this.cms instanceof LazyMap ? this.cms.pendingText() : undefined
    if (pending === undefined) return JSON.stringify(this)
    const rest = JSON.stringify(this.collectionsJSON())
    return `${rest.slice(0, -1)},"cms":${pending}}`
  }

  private collectionsJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { version: 1, accountId: this.accountId }
    for (const name of Object.keys(collections) as CollectionName[]) out[name] = [...this[name].values()]
    return out
  }

  /** Restores a snapshot written by toJSON; a record without its key or required members is a SnapshotError. */
  static fromJSON(j: Record<string, unknown>): EmulatorState {
    const s = new EmulatorState()
    if (typeof j.accountId === 'string') s.accountId = j.accountId
    for (const [name, spec] of Object.entries(collections) as [CollectionName, CollectionSpec][]) {
      const list = j[name] ?? []
      if (!Array.isArray(list)) throw new SnapshotError(`${name} must be an array`)
      const map = new Map<string, unknown>()
      for (const [i, v] of list.entries())
        map.set(checkRecord(`${name}[${i}]`, v, spec), v)
        // each field holds the Map of its own record type; the checks above are what the handlers rely on
      ;(s as unknown as Record<CollectionName, Map<string, unknown>>)[name] = map
    }
    const cms = j.cms ?? {}
    if (typeOf(cms) !== 'object') throw new SnapshotError('cms must be an object of collections')
    for (const [name, recs] of Object.entries(cms as Record<string, unknown>)) {
      if (!Array.isArray(recs)) throw new SnapshotError(`cms.${name} must be an array`)
      const map = new Map<string, StoredCmsRecord>()
      for (const [i, r] of recs.entries()) {
        const key = checkRecord(`cms.${name}[${i}]`, r, { key: 'id', members: { data: 'object' } })
        map.set(key, withPublishState(r as StoredCmsRecord))
      }
      s.cms.set(name, map)
    }
    return s
  }
}

/**
 * A record of a snapshot made before drafts existed has no `publishedAt`: everything was delivered then, so it is
 * published (at its last change), and delivery still serves it after the restore.
 */
function withPublishState(r: StoredCmsRecord): StoredCmsRecord {
  if ('publishedAt' in r) return r
  return { ...r, publishedAt: r.updatedAt ?? r.createdAt ?? new Date(0).toISOString() }
}
