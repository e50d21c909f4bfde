// Terminal safety on every output path (issue 7 item 4; docs/terminal-safety.md): a hostile record created in the real
// emulator, printed through the real commands as table, item view, YAML and TSV on a terminal, TSV and JSON piped; a
// hostile error message from the server; notes and warnings; the chat's one-shot text and tool-call lines.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { tsvEscape } from '../../src/io/output.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { injectFault } from '../helpers/emulator-faults.js'
import { expectNoRawAttack, expectShown, hostile, hostileText } from '../helpers/hostile.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: { tokenDelayMs: 0, scheduler: false } })

/** Creates the hostile webhook through the CLI (piped) and returns its id. */
async function hostileWebhook(): Promise<string> {
  const t = emulatorContext(fx)
  const argv = ['webhook', 'create', '--name', hostileText, '--description', `line1\n${hostileText}`]
  expect(await t.run([...argv, '--scenario', 'scn_summarize', '--json'])).toBe(0)
  const created = JSON.parse(t.stdout()) as { id: string; name: string }
  expect(created.name).toBe(hostileText) // the server keeps it as sent: the CLI is what must not obey it
  return created.id
}

describe('hostile strings from the server', () => {
  it.each([
    ['list', 'table'],
    ['get', 'table'],
    ['list', 'yaml'],
    ['get', 'yaml'],
    ['list', 'tsv'],
    ['get', 'tsv'],
  ])('are shown, never obeyed, by webhook %s as %s on a terminal', async (verb, format) => {
    const id = await hostileWebhook()
    const which = verb === 'get' ? ['get', id] : ['list', '--limit', '100']
    const argv = ['webhook', ...which, ...(format === 'table' ? [] : ['-o', format])]
    const t = emulatorContext(fx, { tty: true, columns: 1000 })
    expect(await t.run(argv)).toBe(0)
    expectNoRawAttack(t.stdout())
    expectNoRawAttack(t.stderr())
    const out = t.stdout()
    if (format === 'yaml') {
      // YAML has its own escapes for C0 in a double-quoted scalar (\e, \a); C1 it leaves raw, the sanitiser shows it
      expect(out).toContain('\\e]0;pwned\\a')
      expect(out).toContain('\\u009b31m')
      expect(parseYaml(out)).toBeTruthy()
    } else expectShown(out, ['clipboard', 'title', 'erase', 'csi8'])
  })

  it('keeps exact values in piped TSV, and in JSON and NDJSON (C1 escaped) identically on a terminal or not', async () => {
    const id = await hostileWebhook()
    const piped = emulatorContext(fx)
    expect(await piped.run(['webhook', 'get', id, '-o', 'tsv'])).toBe(0)
    expect(piped.stdout()).toContain(`name\t${tsvEscape(hostileText)}\n`)
    const outputs: string[] = []
    for (const tty of [false, true])
      for (const argv of [
        ['webhook', 'get', id, '--json'],
        ['webhook', 'list', '--limit', '100', '-o', 'ndjson'],
        ['webhook', 'list', '--limit', '100', '--json'],
      ]) {
        const t = emulatorContext(fx, { tty })
        expect(await t.run(argv)).toBe(0)
        expectNoRawAttack(t.stdout())
        expect(t.stdout()).toContain('\\u009b31m')
        outputs.push(t.stdout())
      }
    expect(outputs.slice(3)).toEqual(outputs.slice(0, 3))
    expect(JSON.parse(outputs[0]!).name).toBe(hostileText)
    const listed = JSON.parse(outputs[2]!) as { id: string; name: string }[]
    expect(listed.find((w) => w.id === id)?.name).toBe(hostileText)
  })

  it("shows the server's hostile error message as text", async () => {
    await injectFault(fx.emu, {
      match: { path: `/api/v1beta/${fx.emu.accountId}/webhooks` },
      status: 400,
      message: hostileText,
    })
    const t = emulatorContext(fx, { tty: true })
    expect(await t.run(['webhook', 'list'])).toBe(1)
    expectNoRawAttack(t.stderr())
    expectShown(t.stderr(), ['title', 'clipboard', 'erase', 'csi8', 'overwrite'])
    expect(t.stdout()).toBe('')
  })

  it('sanitises notes and warnings (they carry server and file text) but keeps our own styling', async () => {
    const t = emulatorContext(fx, { tty: true })
    t.ctx.info(`chat ${hostileText}`, (s) => `\x1b[2m${s}\x1b[22m`)
    t.ctx.warn(`could not write ${hostileText}`)
    expectNoRawAttack(t.stderr())
    expectShown(t.stderr())
    expect(t.stderr()).toContain('\x1b[2mchat ')
    expect(t.stderr()).toMatch(/^warning:(\x1b\[39m)? could not write /m)
  })
})

describe('a hostile text file', () => {
  it('downloaded to a terminal is shown with escapes visible; --out - writes its exact bytes', async () => {
    const local = join(tempDir(), 'notes.txt')
    writeFileSync(local, `line 1\r\n${hostileText}\n`)
    const up = emulatorContext(fx)
    expect(await up.run(['files', 'upload', local, '--to', 'hostile/notes.txt'])).toBe(0)
    const t = emulatorContext(fx, { tty: true })
    expect(await t.run(['files', 'download', 'hostile/notes.txt'])).toBe(0)
    expectNoRawAttack(t.stdout())
    expect(t.stdout()).toMatch(/^line 1\n/)
    expectShown(t.stdout())
    const exact = emulatorContext(fx, { tty: true })
    expect(await exact.run(['files', 'download', 'hostile/notes.txt', '--out', '-'])).toBe(0)
    expect(exact.stdout()).toBe(`line 1\r\n${hostileText}\n`)
  })
})

describe('hostile text in the chat', () => {
  it('one-shot to a terminal: the answer (the model echoes it) is rendered with the escapes shown', async () => {
    const t = emulatorContext(fx, { tty: true })
    expect(await t.run(['chat', 'demo-assistant', '-m', `repeat ${hostileText}`])).toBe(0)
    expectNoRawAttack(t.stdout())
    expect(t.stdout()).toContain(hostile.title.shown)
    expect(t.stdout()).toContain(hostile.clipboard.shown)
    expect(t.stdout()).toContain(hostile.erase.shown)
    expect(t.stdout()).toContain(hostile.csi8.shown)
  })

  it('one-shot: tool-call lines on stderr show hostile arguments as text', async () => {
    const tools = join(tempDir(), 'tools.json')
    const tool = {
      type: 'function',
      function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    }
    writeFileSync(tools, JSON.stringify([tool]))
    const t = emulatorContext(fx, { tty: true })
    const message = `get weather ${JSON.stringify({ city: hostileText })}`
    // exit 5: no handler answered the call (docs/chat-output.md); the error names the tool, shown as text too
    expect(await t.run(['chat', 'demo-assistant', '--tools', tools, '-m', message])).toBe(5)
    expect(t.stderr()).toContain('→ get_weather(')
    expectNoRawAttack(t.stderr())
    expect(t.stderr()).toContain(hostile.csi8.shown)
  })
})
