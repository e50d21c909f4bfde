// What the cms bulk tests share, in-process (test/commands/cms-bulk) and as a process (test/e2e/cms-bulk): the
// emulator's record count of a collection, its latency hook, and the emulator put back as it was after each test.
import { afterEach, expect } from 'vitest'
import { clearFaults } from './emulator-faults.js'
import { type EmulatorFixture, hook } from './emulator.js'

/** The fixture's cms bulk helpers; its faults and latency are cleared after each test of the file. */
export function cmsBulkFixture(fx: EmulatorFixture) {
  const setLatency = async (ms: number) => expect((await hook(fx.emu, 'POST', 'latency', { ms })).ok).toBe(true)
  afterEach(async () => {
    await clearFaults(fx.emu)
    await setLatency(0)
  })
  return {
    /** how many records the emulator holds in `collection` */
    count: (collection: string) => fx.emu.state.cms.get(collection)?.size ?? 0,
    setLatency,
  }
}
