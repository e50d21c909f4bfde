// An in-process test context against the file's real emulator instead of stubs: the MockAgent, which refuses
// anything not stubbed, lets 127.0.0.1 through.
import type { EmulatorFixture } from './emulator.js'
import { type TestContext, type TestContextOptions, testContext } from './test-context.js'

/** A test context pointed at the emulator with the demo key; `opts.env` is merged over that (undefined removes). */
export function emulatorContext(fx: EmulatorFixture, opts: TestContextOptions = {}): TestContext {
  const t = testContext({ ...opts, env: { ...fx.env(), ...opts.env } })
  t.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
  return t
}
