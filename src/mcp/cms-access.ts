// Whether the credential has CMS management access (wire.md "API keys": `cms:"read"` may use the delivery access
// only). No route reports a credential's own scopes, so one management read of one row answers it: a refusal
// (401/403) means no; any other answer (a page, or 404 for a collection that does not exist) means yes.
import { ApiError } from '../errors.js'
import type { AgentryClient } from '../sdk/client.js'

/** Yes, or no with the reason to print. */
export type CmsManagement = { allowed: true } | { allowed: false; why: string }

/** Whether a management (cma) read is allowed to this credential. */
export async function cmsManagement(sdk: AgentryClient): Promise<CmsManagement> {
  try {
    for await (const _ of sdk.cms.query({ collection: 'posts', access: 'cma' }, { pageSize: 1 }).firstPage()) break
    return { allowed: true }
  } catch (err) {
    if (err instanceof ApiError && err.status !== 401 && err.status !== 403) return { allowed: true }
    if (err instanceof ApiError) return { allowed: false, why: 'the credential has no CMS management (cma) access' }
    const message = err instanceof Error ? err.message : String(err)
    return { allowed: false, why: `CMS management access could not be checked: ${message}` }
  }
}
