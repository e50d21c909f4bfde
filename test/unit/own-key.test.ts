// Which listed key is the run's own (issue 22 item 10): an id only when exactly one listed prefix fits the secret.
import { describe, expect, it } from 'vitest'
import type { ApiKey } from '../../src/api/schemas/automation.js'
import { ownKeyAmong } from '../../src/auth/own-key.js'

const key = (id: string, prefix: string) => ({ id, name: id, prefix, scopes: {} }) as unknown as ApiKey

describe('ownKeyAmong', () => {
  it('names the one key whose prefix starts the secret, trailing ellipsis or stars dropped', () => {
    const keys = [key('key_a', 'agk_demo_012'), key('key_b', 'agk_demo_no_'), key('key_c', 'agk_live…')]
    expect(ownKeyAmong(keys, 'agk_demo_0123456789abcdef').key?.id).toBe('key_a')
    expect(ownKeyAmong(keys, 'agk_live_0123456789').key?.id).toBe('key_c')
  })
  it('names none when several prefixes fit (they cannot be told apart), and lists them', () => {
    const own = ownKeyAmong(
      [key('key_a', 'agk_demo'), key('key_b', 'agk_demo'), key('key_c', 'agk_x')],
      'agk_demo_0123',
    )
    expect(own.key).toBeUndefined()
    expect(own.candidates.map((k) => k.id)).toEqual(['key_a', 'key_b'])
  })
  it('names none without a secret or a fitting prefix', () => {
    expect(ownKeyAmong([key('key_a', 'agk_a')], undefined)).toEqual({ key: undefined, candidates: [] })
    expect(ownKeyAmong([key('key_a', 'agk_a')], 'agk_b_123').key).toBeUndefined()
  })
})
