// The fields a collection is known to have, as a tree of names (`author` → `name`, `email`): from
// its record type's JSON Schema (`properties`, nested), or else from the data of records seen. A leaf (null) is a
// field whose inside is not known (a string, an object without declared properties), so any path below it is taken.
import { isRecord } from '../api/is-record.js'

/** Field names, each with its own fields when they are known. */
export type FieldTree = Map<string, FieldTree | null>

/** The tree of a JSON Schema's `properties` (nested objects with properties become subtrees); none without them. */
export function treeOfSchema(schema: unknown): FieldTree | undefined {
  if (!isRecord(schema) || !isRecord(schema.properties)) return undefined
  const tree: FieldTree = new Map()
  for (const [name, prop] of Object.entries(schema.properties)) tree.set(name, treeOfSchema(prop) ?? null)
  return tree
}

/** The tree of the data of records seen: a member that is an object in every record seen has its members merged. */
export function treeOfRecords(datas: Iterable<unknown>): FieldTree {
  const tree: FieldTree = new Map()
  for (const data of datas) if (isRecord(data)) mergeInto(tree, data)
  return tree
}

function mergeInto(tree: FieldTree, data: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(data)) {
    const had = tree.get(name)
    if (!isRecord(value)) tree.set(name, null)
    else if (had === undefined) {
      const sub: FieldTree = new Map()
      mergeInto(sub, value)
      tree.set(name, sub)
    } else if (had !== null) mergeInto(had, value)
  }
}

/** Where a dotted path leaves the tree: the unknown name, the known path before it, and the names known there. */
export interface UnknownField {
  name: string
  parent: string
  known: string[]
}

/** The first name of `path` the tree does not know, or undefined when the tree takes the path. */
export function unknownField(tree: FieldTree, path: string): UnknownField | undefined {
  let level: FieldTree | null = tree
  const seen: string[] = []
  for (const name of path.split('.')) {
    if (level === null) return undefined
    const next: FieldTree | null | undefined = level.get(name)
    if (next === undefined) return { name, parent: seen.join('.'), known: [...level.keys()] }
    seen.push(name)
    level = next
  }
  return undefined
}
