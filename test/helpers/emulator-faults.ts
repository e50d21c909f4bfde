// Fault injection into a running emulator (src/emulator/faults.ts) through its test hook, from one place: when the
// hooks need a token (issue 8), this is the one function that sends it.
import { expect } from 'vitest'
import type { FaultRule } from '../../src/emulator/faults.js'
import type { Emulator } from '../../src/emulator/types.js'

/** A fault rule as posted: everything but the match is optional (count 1). */
export type FaultInput = Partial<FaultRule> & Pick<FaultRule, 'match'>

/** Arms a fault rule on `emu` (status with Retry-After, a reset after N bytes, a stall). */
export async function injectFault(emu: Emulator, rule: FaultInput): Promise<void> {
  const res = await fetch(`${emu.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  })
  expect(res.status, await res.text()).toBe(201)
}

/** Disarms every fault rule of `emu`. */
export async function clearFaults(emu: Emulator): Promise<void> {
  const res = await fetch(`${emu.url}/__emulator/faults`, { method: 'DELETE' })
  expect(res.status).toBe(204)
}
