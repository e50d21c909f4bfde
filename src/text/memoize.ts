// Pure functions of one argument asked the same thing again and again (a code point's width, a key's hash, a text's
// words): each answer is computed once and kept.

/**
 * `compute` with its answers kept by argument. Past `limit` kept answers they are all dropped, so arguments from
 * outside (a server's text, the credentials clients present) cannot grow it without bound.
 */
export function memoize<K, V>(compute: (key: K) => V, limit: number): (key: K) => V {
  const kept = new Map<K, V>()
  return (key) => {
    const hit = kept.get(key)
    if (hit !== undefined || kept.has(key)) return hit as V
    const value = compute(key)
    if (kept.size >= limit) kept.clear()
    kept.set(key, value)
    return value
  }
}
