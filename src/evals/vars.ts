// `{{name}}` in a case's messages, input and assertions, filled from the case's variables (its own, the defaults',
// a dataset row's). A name with no value is found before anything runs (`unfilled`), so the error names it.

const placeholder = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g

/** Variable values by name. */
export type Vars = Record<string, string | number | boolean>

/** The names used in `value` (any strings inside it) that `vars` has no value for. */
export function unfilled(value: unknown, vars: Vars): string[] {
  const missing = new Set<string>()
  walk(value, (s) => {
    for (const m of s.matchAll(placeholder)) if (!(m[1]! in vars)) missing.add(m[1]!)
    return s
  })
  return [...missing]
}

/** `value` with every `{{name}}` of its strings replaced by the variable's value (names without one are left). */
export function fill<T>(value: T, vars: Vars): T {
  return walk(value, (s) => s.replace(placeholder, (all, name: string) => (name in vars ? String(vars[name]) : all)))
}

function walk<T>(value: T, f: (s: string) => string): T {
  if (typeof value === 'string') return f(value) as T
  if (Array.isArray(value)) return value.map((v) => walk(v, f)) as T
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, f)])) as T
  return value
}
