// `chat --mcp` on a real terminal (tmux): each MCP tool call is shown and asked about — once, always, no — in the
// interactive chat and in a one-shot run, and /tools lists the MCP tools with their server (issue 10 item 2). The
// server is a stand-in in plain JSON-RPC (test/fixtures/mcp/tiny-2025-server.mjs: ~0.4 s of CPU less a start than
// server-everything's); test/chat/chat-mcp.test.ts meets server-everything and a v2 SDK server.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { repoRoot } from '../helpers/cli.js'
import { requireBuild, sh, TmuxSession, tmuxMissing } from './tmux.js'
import { tempDir } from '../helpers/temp-dir.js'

const missing = tmuxMissing()
if (missing) console.warn(missing)

describe.skipIf(missing !== undefined)('chat --mcp in tmux', () => {
  const fx = emulatorFixture({ emulator: quietEmulator })
  const sessions: TmuxSession[] = []
  let configDir: string
  const node = sh(process.execPath)
  const server = sh(`${process.execPath} ${join(repoRoot, 'test/fixtures/mcp/tiny-2025-server.mjs')}`)
  beforeAll(() => {
    requireBuild()
    configDir = tempDir('agentry-tmux-mcp-')
  })
  afterAll(async () => {
    for (const s of sessions) await s.kill()
    rmSync(configDir, { recursive: true, force: true })
  })
  const start = (name: string, args: string) => {
    const t = new TmuxSession(`${name}-${sessions.length}`, { cols: 160, rows: 40 })
    sessions.push(t)
    const env = { AGENTRY_CONFIG_DIR: configDir, TERM: 'xterm-256color', ...fx.env() }
    t.start(`${node} bin/agentry.cjs chat demo-assistant --mcp ${server} ${args}`, env)
    return t
  }

  it('interactive: y runs the call once, a runs it from then on, n refuses; /tools names the server', async () => {
    const t = start('mcp-interactive', '')
    await t.waitFor(/^› /m)
    t.type('use echo with {"message":"first"}')
    t.keys('Enter')
    await t.waitFor('[y] once  [a] always this tool  [n] no')
    expect(await t.screen()).toContain('? run echo {"message":"first"}  (MCP: ')
    t.type('y')
    await t.waitFor('returned: Echo: first')

    t.type('use echo with {"message":"second"}')
    t.keys('Enter')
    await t.waitFor((s) => s.split('[y] once').length === 3)
    t.type('a')
    await t.waitFor('returned: Echo: second')
    t.type('use echo with {"message":"third"}')
    t.keys('Enter')
    await t.waitFor('returned: Echo: third')
    expect((await t.screen()).split('[y] once').length).toBe(3)

    t.type('use get-sum with {"a":1,"b":2}')
    t.keys('Enter')
    await t.waitFor((s) => s.split('[y] once').length === 4)
    t.type('n')
    await t.waitFor('the user did not allow this tool call')

    t.type('/tools')
    t.keys('Enter')
    const tools = await t.waitFor(/^ +get-sum .*\(MCP: /m)
    expect(tools).toMatch(/^ +echo .*\(MCP: /m)
    t.type('/exit')
    t.keys('Enter')
    await t.waitFor('EXIT:0')
  }, 60_000)

  it('one-shot on a terminal: the call is asked about with a prompt on stderr', async () => {
    const t = start('mcp-oneshot', `-m ${sh('use echo with {"message":"asked"}')}`)
    await t.waitFor('Yes, once')
    expect(await t.screen()).toContain('Run echo {"message":"asked"}  (MCP: ')
    t.keys('Enter')
    await t.waitFor('returned: Echo: asked')
    await t.waitFor('EXIT:0')
  }, 60_000)
})
