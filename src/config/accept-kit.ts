// What every generated accept check calls (src/config/accept.gen.ts, src/api/accept/<family>.gen.ts, written by
// scripts/gen/accept.ts). It sits with the config checks, in the base core, so a family's checks add no file for it.
/* biome-ignore-all lint/suspicious/noExplicitAny: the checks read values of any shape */

/** Nothing is accepted without zod. */
export const never = (_v: unknown): boolean => false
/** A plain object, as zod reads one (not null, not an array). */
export const isObject = (v: any): boolean => typeof v === 'object' && v !== null && !Array.isArray(v)
/** An object whose keys are all in `keys`. */
export function onlyKeys(v: any, keys: readonly string[]): boolean {
  for (const k in v) if (!keys.includes(k)) return false
  return true
}
/** An own `__proto__` member: zod does not copy it into its output, so the output would differ. */
export const hasProto = (v: any): boolean => Object.hasOwn(v, '__proto__')
