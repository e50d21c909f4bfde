// Which listed API key is the run's own. The service names a key only by its id and a short prefix of the secret
// (wire.md "API keys"), and has no call that says which key made a request: the run's key is the one listed key
// whose prefix starts the secret. When several keys share that prefix, no id is named (it could be another key's).
import type { ApiKey } from '../api/schemas/automation.js'

/** The run's key among `keys`: `id` when exactly one prefix fits the secret; `candidates` are all that fit. */
export interface OwnKey {
  key: ApiKey | undefined
  candidates: ApiKey[]
}

/** Finds the key whose listed prefix (any trailing `…`, `*` or `.` dropped) starts `secret`. */
export function ownKeyAmong(keys: Iterable<ApiKey>, secret: string | undefined): OwnKey {
  const candidates: ApiKey[] = []
  if (secret)
    for (const k of keys) {
      const prefix = k.prefix?.replace(/[.…*]+$/, '')
      if (prefix && secret.startsWith(prefix)) candidates.push(k)
    }
  return { key: candidates.length === 1 ? candidates[0] : undefined, candidates }
}
