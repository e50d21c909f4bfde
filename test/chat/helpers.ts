// Helpers of the chat tests (the emulator: test/helpers/emulator.ts): an in-process Context pointed at it (fake IO, a temp config dir),
// a tiny custom server for streams the emulator does not produce, and small file fixtures.
import { writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { onTestFinished } from 'vitest'
import type { ChatEvent } from '../../src/chat/session.js'
import { type ChatOptions, chatOptions } from '../../src/commands/chat/options.js'
import type { RawValue } from '../../src/commands/options.js'
import { Context } from '../../src/context.js'
import type { Emulator } from '../../src/emulator/index.js'
import { createIO } from '../../src/io/iostreams.js'
import { tempDir } from '../helpers/temp-dir.js'

/** Writes a file in a temp dir and returns its path. */
export function tempFile(name: string, content: string | Uint8Array): string {
  const path = join(tempDir(), name)
  writeFileSync(path, content)
  return path
}

/** An in-process Context aimed at a base URL, with captured stderr. */
export function chatContext(baseUrl: string, account: string, key: string, env: Record<string, string> = {}) {
  const err: string[] = []
  const out: string[] = []
  const sink = (chunks: string[]) => ({
    isTTY: false,
    write(c: string | Uint8Array) {
      chunks.push(typeof c === 'string' ? c : Buffer.from(c).toString('utf8'))
      return true
    },
  })
  const fullEnv = {
    AGENTRY_BASE_URL: baseUrl,
    AGENTRY_ACCOUNT: account,
    AGENTRY_API_KEY: key,
    AGENTRY_CONFIG_DIR: tempDir(),
    NO_COLOR: '1',
    ...env,
  }
  const io = createIO({ stdin: Readable.from([]) as never, stdout: sink(out), stderr: sink(err), env: fullEnv })
  const ctx = new Context({ io, env: fullEnv })
  onTestFinished(() => ctx.cleanup())
  return { ctx, stderr: () => err.join(''), stdout: () => out.join('') }
}

/** A Context for the emulator. */
export function emuContext(emu: Emulator, env: Record<string, string> = {}) {
  return chatContext(emu.baseUrl, emu.accountId, emu.demoApiKey, env)
}

/** Collects every event of an iterable. */
export async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = []
  for await (const e of events) out.push(e)
  return out
}

/** The text of a list of events, joined. */
export const textOf = (events: ChatEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('')

/** A server that answers every request with `handler`; returns its base URL. */
export async function customServer(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ baseUrl: string; requests: { url: string; body: string }[] }> {
  const requests: { url: string; body: string }[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => {
      body += d
    })
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body })
      handler(req, res, body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  onTestFinished(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  )
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1beta`, requests }
}

/** `chat`'s options as its declaration parses them from commander's raw values (`{ stdin: false }` is --no-stdin). */
export function chatOpts(raw: Partial<Record<keyof typeof chatOptions, RawValue>> = {}): ChatOptions {
  const entries = Object.entries(chatOptions).map(([k, o]) => [k, o.parse(raw[k as keyof typeof raw], o.flags)])
  return Object.fromEntries(entries) as ChatOptions
}
