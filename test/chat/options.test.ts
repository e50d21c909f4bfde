// `chat`'s options as declared (src/commands/chat/options.ts, option kinds of src/commands/options.ts), through the
// built CLI: every bad value is a usage error (exit 2) naming the flag and what is allowed, before any request; the
// stateful flags refuse each other and --resume. No server is needed: nothing may be sent.
import { describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { chatOpts } from './helpers.js'

// a base URL nothing listens on: a request would fail with exit 8, not the usage error (2) asserted
const env = { AGENTRY_BASE_URL: 'http://127.0.0.1:9/api/v1beta', AGENTRY_API_KEY: 'agk_x', AGENTRY_LOG: 'off' }
const chat = (args: string[]) => runCommand(['chat', 'demo-assistant', '-m', 'hi', ...args], { env })

describe('chat options', () => {
  it.each([
    [['--max-tokens', '0'], '--max-tokens: 0 must be a whole number from 1 up'],
    [['--max-tokens', '1e3'], '--max-tokens: 1e3 must be a whole number from 1 up'],
    [['--tool-timeout', '0'], '--tool-timeout: 0 must be a number of seconds above 0, at most 86400'],
    [['--tool-timeout', '99999'], '--tool-timeout: 99999 must be a number of seconds above 0, at most 86400'],
    [['--tool-timeout', 'soon'], '--tool-timeout: soon must be a number of seconds above 0'],
    [['--tool-handler', '  '], '--tool-handler: give a command'],
    [['--mcp', ' '], '--mcp: give a command line'],
    [['--image', ''], '--image: give a value'],
    [['--save', ''], '--save: give a value'],
  ])('%j is a usage error naming the flag', async (args, message) => {
    const r = await chat(args)
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toContain(message)
    expect(r.stdout).toBe('')
  })

  it.each([
    [['--chat', 'c1', '--new-chat']],
    [['--chat', 'c1', '--resume', 't.jsonl']],
    [['--new-chat', '--resume', 't.jsonl']],
  ])('--chat, --new-chat and --resume refuse each other: %j', async (args) => {
    const r = await chat(args)
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/cannot be used with/)
  })

  it('parse to typed values: seconds as a number, repeatable lists in order, --no-* flags true unless given', () => {
    const o = chatOpts({ toolTimeout: '2.5', mcp: [' a --x ', 'b'], image: ['p.png'], stream: false, maxTokens: '7' })
    expect(o).toMatchObject({ toolTimeout: 2.5, mcp: ['a --x', 'b'], image: ['p.png'], maxTokens: 7, stream: false })
    expect(chatOpts()).toMatchObject({ toolTimeout: 60, mcp: [], stdin: true, stream: true, newChat: false })
  })
})
