// --data-file (persistence.ts): state survives a restart; snapshots are atomic; a corrupt file is refused and kept.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEmulator, DataFileError } from '../../src/emulator/index.js'
import { collections, EmulatorState } from '../../src/emulator/state.js'
import { call, workspaceMessage, workspaceMessages } from './core-client.js'
import { pollUntil } from '../helpers/poll.js'
import { tempDir } from '../helpers/temp-dir.js'

const start = (dataFile: string) =>
  createEmulator({ port: 0, dataFile, scheduler: false, tokenDelayMs: 0, log: () => {} })

describe('persistence', () => {
  it('keeps chats and messages across a restart', async () => {
    const file = join(tempDir('agentry-emu-'), 'state.json')
    const first = await start(file)
    const chat = { id: crypto.randomUUID() }
    await call(first, 'POST', workspaceMessage('demo-assistant', chat.id), {
      body: { message: { role: 'user', content: 'remember me' } },
    })
    await first.close()
    const snapshot = JSON.parse(readFileSync(file, 'utf8'))
    expect(snapshot.version).toBe(1)

    const second = await start(file)
    try {
      const messages = await call(second, 'GET', workspaceMessages('demo-assistant', chat.id))
      expect(messages.status).toBe(200)
      expect(messages.json.data.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant'])
      expect(messages.json.data[0].content).toBe('remember me')
      // the demo agents came from the file, not from a new seed
      second.state.agents.delete('slow-poet')
    } finally {
      await second.close()
    }
    const third = await start(file)
    try {
      expect(third.state.agents.has('slow-poet')).toBe(false)
      expect(third.state.agents.has('demo-assistant')).toBe(true)
    } finally {
      await third.close()
    }
  })

  it('writes a snapshot soon after a change, leaving no temp file behind', async () => {
    const dir = tempDir('agentry-emu-')
    const file = join(dir, 'state.json')
    const emu = await start(file)
    try {
      await call(emu, 'POST', workspaceMessage('demo-assistant', crypto.randomUUID()), {
        body: { message: { role: 'user', content: 'debounced' } },
      })
      await pollUntil(() => readFileSafe(file).includes('debounced'), { timeoutMs: 3000, what: 'the snapshot' })
      expect(readdirSync(dir)).toEqual(['state.json'])
    } finally {
      await emu.close()
    }
  })

  it('refuses a corrupt data file with a clear error, and never overwrites it', async () => {
    const file = join(tempDir('agentry-emu-'), 'state.json')
    writeFileSync(file, '{"version": 1, "agents": [')
    const err = await start(file).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(DataFileError)
    expect((err as Error).message).toContain(file)
    expect((err as Error).message).toMatch(/not valid JSON/)
    expect(readFileSync(file, 'utf8')).toBe('{"version": 1, "agents": [')
    writeFileSync(file, '[1,2,3]')
    await expect(start(file)).rejects.toThrow(/not an emulator snapshot/)
  })

  it('declares every Map of the state as a persisted collection, except what lives only in memory', () => {
    // in-flight requests, counters, A2A tasks (running work) and signed file URLs live only in memory; the CMS's
    // nested maps are saved on their own
    const inMemory = ['inflight', 'counters', 'cms', 'a2aTasks', 'signedUrls']
    const maps = Object.entries(new EmulatorState())
      .filter(([, v]) => v instanceof Map)
      .map(([k]) => k)
      .filter((k) => !inMemory.includes(k))
    expect(maps.sort()).toEqual(Object.keys(collections).sort())
  })

  it('validates every collection of a snapshot, naming the record and member that is wrong', async () => {
    const file = join(tempDir('agentry-emu-'), 'state.json')
    const cases: [unknown, RegExp][] = [
      [{ chats: [{ id: 'c1', agentId: 'a' }] }, /chats\[0\]\.messages must be an array/],
      [{ webhooks: 'x' }, /webhooks must be an array/],
      [{ apiKeys: [null] }, /apiKeys\[0\] is null, not an object/],
      [{ files: [{ data: 'aGk=', contentType: 'text/plain' }] }, /files\[0\]\.path must be a non-empty string/],
      [{ cms: { posts: [{ id: 'r1', data: [] }] } }, /cms\.posts\[0\]\.data must be an object/],
    ]
    for (const [snapshot, message] of cases) {
      const text = JSON.stringify({ version: 1, ...(snapshot as object) })
      writeFileSync(file, text)
      const err = await start(file).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(err, text).toBeInstanceOf(DataFileError)
      expect((err as Error).message).toMatch(message)
      expect(readFileSync(file, 'utf8')).toBe(text)
    }
  })
})

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
