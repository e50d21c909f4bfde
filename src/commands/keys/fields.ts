// How API keys are shown: a key's prefix and scopes, never the key (wire.md "API keys").
import type { ApiKey } from '../../api/schemas/index.js'
import type { Field } from '../../io/output.js'

/** A key's scopes in a few words: `agents=a,b cms=read` (an empty list is `none`), or `all` when unrestricted. */
function scopeSummary(scopes: ApiKey['scopes']): string {
  const parts: string[] = []
  const ids = (list: string[]) => list.join(',') || 'none'
  if (scopes?.agents) parts.push(`agents=${ids(scopes.agents)}`)
  if (scopes?.scenarios) parts.push(`scenarios=${ids(scopes.scenarios)}`)
  if (scopes?.cms) parts.push(`cms=${scopes.cms}`)
  return parts.join(' ') || 'all'
}

/** Columns of `keys list`. */
export const keyFields: Field<ApiKey>[] = [
  { header: 'ID', get: (k) => k.id },
  { header: 'NAME', get: (k) => k.name },
  { header: 'PREFIX', get: (k) => k.prefix },
  { header: 'SCOPES', get: (k) => scopeSummary(k.scopes) },
  { header: 'CREATED', get: (k) => k.createdAt },
  { header: 'LAST USED', get: (k) => k.lastUsedAt },
  { header: 'EXPIRES', get: (k) => k.expiresAt },
]
