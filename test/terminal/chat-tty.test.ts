// The interactive chat's rough edges where only a real terminal shows them (tmux, 100x30, the built CLI against a
// real emulator): the scrollback after an input taller than the window, /new and /info in a stateful chat, the answer
// after Ctrl-Z and `fg` mid-answer (stopped at once, drawn again, streamed to its end), an answer cancelled by Ctrl-C
// (on the server too: the emulator's request log) and one whose connection drops, keys typed while the terminal is
// still in cooked mode, and ASCII under LANG=C.
import { describe, expect, it } from 'vitest'
import { emulatorFixture, hook, quietEmulator, slowPoetEvery } from '../helpers/emulator.js'
import { sh, tmuxMissing } from './tmux.js'
import { chatTerminals } from './chat-terminals.js'

const missing = tmuxMissing()
if (missing) console.warn(missing)

const fx = emulatorFixture({ emulator: quietEmulator, ready: slowPoetEvery(50) })

describe.skipIf(missing !== undefined)('interactive chat rough edges in tmux', () => {
  const node = sh(process.execPath)
  // an $EDITOR that writes 60 rows, twice the window's height
  const { env, terminal } = chatTerminals(
    fx,
    'agentry-tty-',
    `#!/bin/sh\nfor i in $(seq -w 1 60); do echo "row $i"; done > "$1"\n`,
  )
  const count = (s: string, re: RegExp) => (s.match(re) ?? []).length

  // one stateful chat for both: the tall input is its first message
  it('an input taller than the window (60 rows back from /edit) is in the scrollback once; /new in a stateful chat names the new chat, and /info gives the ids and the command that resumes it', async () => {
    const t = terminal('tall')
    t.start(`${node} bin/agentry.cjs chat demo-assistant --new-chat`, env())
    await t.waitFor(/^› /m)
    t.type('/edit')
    t.keys('Enter')
    await t.waitFor(/^· row 60$/m)
    t.keys('Enter')
    const s = await t.waitFor(/ in · \d+ out · /)
    expect(s).toContain('You said: "row 01 row 02')
    for (const row of ['› row 01', '· row 02', '· row 30', '· row 31', '· row 60'])
      expect([row, count(s, new RegExp(`^${row}$`, 'gm'))]).toEqual([row, 1])

    t.type('/new')
    t.keys('Enter')
    const named = await t.waitFor(/new conversation: chat \S+ · log c[0-9a-f]{12}$/m)
    const chatId = /new conversation: chat (\S+)/.exec(named)?.[1]
    t.type('hello')
    t.keys('Enter')
    await t.waitFor((x) => count(x, / in · \d+ out · /g) === 2)
    t.type('/info')
    t.keys('Enter')
    const info = await t.waitFor(/resume with: agentry chat --cid c[0-9a-f]{12}$/m)
    expect(info).toContain(`chat ${chatId} (kept by the service)`)
    expect(info).toMatch(/^log (c[0-9a-f]{12}) \(agentry logs show \1\)$/m)
    t.keys('C-d')
    await t.waitFor(/^EXIT:0$/m)
  })

  // one slow-poet chat under a job-control shell: a stopped answer, then a cancelled one, then a dropped one, then the
  // way out
  it('Ctrl-Z mid-answer stops at once; after `fg` the part already streamed is drawn again below the shell and the same answer goes on to its end. Ctrl-C mid-answer cancels on the server, keeps the partial answer and returns to the prompt; a dropped connection keeps the partial text and says so in one line', async () => {
    const t = terminal('fg')
    t.start(`PS1='$ ' bash --norc -i`, env())
    await t.waitFor(/^\$/m)
    t.type(`${node} bin/agentry.cjs chat slow-poet`)
    t.keys('Enter')
    await t.waitFor(/^› /m)
    t.type('write me a poem about the sea')
    t.keys('Enter')
    // the heading is done (rendered: no hashes) and the next line under way
    await t.waitFor((s) => /^A poem of \w+$/m.test(s) && /In the hush of/.test(s))
    t.keys('C-z')
    const stopped = await t.waitFor(/Stopped/)
    expect(count(stopped, / in · \d+ out · /g)).toBe(0)
    t.type('fg')
    t.keys('Enter')
    const done = await t.waitFor(/ in · \d+ out · /, 30_000)
    expect(done).not.toContain('(cancelled)')
    const afterFg = done.slice(done.lastIndexOf('\n$ fg\n'))
    expect(afterFg).toMatch(/^A poem of \w+$/m)
    expect(count(afterFg, /^In the hush of /gm)).toBe(1)
    expect(afterFg).toMatch(/never alone\.$/m)

    // Ctrl-C mid-answer: the server is told (its request log), the partial answer stays
    const long = '› write me a very long poem about mountains, rivers and the patient sea'
    t.type(long.slice(2))
    t.keys('Enter')
    const partial = await t.waitFor((s) => /In the hush of \w+/.test(s.slice(s.lastIndexOf(long))))
    const shown = partial.slice(partial.lastIndexOf(long)).match(/In the hush of .*/)?.[0] ?? ''
    t.keys('C-c')
    const after = await t.waitFor(/\(cancelled\)\n\n› /)
    expect(after.slice(after.lastIndexOf(long))).toContain(shown)
    const log = (await (await hook(fx.emu, 'GET', 'requests')).json()) as {
      data: { method: string; path: string; status: number }[]
    }
    const cancels = log.data.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completion/cancel'))
    expect(cancels.map((r) => r.status)).toEqual([200])

    // the next answer's connection is cut after its heading and first words (~2,500 bytes of events)
    await hook(fx.emu, 'POST', 'faults', {
      match: { method: 'POST', path: '/api/v1beta/agent/slow-poet/chat/completion' },
      resetAfterBytes: 2500,
    })
    const sea = '› write me a poem about the sea'
    t.type(sea.slice(2))
    t.keys('Enter')
    const screen = await t.waitFor(/✗ connection lost: .*\n\n› /s)
    const dropped = screen.slice(screen.lastIndexOf(sea))
    // the partial answer stays, its heading rendered (no hashes)
    expect(dropped).toMatch(/^A poem of \w+$/m)
    expect(dropped).toMatch(/^In the hush of/m)
    expect(dropped.match(/✗ /g)).toHaveLength(1)

    // a lone Ctrl-C at the empty prompt says how to quit; a second one (within 2 s) leaves with 130
    t.keys('C-c')
    await t.waitFor('to quit: Ctrl-D or /exit · or Ctrl-C again')
    t.keys('C-c')
    await t.waitFor(/^resume with: agentry chat --cid c[0-9a-f]{12}$/m)
    t.type('echo EXIT:$?')
    t.keys('Enter')
    await t.waitFor(/^EXIT:130$/m)
  }, 60_000) // four answers of the slow poet, one of them streamed to its end

  it('under LANG=C draws in ASCII, and keys typed before the prompt is up (cooked mode) are sent as typed', async () => {
    const t = terminal('early')
    t.start(`${node} bin/agentry.cjs chat demo-assistant`, env({ LANG: 'C', LC_ALL: 'C' }))
    // at once: the keys reach the terminal while the chat starts, before raw mode or in it
    t.type('typed early')
    t.keys('Enter')
    const s = await t.waitFor(/ in \| \d+ out \| /)
    expect(s).toContain('You said: "typed early"')
    expect(s).toMatch(/^> typed early$/m)
    expect(s).toContain('/help for commands and keys | Ctrl-D to quit')
    expect(s).not.toMatch(/[›·•│─]/)
    t.keys('C-d')
    await t.waitFor(/^EXIT:0$/m)
  })
})
