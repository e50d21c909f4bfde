// checkedText: the one parser of free-text flags with a limit (empty, too long), naming the flag.
import { describe, expect, it } from 'vitest'
import { checkedText } from '../../src/commands/checked-text.js'
import { UsageError } from '../../src/errors.js'

describe('checkedText', () => {
  it('returns the text as given when the rule holds', () => {
    expect(checkedText({ empty: 'give a name', max: 3 })('abc', '--name')).toBe('abc')
    expect(checkedText({ max: 3 })('', '--title')).toBe('')
  })
  it('refuses an empty value only when the rule says what to give', () => {
    expect(() => checkedText({ empty: 'give a name' })('', '--name')).toThrow(new UsageError('--name: give a name'))
  })
  it('refuses more than max characters, naming the flag and the limit', () => {
    expect(() => checkedText({ max: 3 })('abcd', '--title')).toThrow(/^--title: must be at most 3 characters$/)
  })
})
