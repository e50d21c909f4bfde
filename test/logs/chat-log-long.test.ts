// A long answer in the local log (src/logs/db.ts, schema 2): the CLI in-process (src/cli.ts run()) logs it whole, and `logs search` finds
// the words of its first 65,536 characters only — the documented limit that keeps FTS5 from indexing megabytes in
// one insert (docs/chat-output.md "The local log").
import { describe, expect, it } from 'vitest'
import { tempConfigDir } from '../helpers/cli.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })

describe('a long answer in the local log', () => {
  it('is kept whole; search finds a word early in it, not one past the indexed part', async () => {
    const configDir = tempConfigDir()
    const run = (args: string[]) => runCommand(args, { configDir, env: fx.env() })
    const json = async (args: string[]) => JSON.parse((await run([...args, '--json'])).stdout)
    // "1 2 … 20000": 108,894 characters, of which "19999" lies past the first 65,536
    const r = await run(['chat', 'demo-assistant', '-m', 'count to 20000', '--max-tokens', '20000'])
    expect(r.exitCode).toBe(0)
    expect(r.stdout.length).toBeGreaterThan(100_000)
    expect(r.stdout.indexOf('19999')).toBeGreaterThan(65_536)
    const [c] = (await json(['logs', 'list'])) as { id: string }[]
    const shown = (await json(['logs', 'show', c!.id])) as { messages: { role: string; content: unknown }[] }
    // stdout is the answer and the final newline every command's text ends with
    expect(`${shown.messages[1]?.content}\n`).toBe(r.stdout)
    const hits = (words: string) => json(['logs', 'search', words]) as Promise<{ role: string; snippet: string }[]>
    expect((await hits('1234')).map((h) => [h.role, h.snippet.includes('[1234]')])).toEqual([['assistant', true]])
    expect(await hits('19999')).toEqual([])
    // the user's message is short: all of it is indexed
    expect((await hits('20000')).map((h) => h.role)).toEqual(['user'])
  })
})
