// API keys (wire.md "API keys"): the secret `key` is in the create answer only.
import type { PageQuery } from '../api/contract/paging.js'
import type { BodyOf, Transport } from './transport.js'

/** `client.keys`. */
export const keysResource = (t: Transport) => ({
  /** Every key (without secrets), page by page. */
  list: (query: PageQuery = {}) => t.list('keysList', { query }),
  /** Creates a key; the answer holds the secret `key`, shown this once. Never retried (it would make two keys). */
  create: (body: BodyOf<'keysCreate'>) => t.call('keysCreate', { body }),
  /** Deletes a key. */
  delete: async (keyId: string): Promise<void> => {
    await t.call('keysDelete', { params: { keyId } })
  },
})
