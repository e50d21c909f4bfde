// `{{name}}` in a case's messages, input and assertions, filled from the case's variables (its own, the defaults',
// a dataset row's). A name with no value is found before anything runs (`unfilled`), so the error names it.
import { memoize } from '../text/memoize.js'

const placeholder = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g

/** Variable values by name. */
export type Vars = Record<string, string | number | boolean>

/** A string cut at its placeholders: text, name, placeholder, text, … text (a case's strings are filled per row). */
const partsOf = memoize((s: string): string[] => {
  const parts: string[] = []
  let at = 0
  for (const m of s.matchAll(placeholder)) {
    parts.push(s.slice(at, m.index), m[1]!, m[0])
    at = m.index + m[0].length
  }
  parts.push(s.slice(at))
  return parts
}, 4096)

/** The names used in `value` (any strings inside it) that `vars` has no value for. */
export function unfilled(value: unknown, vars: Vars): string[] {
  const missing = new Set<string>()
  walk(value, (s) => {
    const parts = partsOf(s)
    for (let i = 1; i < parts.length; i += 3) if (!Object.hasOwn(vars, parts[i]!)) missing.add(parts[i]!)
    return s
  })
  return [...missing]
}

/** `value` with every `{{name}}` of its strings replaced by the variable's value (names without one are left). */
export function fill<T>(value: T, vars: Vars): T {
  return walk(value, (s) => {
    const parts = partsOf(s)
    if (parts.length === 1) return s
    let out = parts[0]!
    for (let i = 1; i < parts.length; i += 3) {
      const name = parts[i]!
      out += (Object.hasOwn(vars, name) ? String(vars[name]) : parts[i + 1]!) + parts[i + 2]!
    }
    return out
  })
}

function walk<T>(value: T, f: (s: string) => string): T {
  if (typeof value === 'string') return f(value) as T
  if (Array.isArray(value)) return value.map((v) => walk(v, f)) as T
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, f)])) as T
  return value
}
