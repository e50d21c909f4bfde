// Where `agentry api <METHOD> <path>` sends its request: the path against the base URL, credentials only to its origin.
import { UsageError } from '../../errors.js'

/**
 * Resolves a path given to `agentry api` against the base URL: {accountId} filled (by `account()`, which says how to
 * set one when none is), /api/… and /oauth/… from the origin.
 */
export function resolveApiPath(path: string, baseUrl: string, account: () => string): string {
  const base = new URL(baseUrl)
  let p = path
  if (/\{(accountId|account)\}/.test(p)) p = p.replace(/\{(accountId|account)\}/g, encodeURIComponent(account()))
  if (/^https?:\/\//i.test(p)) {
    const u = new URL(p)
    if (u.origin !== base.origin)
      throw new UsageError(
        `${u.origin} is not the configured server (${base.origin}); agentry api sends credentials only there`,
      )
    return u.toString()
  }
  if (!p.startsWith('/')) p = `/${p}`
  if (/^\/(api|oauth|\.well-known)\//.test(p)) return base.origin + p
  return base.toString().replace(/\/+$/, '') + p
}
