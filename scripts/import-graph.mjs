// `node scripts/import-graph.mjs`: the import graph of src/ by room, and what breaks its order. A room is a folder of
// src/ (or a top-level file), ranked by `rooms` below from the bottom (what everything may use) to the top (the CLI's
// entry); a module may import from its own room and from rooms below it, never from one above. Prints the upward
// imports and the circles between rooms (rooms that reach each other), and exits 1 when there is any.
// test/unit/import-layers.test.ts runs the same checks. Every import form counts but `import()`: a dynamic import
// runs after its importer has finished loading and is how a room loads what is above it lazily (the manifest its
// groups, completion the CLI); type-only imports count, since a room that names another's types depends on it.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The rooms, from the bottom: each a list of folders (ending in /) and top-level files of src/. Rooms in one entry
 * are peers: they may import each other, but not in a circle. No folder of a room lies inside another room's folder:
 * a module that another room's modules need sits in a folder of its own at its own rank (text/: the plain functions
 * that errors and the library's core use, importing nothing of src/).
 */
export const rooms = [
  ['limits.ts', 'types/', 'text/'],
  ['api/'],
  ['errors.ts'],
  ['io/'],
  ['config/'],
  ['cms/'],
  ['sdk/'],
  ['auth/'],
  ['api-core.ts'],
  ['context.ts'],
  [
    'lists/',
    'a2a/',
    'files/',
    'scenario/',
    'schedule-timing/',
    'webhook-trigger/',
    'auth-flows/',
    'teams/',
    'cms-bulk/',
    'batch/',
    'logs/',
    'chat/',
    'evals/',
    'doctor/',
    'connect/',
  ],
  ['mcp/', 'emulator/'],
  ['commands/'],
  ['run-start.ts', 'direct-run.ts', 'program.ts', 'cli.ts', 'core-chunk.ts', 'index.ts'],
]

/** The room of a file under src/ (its top-level file or folder in `rooms`) and that room's rank. */
export function roomOf(file) {
  const rel = file.replace(/^src\//, '')
  const top = rel.includes('/') ? `${rel.split('/')[0]}/` : rel
  const rank = rooms.findIndex((prefixes) => prefixes.includes(top))
  if (rank < 0) throw new Error(`src/${rel} is in no room of scripts/import-graph.mjs`)
  return { room: top, rank }
}

/** Every relative import of the sources (path → text), as {from, to, kind: 'static' | 'type' | 'dynamic'}. */
export function importsOf(sources) {
  const edges = []
  const form =
    /(?:^|[;\s])(import\s+type\b[^'"]*?from|export\s+type\b[^'"]*?from|import\s*\(|from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/gm
  for (const [from, text] of sources)
    for (const m of text.matchAll(form)) {
      const kind = /^(import|export)\s+type\b/.test(m[1]) ? 'type' : /^import\s*\($/.test(m[1]) ? 'dynamic' : 'static'
      const to = relative('.', resolve(dirname(from), m[2])).replace(/\.js$/, '.ts')
      edges.push({ from, to, kind })
    }
  return edges
}

/** The imports from a room to one above it. */
export function upward(edges) {
  return edges.filter((e) => e.kind !== 'dynamic' && e.to.startsWith('src/') && roomOf(e.to).rank > roomOf(e.from).rank)
}

/** The circles between rooms: each set of two or more rooms that reach each other (Tarjan's components). */
export function circles(edges) {
  const next = new Map()
  for (const e of edges) {
    if (e.kind === 'dynamic' || !e.to.startsWith('src/')) continue
    const a = roomOf(e.from).room
    const b = roomOf(e.to).room
    if (a === b) continue
    if (!next.has(a)) next.set(a, new Set())
    next.get(a).add(b)
  }
  let index = 0
  const idx = new Map()
  const low = new Map()
  const stack = []
  const on = new Set()
  const out = []
  const visit = (v) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
    }
    if (low.get(v) === idx.get(v)) {
      const part = []
      let w
      do {
        w = stack.pop()
        on.delete(w)
        part.push(w)
      } while (w !== v)
      if (part.length > 1) out.push(part.sort())
    }
  }
  for (const v of [...next.keys()].sort()) if (!idx.has(v)) visit(v)
  return out
}

/** The .ts sources under src/ of a checkout: path from its root → text. */
export function sourcesOf(root) {
  const out = new Map()
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }))
    if (entry.endsWith('.ts')) out.set(join('src', entry), readFileSync(join(root, 'src', entry), 'utf8'))
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..')
  const edges = importsOf(sourcesOf(root))
  const up = upward(edges)
  const rings = circles(edges)
  for (const e of up) console.log(`upward: ${e.from} -> ${e.to} (${e.kind})`)
  for (const c of rings) console.log(`circle: ${c.join(' <-> ')}`)
  console.log(
    `${edges.length} imports (${edges.filter((e) => e.kind === 'dynamic').length} dynamic); upward: ${up.length}; circles: ${rings.length}`,
  )
  process.exitCode = up.length + rings.length > 0 ? 1 : 0
}
