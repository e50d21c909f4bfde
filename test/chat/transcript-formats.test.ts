// `--save` and `/save` by the file's extension (issue 33 item 7): JSON lines for .jsonl (what --resume reads),
// Markdown to read for .md, any other extension refused with a hint before anything is written.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createChatSession } from '../../src/chat/session.js'
import type { ChatMessage } from '../../src/chat/session.js'
import { writeTranscript } from '../../src/chat/transcript.js'
import { UsageError } from '../../src/errors.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'
import { tempDir } from '../helpers/temp-dir.js'
import { collect, emuContext } from './helpers.js'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { fakeTerminal, scriptedSession } from './interactive-fakes.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const chat = (args: string[]) =>
  runCommand(['chat', ...args], {
    env: { AGENTRY_BASE_URL: fx.emu.baseUrl, AGENTRY_ACCOUNT: fx.emu.accountId, AGENTRY_API_KEY: fx.emu.demoApiKey },
  })

const conversation: ChatMessage[] = [
  { role: 'user', content: [{ type: 'text', text: 'weather in Oslo?' }] },
  {
    role: 'assistant',
    content: '',
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
  },
  { role: 'tool', tool_call_id: 'c1', name: 'get_weather', content: '{"temp":3} ```not a fence end```' },
  { role: 'assistant', content: '**It is 3°C.**\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\x1b]0;pwned\x07' },
]

describe('/save by extension', () => {
  it('.md: roles as headings, tool calls and results fenced, text as is with terminal escapes made visible', async () => {
    const file = join(tempDir(), 'talk.md')
    await writeTranscript(file, 'be brief', conversation)
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '## System\n\nbe brief\n\n',
        '## User\n\nweather in Oslo?\n\n',
        '## Assistant\n\n**Tool call** `get_weather` (c1)\n\n```json\n{\n  "city": "Oslo"\n}\n```\n\n',
        '## Tool result `get_weather` (c1)\n\n````\n{"temp":3} ```not a fence end```\n````\n\n',
        '## Assistant\n\n**It is 3°C.**\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\\u001b]0;pwned\\u0007\n\n',
      ].join(''),
    )
  })

  it('.jsonl: JSON lines, as before', async () => {
    const file = join(tempDir(), 'talk.JSONL')
    await writeTranscript(file, undefined, conversation)
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    expect(lines.map((l) => JSON.parse(l).role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
  })

  it.each([
    ['talk.txt', /a \.txt file is not a transcript format/, 'talk.jsonl or talk.md'],
    ['talk.json', /a \.json file/, 'talk.jsonl or talk.md'],
    ['talk', /a file without an extension/, 'talk.jsonl or talk.md'],
  ])('%s is refused with a hint, nothing written (the session’s /save)', async (name, message, hint) => {
    const dir = tempDir()
    const { ctx } = emuContext(fx.emu)
    const s = await createChatSession({ ctx, agentId: 'demo-assistant' })
    await collect(s.send('hello'))
    const err = await s.save(join(dir, name)).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(UsageError)
    expect((err as UsageError).message).toMatch(message)
    expect((err as UsageError).message).toContain('/save')
    expect((err as UsageError).hint).toContain(hint)
    expect(readdirSync(dir)).toEqual([])
    await s.close()
  })
})

describe('/save in the interactive chat', () => {
  it('says a .md file is Markdown (no resume line), and shows the refusal of another extension with its hint', async () => {
    const dir = tempDir()
    const t = fakeTerminal()
    const s = scriptedSession()
    Object.assign(s.session, {
      history: conversation,
      save: (path: string) => writeTranscript(path, undefined, conversation),
    })
    const done = runInteractive(s.session, t.ctx)
    t.type(`/save ${join(dir, 'talk.md')}\r`)
    await t.waitFor('(Markdown)')
    t.type(`/save ${join(dir, 'talk.txt')}\r`)
    await t.waitFor('talk.jsonl or talk.md')
    expect(t.screen()).toContain('a .txt file is not a transcript format')
    t.type('\x04')
    expect(await done).toBe(0)
    expect(readdirSync(dir)).toEqual(['talk.md'])
  })
})

describe('--save by extension', () => {
  it('--save talk.md appends the conversation as Markdown as it goes', async () => {
    const file = join(tempDir(), 'talk.md')
    const r = await chat(['demo-assistant', '-m', 'my code word is walrus', '--save', file])
    expect(r.exitCode, r.stderr).toBe(0)
    const md = readFileSync(file, 'utf8')
    expect(md).toMatch(/^## User\n\nmy code word is walrus\n\n## Assistant\n\n/)
    expect(md).toContain(r.stdout.trim())
    expect(md).not.toContain('{"role"')
  })

  it('--save talk.txt is a usage error before the first turn: nothing sent, nothing written', async () => {
    const dir = tempDir()
    const r = await chat(['demo-assistant', '-m', 'hi', '--save', join(dir, 'talk.txt')])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/--save .*talk\.txt: a \.txt file is not a transcript format/)
    expect(r.stderr).toContain('talk.jsonl or talk.md')
    expect(r.stdout).toBe('')
    expect(existsSync(join(dir, 'talk.txt'))).toBe(false)
  })

  it('--resume of a Markdown transcript says it is for reading, and which file resumes', async () => {
    const file = join(tempDir(), 'talk.md')
    await writeTranscript(file, undefined, conversation)
    const r = await chat(['demo-assistant', '-m', 'more', '--resume', file])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toContain('a Markdown transcript is for reading')
    expect(r.stderr).toContain('--save <file.jsonl>')
  })
})
