// The JSON paths of `json-path` assertions: `$`, `.name`, `['name']`/`["name"]` and `[index]` (negative from the
// end), e.g. `$.items[0].name`. A small, exact subset: no wildcards or filters, so a path names one value.

type Step = string | number

/** The steps of a path, or the problem with it. */
export function parseJsonPath(path: string): Step[] | { problem: string } {
  const steps: Step[] = []
  let i = path.startsWith('$') ? 1 : 0
  if (i === 0 && path !== '' && !path.startsWith('.') && !path.startsWith('[')) path = `.${path}`
  while (i < path.length) {
    const rest = path.slice(i)
    const name = /^\.([A-Za-z_$][\w$-]*)/.exec(rest)
    const index = /^\[(-?\d+)\]/.exec(rest)
    const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest)
    if (name) steps.push(name[1]!)
    else if (index) steps.push(Number(index[1]))
    else if (quoted) steps.push((quoted[1] ?? quoted[2]!).replace(/\\(.)/g, '$1'))
    else return { problem: `cannot read the path at "${rest}"; use $.name, $['name'] or $[0]` }
    i += (name ?? index ?? quoted)![0].length
  }
  return steps
}

/** The value at `steps` in `value`, or `{ missing }` naming the first step that is not there. */
export function valueAtPath(value: unknown, steps: Step[]): { found: unknown } | { missing: string } {
  let v = value
  for (const [k, s] of steps.entries()) {
    const here = `$${steps
      .slice(0, k + 1)
      .map((x) => (typeof x === 'number' ? `[${x}]` : `.${x}`))
      .join('')}`
    if (typeof s === 'number') {
      if (!Array.isArray(v)) return { missing: here }
      const at = s < 0 ? v.length + s : s
      if (at < 0 || at >= v.length) return { missing: here }
      v = v[at]
    } else {
      if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.hasOwn(v, s)) return { missing: here }
      v = (v as Record<string, unknown>)[s]
    }
  }
  return { found: v }
}
