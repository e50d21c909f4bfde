// maxChars: the parser of free-text flags with a length limit, naming the flag (empty values through nonEmpty).
import { describe, expect, it } from 'vitest'
import { maxChars } from '../../src/commands/max-chars.js'

describe('maxChars', () => {
  it('returns the text as given within the limit; an empty one only when no `empty` problem is given', () => {
    expect(maxChars(3, 'give a name')('abc', '--name')).toBe('abc')
    expect(maxChars(3)('', '--title')).toBe('')
  })
  it('refuses an empty value with what to give, when asked to', () => {
    expect(() => maxChars(3, 'give a name')('', '--name')).toThrow(/^--name: give a name$/)
  })
  it('refuses more than max characters, naming the flag and the limit', () => {
    expect(() => maxChars(3)('abcd', '--title')).toThrow(/^--title: must be at most 3 characters$/)
  })
})
