// `--jq` in the built CLI (issue 22 item 9, issue 32 item 2): jq-wasm's module is read from node_modules at run time
// and run in a worker thread (src/io/jq.ts), which only the real bin shows; a run without --jq never loads it
// (test/e2e/startup-modules.test.ts). Ctrl-C and SIGTERM stop any program, endless ones included, with 130 (the
// grace before SIGTERM's default action is made long, so 130 is the run's own end). A bad expression's exit 2 and
// message: test/commands/jq.test.ts; streaming and stopping in-process: test/unit/jq-stream.test.ts.
import { once } from 'node:events'
import { expect, it } from 'vitest'
import { runCli, spawnCli } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

it('the built bin filters with --jq', async () => {
  const r = await runCli(['agents', 'list', '--jq', '.[0].id'], { env: fx.env() })
  expect(r).toMatchObject({ exitCode: 0, stdout: 'demo-assistant\n', stderr: '' })
})

it.each(['SIGINT', 'SIGTERM'] as const)(
  '%s stops an endless program with 130, after its first result is out',
  async (signal) => {
    const proc = spawnCli(['version', '--jq', '1, (def f: f; f)'], { env: { AGENTRY_TERM_GRACE_MS: '60000' } })
    const [first] = (await once(proc.stdout!, 'data')) as [Buffer]
    expect(first.toString()).toBe('1\n')
    proc.kill(signal)
    const r = await proc
    expect([r.exitCode, r.signal, String(r.stderr)]).toEqual([130, undefined, 'error: cancelled\n'])
  },
)
