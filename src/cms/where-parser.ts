// The `--where` expression language of `cms query` (commands.md): `status = "published" and (views > 100 or
// featured = true)`. `and` binds tighter than `or`; parentheses group. Parsing keeps every parenthesised group as its
// own node and flattens runs of one connective, so formatWhere and parseWhere round-trip.
import { isBareWord, type Token, tokenize, WhereSyntaxError } from './where-lexer.js'
import {
  checkConditionValue,
  type Filter,
  isFieldPath,
  isGroup,
  type WhereOperator,
  type WhereScalar,
  type WhereValue,
} from './where.js'

export { WhereSyntaxError } from './where-lexer.js'
export { combineAnd } from './where.js'

const symbolOps: Record<string, WhereOperator> = {
  '=': 'eq',
  '!=': 'neq',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
}
const wordOps: Record<string, WhereOperator> = {
  eq: 'eq',
  neq: 'neq',
  gt: 'gt',
  gte: 'gte',
  lt: 'lt',
  lte: 'lte',
  like: 'like',
  ilike: 'ilike',
  in: 'in',
  notin: 'notIn',
  begins: 'begins',
  ends: 'ends',
}
const literals: Record<string, WhereScalar> = { true: true, false: false, null: null }
const reserved = new Set(['and', 'or', ...Object.keys(wordOps), ...Object.keys(literals)])
/** Nesting of parentheses accepted (the tree's own limit is where.ts maxWhereDepth). */
const maxParenDepth = 64

const describe = (t: Token) => (t.kind === 'end' ? 'the end' : JSON.stringify(t.text))

/** Options of parseWhere: the label that starts error messages (e.g. `--where` or `--where #2`). */
export interface ParseWhereOptions {
  label?: string
}

/** Parses a `--where` expression into a filter tree; throws WhereSyntaxError naming the column and what was expected. */
export function parseWhere(input: string, options: ParseWhereOptions = {}): Filter {
  const tokens = tokenize(input, options.label)
  let i = 0
  const peek = () => tokens[i]!
  const isWord = (t: Token, w: string) => t.kind === 'word' && t.text.toLowerCase() === w
  const fail = (t: Token, reason: string): never => {
    throw new WhereSyntaxError(input, t.pos, reason, options.label)
  }
  const expected = (what: string, t: Token, hint = ''): never =>
    fail(t, t.kind === 'end' ? `expected ${what}` : `expected ${what}, found ${describe(t)}${hint}`)

  const scalar = (after: Token): WhereScalar => {
    const t = peek()
    if (t.kind === 'string' || t.kind === 'number') {
      i++
      return t.value!
    }
    const lower = t.text.toLowerCase()
    if (t.kind === 'word' && lower in literals) {
      i++
      return literals[lower]!
    }
    const hint = t.kind === 'word' ? ' (strings go in double quotes)' : ''
    return expected(`a value after ${describe(after)}`, t, hint)
  }
  const value = (after: Token): WhereValue => {
    const open = peek()
    if (open.kind !== 'lbracket') return scalar(after)
    i++
    const items: WhereScalar[] = []
    if (peek().kind === 'rbracket') {
      i++
      return items
    }
    for (;;) {
      items.push(scalar(items.length === 0 ? open : tokens[i - 1]!))
      const t = peek()
      i++
      if (t.kind === 'rbracket') return items
      if (t.kind !== 'comma') expected('"," or "]" in the array', t)
    }
  }
  const condition = (): Filter => {
    const f = peek()
    if (f.kind !== 'word' && f.kind !== 'string') return expected('a field name', f)
    const field = f.kind === 'string' ? (f.value as string) : f.text
    if (!isFieldPath(field)) fail(f, 'a field name needs non-empty parts between dots')
    i++
    const o = peek()
    const op = o.kind === 'symbol' ? symbolOps[o.text] : o.kind === 'word' ? wordOps[o.text.toLowerCase()] : undefined
    if (!op) return expected(`an operator after ${describe(f)}`, o)
    i++
    const at = peek()
    const v = value(o)
    const why = checkConditionValue(op, v)
    if (why) fail(at, why)
    return { field, op, value: v }
  }
  const primary = (depth: number): Filter => {
    const t = peek()
    if (t.kind !== 'lparen') return condition()
    if (depth >= maxParenDepth) fail(t, `parentheses nest deeper than ${maxParenDepth} levels`)
    i++
    const inner = orExpr(depth + 1)
    const close = peek()
    if (close.kind !== 'rparen') expected('"and", "or" or ")"', close)
    i++
    return inner
  }
  const andExpr = (depth: number): Filter => {
    const terms = [primary(depth)]
    while (isWord(peek(), 'and')) {
      i++
      terms.push(primary(depth))
    }
    return terms.length === 1 ? terms[0]! : { and: terms }
  }
  const orExpr = (depth: number): Filter => {
    const terms = [andExpr(depth)]
    while (isWord(peek(), 'or')) {
      i++
      terms.push(andExpr(depth))
    }
    return terms.length === 1 ? terms[0]! : { or: terms }
  }

  if (peek().kind === 'end') return expected('a condition such as status = "published"', peek())
  const tree = orExpr(0)
  const rest = peek()
  if (rest.kind === 'rparen') fail(rest, 'unbalanced ")"')
  if (rest.kind !== 'end') expected('"and", "or" or the end', rest)
  return tree
}

const opSymbols: Partial<Record<WhereOperator, string>> = { eq: '=', neq: '!=', gt: '>', gte: '>=', lt: '<', lte: '<=' }

function formatField(field: string): string {
  const bare = isBareWord(field) && !reserved.has(field.toLowerCase())
  return bare ? field : JSON.stringify(field)
}

function formatScalar(v: WhereScalar): string {
  return Object.is(v, -0) ? '-0' : JSON.stringify(v)
}

function formatGroup(kind: 'and' | 'or', children: readonly Filter[]): string {
  return children.map((c) => (isGroup(c) ? `(${formatWhere(c)})` : formatWhere(c))).join(` ${kind} `)
}

/** Prints a filter tree in the `--where` language; parseWhere(formatWhere(t)) equals t for trees parseWhere makes. */
export function formatWhere(tree: Filter): string {
  if ('and' in tree) return formatGroup('and', tree.and)
  if ('or' in tree) return formatGroup('or', tree.or)
  const op = opSymbols[tree.op] ?? tree.op
  const value = Array.isArray(tree.value) ? `[${tree.value.map(formatScalar).join(', ')}]` : formatScalar(tree.value)
  return `${formatField(tree.field)} ${op} ${value}`
}
