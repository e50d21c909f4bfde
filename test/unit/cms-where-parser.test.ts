import fc from 'fast-check'
import { anyString } from '../helpers/code-points.js'
import { describe, expect, it } from 'vitest'
import { ExitCode, exitCodeOf, UsageError } from '../../src/errors.js'
import { combineAnd, formatWhere, parseWhere, WhereSyntaxError } from '../../src/cms/where-parser.js'
import { type Filter, isFieldPath, type WhereOperator, whereIssues, whereOperators } from '../../src/cms/where.js'

const c = (field: string, op: WhereOperator, value: unknown) => ({ field, op, value }) as Filter

function syntaxError(input: string): WhereSyntaxError {
  try {
    parseWhere(input)
  } catch (e) {
    if (e instanceof WhereSyntaxError) return e
    throw e
  }
  throw new Error(`parsed without error: ${input}`)
}

describe('parseWhere', () => {
  it('parses the commands.md example with and binding tighter than or', () => {
    expect(parseWhere('status = "published" and (views > 100 or featured = true)')).toEqual({
      and: [c('status', 'eq', 'published'), { or: [c('views', 'gt', 100), c('featured', 'eq', true)] }],
    })
  })

  it('gives and precedence over or without parentheses', () => {
    expect(parseWhere('a = 1 or b = 2 and c = 3')).toEqual({
      or: [c('a', 'eq', 1), { and: [c('b', 'eq', 2), c('c', 'eq', 3)] }],
    })
    expect(parseWhere('a = 1 and b = 2 or c = 3')).toEqual({
      or: [{ and: [c('a', 'eq', 1), c('b', 'eq', 2)] }, c('c', 'eq', 3)],
    })
  })

  it('lets parentheses override precedence and keeps each parenthesised group as a node', () => {
    expect(parseWhere('(a = 1 or b = 2) and c = 3')).toEqual({
      and: [{ or: [c('a', 'eq', 1), c('b', 'eq', 2)] }, c('c', 'eq', 3)],
    })
    expect(parseWhere('a = 1 and b = 2 and c = 3')).toEqual({
      and: [c('a', 'eq', 1), c('b', 'eq', 2), c('c', 'eq', 3)],
    })
    expect(parseWhere('(a = 1 and b = 2) and c = 3')).toEqual({
      and: [{ and: [c('a', 'eq', 1), c('b', 'eq', 2)] }, c('c', 'eq', 3)],
    })
    expect(parseWhere('((a = 1))')).toEqual(c('a', 'eq', 1))
  })

  it.each([
    ['=', 'eq'],
    ['!=', 'neq'],
    ['>', 'gt'],
    ['>=', 'gte'],
    ['<', 'lt'],
    ['<=', 'lte'],
  ] as const)('maps the symbol %s to %s', (sym, op) => {
    expect(parseWhere(`views ${sym} 5`)).toEqual(c('views', op, 5))
    expect(parseWhere(`views${sym}5`)).toEqual(c('views', op, 5))
  })

  it.each(whereOperators)('accepts the word operator %s', (op) => {
    const value = op === 'in' || op === 'notIn' ? '["x", 2]' : '"x"'
    const expected = op === 'in' || op === 'notIn' ? ['x', 2] : 'x'
    expect(parseWhere(`title ${op} ${value}`)).toEqual(c('title', op, expected))
  })

  it('accepts keywords in any case', () => {
    expect(parseWhere('a NOTIN [1] OR b ILike "x" AND c = TRUE')).toEqual({
      or: [c('a', 'notIn', [1]), { and: [c('b', 'ilike', 'x'), c('c', 'eq', true)] }],
    })
  })

  it('reads strings with JSON escapes', () => {
    expect(parseWhere(String.raw`t = "a \"q\" \\ \n \u00e9 \ud83d\ude00"`)).toEqual(c('t', 'eq', 'a "q" \\ \n é 😀'))
    expect(parseWhere('t = ""')).toEqual(c('t', 'eq', ''))
  })

  it('reads numbers: negative, decimals, exponents', () => {
    expect(parseWhere('n = -3')).toEqual(c('n', 'eq', -3))
    expect(parseWhere('n >= 2.5')).toEqual(c('n', 'gte', 2.5))
    expect(parseWhere('n < -1.25e3')).toEqual(c('n', 'lt', -1250))
    expect(parseWhere('n < 1E+2')).toEqual(c('n', 'lt', 100))
    expect(parseWhere('n = 0')).toEqual(c('n', 'eq', 0))
  })

  it('reads true, false, null and arrays', () => {
    expect(parseWhere('a = false or b != null')).toEqual({ or: [c('a', 'eq', false), c('b', 'neq', null)] })
    expect(parseWhere('tag in ["a","b", 1, null, true]')).toEqual(c('tag', 'in', ['a', 'b', 1, null, true]))
    expect(parseWhere('tag notIn []')).toEqual(c('tag', 'notIn', []))
  })

  it('reads dotted and quoted field names', () => {
    expect(parseWhere('author.name begins "A"')).toEqual(c('author.name', 'begins', 'A'))
    expect(parseWhere('items.0.url ends ".png"')).toEqual(c('items.0.url', 'ends', '.png'))
    expect(parseWhere('"my field" = 1')).toEqual(c('my field', 'eq', 1))
    expect(parseWhere('"and" = 1')).toEqual(c('and', 'eq', 1))
  })

  it('produces trees without issues (whereIssues)', () => {
    const tree = parseWhere('status = "published" and (views > 100 or featured = true) and tag in ["a"]')
    expect(whereIssues(tree)).toEqual([])
  })
})

describe('parseWhere errors', () => {
  it('names the column and what was expected, with a caret line', () => {
    const e = syntaxError('status = ')
    expect(e.column).toBe(10)
    expect(e.reason).toBe('expected a value after "="')
    const [line, caret] = e.message.split('\n') as [string, string]
    expect(line).toBe('--where: expected a value after "=" at column 10: status = ')
    expect(caret.indexOf('^')).toBe(line.length)
  })

  it('puts the caret under the offending token', () => {
    const input = 'a = 1 and b ~ 2'
    const e = syntaxError(input)
    const [line, caret] = e.message.split('\n') as [string, string]
    const inputStart = line.length - input.length
    expect(caret.indexOf('^') - inputStart).toBe(input.indexOf('~'))
    expect(e.reason).toContain('unexpected character "~"')
  })

  it.each([
    ['', 1, 'expected a condition'],
    ['status', 7, 'expected an operator after "status"'],
    ['status is "x"', 8, 'expected an operator after "status", found "is"'],
    ['status = published', 10, 'strings go in double quotes'],
    ["status = 'x'", 10, 'strings go in double quotes'],
    ['a = 1 b = 2', 7, 'expected "and", "or" or the end, found "b"'],
    ['(a = 1', 7, 'expected "and", "or" or ")"'],
    ['a = 1)', 6, 'unbalanced ")"'],
    ['a = 1 and', 10, 'expected a field name'],
    ['a = "abc', 5, 'unterminated string'],
    [String.raw`a = "\x"`, 5, 'invalid string'],
    ['a in [1, 2', 11, 'expected "," or "]" in the array'],
    ['a in [1,]', 9, 'expected a value after ","'],
    ['a in "x"', 6, '"in" takes an array'],
    ['a like 3', 8, '"like" takes a string'],
    ['a > true', 5, '"gt" takes a number or a string'],
    ['a = [1]', 5, 'use "in" for lists'],
    ['a = 12abc', 5, 'invalid number'],
    ['a = 1e999', 5, 'number out of range'],
    ['"a..b" = 1', 1, 'non-empty parts'],
  ])('%j fails at column %i: %s', (input, column, text) => {
    const e = syntaxError(input)
    expect(e.column).toBe(column)
    expect(e.message).toContain(text)
  })

  it('shows a whole emoji, never a lone surrogate, and counts columns in characters', () => {
    const e = syntaxError('title = "🎉" and 😀 = 1')
    expect(e.message).toContain('unexpected character "😀"')
    expect(e.message).not.toMatch(/\\ud83d|\\ude00/)
    expect(e.column).toBe(17)
    const [line, caret] = e.message.split('\n') as [string, string]
    expect(caret.indexOf('^') - [...line].length + [...e.input].length).toBe(16)
    expect(syntaxError('a = 1𝐀').message).toContain('invalid number "1𝐀"')
  })

  it('is a usage error (exit 2)', () => {
    const e = syntaxError('a =')
    expect(e).toBeInstanceOf(UsageError)
    expect(exitCodeOf(e)).toBe(ExitCode.usage)
  })

  it('uses the label given', () => {
    expect(() => parseWhere('x', { label: '--where #2' })).toThrow(/^--where #2: /)
  })

  it('refuses absurd nesting instead of overflowing the stack', () => {
    expect(syntaxError(`${'('.repeat(5000)}a = 1${')'.repeat(5000)}`).reason).toContain('nest deeper')
  })
})

describe('combineAnd', () => {
  it('ANDs repeated --where trees, flattening top-level and groups', () => {
    const a = parseWhere('a = 1 and b = 2')
    const b = parseWhere('c = 3 or d = 4')
    expect(combineAnd([a, b])).toEqual({ and: [c('a', 'eq', 1), c('b', 'eq', 2), b] })
    expect(combineAnd([b])).toBe(b)
    expect(combineAnd([])).toBeUndefined()
  })
})

describe('formatWhere', () => {
  it('prints symbols, words, quoted strings and parenthesised groups', () => {
    const tree = parseWhere('status = "pub\\"lished" and (views > 100 or tag in ["a", 1]) and "my f" ilike "x"')
    expect(formatWhere(tree)).toBe('status = "pub\\"lished" and (views > 100 or tag in ["a", 1]) and "my f" ilike "x"')
  })

  // Canonical trees: what the parser produces (groups of two or more; any nesting is parenthesised).
  const field = fc.oneof(
    fc.constantFrom(
      'status',
      'author.name',
      'items.0.url',
      'and',
      'OR',
      'notIn',
      'true',
      'my field',
      'ä.ß',
      '_x$',
      'a-b',
    ),
    fc.string({ maxLength: 8, unit: 'grapheme' }).filter(isFieldPath),
  )
  const scalar = fc.oneof(
    anyString({ maxLength: 10 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  )
  const condition = fc.constantFrom(...whereOperators).chain((op) => {
    const value =
      op === 'in' || op === 'notIn'
        ? fc.array(scalar, { maxLength: 4 })
        : ['like', 'ilike', 'begins', 'ends'].includes(op)
          ? anyString({ maxLength: 10 })
          : ['gt', 'gte', 'lt', 'lte'].includes(op)
            ? fc.oneof(fc.string({ maxLength: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true }))
            : scalar
    return fc.record({ field, op: fc.constant(op), value }) as fc.Arbitrary<Filter>
  })
  const { tree } = fc.letrec<{ tree: Filter }>((tie) => ({
    tree: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'where' },
      condition,
      fc.record({ and: fc.array(tie('tree'), { minLength: 2, maxLength: 4 }) }),
      fc.record({ or: fc.array(tie('tree'), { minLength: 2, maxLength: 4 }) }),
    ),
  }))

  it('round-trips: parseWhere(formatWhere(tree)) equals tree', () => {
    fc.assert(
      fc.property(tree, (t) => {
        expect(parseWhere(formatWhere(t))).toEqual(t)
      }),
      { numRuns: 500 },
    )
  })
})
