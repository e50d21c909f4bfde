// Fault injection into a running emulator (src/emulator/faults.ts) through its test hook, from one place. The hooks
// are getting a token (issue 8: `Authorization: Bearer <emu.hookToken>`); it is sent whenever the emulator has one.
import { expect } from 'vitest'
import type { FaultRule } from '../../src/emulator/faults.js'
import type { Emulator } from '../../src/emulator/types.js'

/** A fault rule as posted: everything but the match is optional (count 1). */
export type FaultInput = Partial<FaultRule> & Pick<FaultRule, 'match'>

/** The headers of a hook call: the hook token when this emulator has one. */
function hookHeaders(emu: Emulator): Record<string, string> {
  const token = (emu as { hookToken?: unknown }).hookToken
  return typeof token === 'string' ? { authorization: `Bearer ${token}` } : {}
}

/** Arms a fault rule on `emu` (status with Retry-After, a reset after N bytes, a stall). */
export async function injectFault(emu: Emulator, rule: FaultInput): Promise<void> {
  const res = await fetch(`${emu.url}/__emulator/faults`, {
    method: 'POST',
    headers: { ...hookHeaders(emu), 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  })
  expect(res.status, await res.text()).toBe(201)
}

/** Disarms every fault rule of `emu`. */
export async function clearFaults(emu: Emulator): Promise<void> {
  const res = await fetch(`${emu.url}/__emulator/faults`, { method: 'DELETE', headers: hookHeaders(emu) })
  expect(res.status).toBe(204)
}
