// Whether the credential has CMS management access (wire.md "API keys": `cms:"read"` may use the delivery access
// only). No route reports a credential's own scopes, so one management read of one row answers it: a refusal
// (401/403) means no; any other answer (a page, or 404 for a collection that does not exist) means yes.
import type { AgentryClient } from '../sdk/client.js'
import { ApiError } from '../errors.js'

/** True when a management (cma) read is allowed to this credential. */
export async function hasCmsManagement(sdk: AgentryClient): Promise<boolean> {
  try {
    for await (const _ of sdk.cms.query({ collection: 'posts', access: 'cma' }, { pageSize: 1 }).firstPage()) break
    return true
  } catch (err) {
    if (err instanceof ApiError) return err.status !== 401 && err.status !== 403
    return false
  }
}
