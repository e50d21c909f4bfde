// The one parser of numbers people type (src/text/whole-number.ts): digits, an optional fraction for decimals, nothing
// else; and COLUMNS read through it.
import { describe, expect, it } from 'vitest'
import { envColumns } from '../../src/io/iostreams.js'
import { parseDecimal, parseWholeNumber } from '../../src/text/whole-number.js'

describe('parseWholeNumber and parseDecimal', () => {
  it('take digits in the range', () => {
    expect(parseWholeNumber('0', { min: 0, max: 10 })).toBe(0)
    expect(parseWholeNumber('10', { min: 0, max: 10 })).toBe(10)
    expect(parseDecimal('2.5', { min: 0.1, max: 60, unit: 'seconds' })).toBe(2.5)
    expect(parseDecimal('60', { above: 0, max: 60, unit: 'seconds' })).toBe(60)
  })

  it.each(['1e1', ' 5', '5 ', '+5', '-5', '0x5', '1_0', 'Infinity', '5.', '.5', '', '1,5'])(
    'refuse %j with the sentence of the range',
    (text) => {
      expect(parseWholeNumber(text, { min: 0, max: 10 })).toEqual({ problem: 'must be a whole number from 0 to 10' })
      expect(parseDecimal(text, { min: 0.1, max: 60, unit: 'seconds' })).toEqual({
        problem: 'must be a number of seconds from 0.1 to 60',
      })
    },
  )

  it('refuse what is out of range or past 2^53', () => {
    expect(parseWholeNumber('11', { min: 0, max: 10 })).toEqual({ problem: 'must be a whole number from 0 to 10' })
    expect(parseWholeNumber('9'.repeat(20), { min: 0 })).toEqual({ problem: 'must be a whole number from 0 up' })
    expect(parseDecimal('0', { above: 0, max: 5, unit: 'seconds' })).toEqual({
      problem: 'must be a number of seconds above 0, at most 5',
    })
  })
})

describe('COLUMNS', () => {
  it('is a width only when it is a whole number from 1', () => {
    expect(envColumns({ COLUMNS: '120' })).toBe(120)
    for (const bad of ['1e2', ' 80', '0', '-1', 'wide', '']) expect(envColumns({ COLUMNS: bad }), bad).toBe(undefined)
    expect(envColumns({})).toBe(undefined)
  })
})
