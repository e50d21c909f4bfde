// The chat habits from llm and aichat (issue 12), unit by unit: the message from words and stdin as context, the
// Ctrl-X Ctrl-E chord, the editor command, the OSC 52 guess and sequence, and moving the input history.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { osc52, osc52Supported } from '../../src/chat/interactive/clipboard.js'
import { LineEditor } from '../../src/chat/interactive/editor.js'
import { editorCommand } from '../../src/chat/interactive/external-editor.js'
import { moveHistory } from '../../src/chat/interactive/history.js'
import { KeyDecoder } from '../../src/chat/interactive/keys.js'
import { messageSource, withContext } from '../../src/commands/chat/options.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'
import { chatOpts } from './helpers.js'
import { exitCodeOf } from '../../src/errors.js'

const opts = chatOpts

describe('the message of a one-shot chat', () => {
  it('is the words after the agent id, with piped stdin appended as context after a blank line', async () => {
    const t = testContext({ stdin: 'line 1\nline 2\n' })
    expect(await messageSource(t.ctx, opts(), ['summarize', 'this'])).toEqual({
      text: 'summarize this\n\nline 1\nline 2',
    })
  })

  it('ignores stdin with --no-stdin, and empty stdin adds nothing', async () => {
    expect(await messageSource(testContext({ stdin: 'ctx' }).ctx, opts({ stdin: false, message: 'hi' }))).toEqual({
      text: 'hi',
    })
    expect(await messageSource(testContext({ stdin: '' }).ctx, opts({ message: 'hi' }))).toEqual({ text: 'hi' })
    await expect(messageSource(testContext({ stdin: 'ctx' }).ctx, opts({ stdin: false }))).rejects.toThrow(/no message/)
  })

  it('-m and words together is a usage error; a terminal stdin is never read', async () => {
    expect(exitCodeOf(await messageSource(testContext().ctx, opts({ message: 'a' }), ['b']).catch((e) => e))).toBe(2)
    expect(await messageSource(testContext({ tty: true, stdin: 'x' }).ctx, opts(), ['hello'])).toEqual({
      text: 'hello',
    })
  })

  it('withContext keeps the context as it is, dropping one trailing newline', () => {
    expect(withContext('q', '```js\nx\n```\n\n')).toBe('q\n\n```js\nx\n```\n')
  })
})

describe('Ctrl-X Ctrl-E', () => {
  it('decodes to the externalEdit effect; Ctrl-X then another key is that key', () => {
    const keys = new KeyDecoder().feed('\x18\x05')
    const e = new LineEditor([])
    e.handle({ name: 'text', text: 'abc' })
    expect(keys.map((k) => e.handle(k).type)).toEqual(['none', 'externalEdit'])
    e.handle({ name: 'prefixX' })
    e.handle({ name: 'text', text: 'd' })
    expect(e.text).toBe('abcd')
  })

  it('the editor is $VISUAL, then $EDITOR, then vi', () => {
    expect(editorCommand({ VISUAL: 'code --wait', EDITOR: 'nano' })).toBe('code --wait')
    expect(editorCommand({ VISUAL: ' ', EDITOR: 'nano' })).toBe('nano')
    expect(editorCommand({})).toBe('vi')
  })
})

describe('/copy', () => {
  it('uses OSC 52 only on terminals known to take it, unless forced either way', () => {
    expect(osc52Supported({ TERM_PROGRAM: 'iTerm.app' })).toBe(true)
    expect(osc52Supported({ TERM: 'xterm-kitty' })).toBe(true)
    expect(osc52Supported({ WT_SESSION: '1' })).toBe(true)
    expect(osc52Supported({ TERM: 'xterm-256color', TERM_PROGRAM: 'Apple_Terminal' })).toBe(false)
    expect(osc52Supported({ TERM: 'xterm-256color', AGENTRY_OSC52: '1' })).toBe(true)
    expect(osc52Supported({ TERM_PROGRAM: 'WezTerm', AGENTRY_OSC52: '0' })).toBe(false)
  })

  it('writes the text base64-encoded in OSC 52', () => {
    expect(osc52('héllo')).toBe(`\x1b]52;c;${Buffer.from('héllo').toString('base64')}\x07`)
  })
})

describe('input history move', () => {
  it('moves the old config-dir history into the state dir once, keeping it private; never overwrites', async () => {
    const dir = tempDir()
    const from = join(dir, 'config', 'history')
    const to = join(dir, 'state', 'agentry', 'history')
    mkdirSync(join(dir, 'config'))
    writeFileSync(from, '"old"\n', { mode: 0o600 })
    await moveHistory(from, to)
    expect(existsSync(from)).toBe(false)
    expect(readFileSync(to, 'utf8')).toBe('"old"\n')
    expect(statSync(to).mode & 0o777).toBe(0o600)
    writeFileSync(from, '"older"\n')
    await moveHistory(from, to)
    expect(readFileSync(to, 'utf8')).toBe('"old"\n')
    await moveHistory(join(dir, 'none'), join(dir, 'none2'))
    expect(existsSync(join(dir, 'none2'))).toBe(false)
  })
})
