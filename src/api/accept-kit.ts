// What every generated accept check calls (src/config/accept.gen.ts, src/api/accept/<family>.gen.ts, written by
// scripts/gen/accept.ts), and the one way their callers use them (parseAccepted: the config store, the settings, the
// answers of the service). It sits in api/ (config/ is above it and imports it), in the base core, so a family's checks
// add no file for it.
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

/** What a zod schema's safeParse gives, as the callers read it. */
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly ParseIssue[] } }
interface ParseIssue {
  readonly message: string
  readonly path: readonly PropertyKey[]
}

/**
 * zod's safeParse of `value`, unless the generated check accepts it: then zod's output would be the value itself,
 * and the schema is neither loaded nor run. A value the check does not accept gets zod's own answer (its message,
 * defaults and stripped members), from the schema `load` gives.
 */
export async function parseAccepted<T>(
  accept: (v: unknown) => boolean,
  load: () => Promise<{ safeParse(v: unknown): Parsed<T> }>,
  value: unknown,
): Promise<Parsed<T>> {
  return accept(value) ? { success: true, data: value as T } : (await load()).safeParse(value)
}
