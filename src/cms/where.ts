// The filter tree of content queries (service-interface 4.7; wire.md "CMS content", `where` parameter):
// a condition is {field, op, value}; a group is {and:[…]} or {or:[…]}.
/** The twelve filter operators of service-interface 4.7, in the order of its table. */
export const whereOperators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'notIn',
  'begins',
  'ends',
] as const
/** One filter operator. */
export type WhereOperator = (typeof whereOperators)[number]

/** A single value a condition compares with. */
export type WhereScalar = string | number | boolean | null
/** A condition's value: a scalar, or an array of scalars for `in`/`notIn` (wire.md). */
export type WhereValue = WhereScalar | WhereScalar[]
/** `field op value`; the field may be dotted (`author.name`). */
export interface Condition {
  field: string
  op: WhereOperator
  value: WhereValue
}
/** All children must match. */
interface AndGroup {
  and: Filter[]
}
/** At least one child must match. */
interface OrGroup {
  or: Filter[]
}
/** A boolean group of filters. */
export type Group = AndGroup | OrGroup
/** A filter tree: a condition or a group. */
export type Filter = Condition | Group

/** Deepest nesting of groups accepted, so a hostile `where` cannot exhaust the stack (emulator answers 400). */
const maxWhereDepth = 64

/** Whether the filter is a group rather than a condition. */
export function isGroup(f: Filter): f is Group {
  return 'and' in f || 'or' in f
}

/** Whether `s` is a usable field path: non-empty dot-separated segments (`author.name`). */
export function isFieldPath(s: unknown): s is string {
  return typeof s === 'string' && s.length > 0 && s.split('.').every((seg) => seg.length > 0)
}

/** Whether `v` is a scalar a condition may hold (finite numbers only: JSON has no NaN or Infinity). */
function isWhereScalar(v: unknown): v is WhereScalar {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))
}

/** Why `value` does not suit `op`, or undefined when it does (in/notIn take arrays: wire.md). */
export function checkConditionValue(op: WhereOperator, value: unknown): string | undefined {
  switch (op) {
    case 'in':
    case 'notIn':
      if (!Array.isArray(value)) return `"${op}" takes an array of values, like ["a", "b"]`
      if (!value.every(isWhereScalar)) return `"${op}" array items must be strings, numbers, booleans or null`
      return undefined
    case 'like':
    case 'ilike':
    case 'begins':
    case 'ends':
      return typeof value === 'string' ? undefined : `"${op}" takes a string`
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string'
        ? undefined
        : `"${op}" takes a number or a string`
    default:
      return isWhereScalar(value) ? undefined : `"${op}" takes a string, number, boolean or null (use "in" for lists)`
  }
}

/** One problem in a filter tree: where (path of keys) and what. */
interface WhereIssue {
  path: (string | number)[]
  message: string
}

const operatorSet: ReadonlySet<string> = new Set(whereOperators)

type IssuePath = (string | number)[]

function conditionIssues(obj: Record<string, unknown>, path: IssuePath): WhereIssue[] {
  const issues: WhereIssue[] = []
  const add = (key: string, message: string) => issues.push({ path: [...path, key], message })
  for (const k of Object.keys(obj)) if (k !== 'field' && k !== 'op' && k !== 'value') add(k, `unknown member "${k}"`)
  if (!isFieldPath(obj.field)) add('field', 'field must be a non-empty dotted name like "author.name"')
  if (typeof obj.op !== 'string' || !operatorSet.has(obj.op)) {
    add('op', `unknown operator ${JSON.stringify(obj.op)}; one of ${whereOperators.join(', ')}`)
  } else if (!('value' in obj)) add('value', 'value is required')
  else {
    const why = checkConditionValue(obj.op as WhereOperator, obj.value)
    if (why) add('value', why)
  }
  return issues
}

function nodeIssues(v: unknown, path: IssuePath, depth: number): WhereIssue[] {
  if (depth > maxWhereDepth) return [{ path, message: `groups nest deeper than ${maxWhereDepth} levels` }]
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return [{ path, message: 'expected a condition {field, op, value} or a group {and:[…]} / {or:[…]}' }]
  }
  const obj = v as Record<string, unknown>
  const keys = Object.keys(obj)
  if (!keys.includes('and') && !keys.includes('or')) return conditionIssues(obj, path)
  const kind = keys.includes('and') ? 'and' : 'or'
  if (keys.length !== 1) {
    return [{ path, message: `a group has exactly one member, "and" or "or"; found ${keys.join(', ')}` }]
  }
  const children = obj[kind]
  if (!Array.isArray(children)) return [{ path: [...path, kind], message: `"${kind}" must be an array of filters` }]
  if (children.length === 0) return [{ path: [...path, kind], message: `"${kind}" must hold at least one filter` }]
  return children.flatMap((c, i) => nodeIssues(c, [...path, kind, i], depth + 1))
}

/** Every problem of a candidate filter tree, each naming the bad part; empty when the tree is valid. */
export function whereIssues(value: unknown): WhereIssue[] {
  return nodeIssues(value, [], 0)
}

/** Repeated `--where` flags are ANDed (commands.md); top-level `and` groups are flattened. Undefined for none. */
export function combineAnd(trees: readonly Filter[]): Filter | undefined {
  if (trees.length <= 1) return trees[0]
  return { and: trees.flatMap((t) => ('and' in t ? t.and : [t])) }
}

/** Renders an issue path as `and[1].op` (empty for the root). */
function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('')
}

/** One line per issue of a filter tree: `and[1].op: unknown operator …` (whereSchema's error says the same). */
export function describeWhereIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length > 0 ? `${formatIssuePath(i.path)}: ${i.message}` : i.message)).join('; ')
}
