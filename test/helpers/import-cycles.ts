// Import cycles among src/ modules through the imports that run when a module loads, read from esbuild's metafile
// (dist/meta.json, written by scripts/build.mjs). Only `import-statement` edges count: esbuild has already dropped
// the type-only imports (they do not survive compilation), and a dynamic import() runs after the importing module
// has finished evaluating, so it cannot meet a half-initialised module (the hazard of an ESM cycle: a binding read
// before its module ran, a TDZ error or `undefined`); lazy loading (src/commands/manifest.ts) relies on it.

/** The part of esbuild's metafile read here. */
export interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>
}

/** The run-time import graph of the inputs under `prefix`: each module and the modules it imports statically. */
export function runTimeImports(meta: Metafile, prefix = 'src/'): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const [file, input] of Object.entries(meta.inputs)) {
    if (!file.startsWith(prefix)) continue
    const targets = input.imports
      .filter((i) => i.kind === 'import-statement' && !i.external && i.path.startsWith(prefix))
      .map((i) => i.path)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/**
 * Every cycle group of the graph (a strongly connected component with more than one module, or a module importing
 * itself), each as one cycle through it: `[a, b, c, a]`. Tarjan's algorithm, iterative (no deep recursion).
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const groups: string[][] = []
  let next = 0
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }]
    index.set(root, next)
    low.set(root, next++)
    stack.push(root)
    onStack.add(root)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const edges = graph.get(frame.node) ?? []
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!
        if (!index.has(to)) {
          index.set(to, next)
          low.set(to, next++)
          stack.push(to)
          onStack.add(to)
          work.push({ node: to, edge: 0 })
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== frame.node)
      if (group.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) groups.push(group.sort())
    }
  }
  return groups.map((g) => cycleThrough(graph, new Set(g), g[0]!)).sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** A shortest cycle from `start` back to it inside `group` (breadth-first), to show which imports to cut. */
function cycleThrough(graph: Map<string, string[]>, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!
    for (const to of graph.get(node) ?? []) {
      if (!group.has(to)) continue
      if (to === start) {
        const path = [start]
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node)
        queue.push(to)
      }
    }
  }
  return [start, start]
}
