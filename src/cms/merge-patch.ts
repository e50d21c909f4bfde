// RFC 7396 JSON merge patch, the partial update of `cms save --merge`: an object patch merges
// member by member, a null member removes that member, anything else (arrays included) replaces the target.
// The target is not changed; members are defined, not assigned, so a `__proto__` member stays a member.
import { isRecord } from '../api/is-record.js'

/** The target with the patch applied (RFC 7396 section 2, MergePatch). */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch
  const out: Record<string, unknown> = {}
  if (isRecord(target)) for (const [k, v] of Object.entries(target)) define(out, k, v)
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]
    else define(out, k, mergePatch(Object.hasOwn(out, k) ? out[k] : undefined, v))
  }
  return out
}

function define(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
}
