// Field selection (service-interface 4.7 `select(...fields)`, nested names such as `author.name`).
import { walkPath } from './fields.js'

/**
 * Builds a compiled selector: the result keeps only the selected paths of `data`, nesting them in fresh objects
 * (`author.name` gives `{author:{name}}`); missing paths are left out, and a selected path wins over its own
 * sub-paths. Values are shared with the input, not copied.
 */
export function compileSelect(paths: readonly string[]): (data: Record<string, unknown>) => Record<string, unknown> {
  const split = paths.map((p) => p.split('.'))
  const covered = (s: string[]) => split.some((o) => o.length < s.length && o.every((seg, i) => seg === s[i]))
  const kept = split.filter((s) => !covered(s))
  return (data) => {
    const out: Record<string, unknown> = {}
    for (const segs of kept) {
      const value = walkPath(data, segs)
      if (value === undefined) continue
      let target = out
      for (let i = 0; i < segs.length - 1; i++) {
        const seg = segs[i]!
        const next = Object.hasOwn(target, seg) ? target[seg] : undefined
        if (typeof next === 'object' && next !== null) target = next as Record<string, unknown>
        else {
          const fresh: Record<string, unknown> = {}
          Object.defineProperty(target, seg, { value: fresh, enumerable: true, writable: true, configurable: true })
          target = fresh
        }
      }
      Object.defineProperty(target, segs[segs.length - 1]!, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
}
