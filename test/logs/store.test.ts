// The log database (src/logs/): migrations counted in user_version, the store's reads and writes, the FTS5 query
// built from the user's words, the recorder's scrubbing, and the node:sqlite warning filter.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage, ChatSession } from '../../src/chat/session.js'
import { migrate, migrations, openLogDb } from '../../src/logs/db.js'
import { ConversationRecorder, historyFromLog, safeBaseUrl } from '../../src/logs/recorder.js'
import { isSqliteWarning, withoutSqliteWarning } from '../../src/logs/sqlite.js'
import { ftsQuery, LogStore } from '../../src/logs/store.js'
import { tempDir } from '../helpers/temp-dir.js'

const opened: { close(): void }[] = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

async function store() {
  const file = join(tempDir(), 'state', 'logs.db')
  const db = await openLogDb(file)
  opened.push(db)
  return { file, db, store: new LogStore(db) }
}

const session = (history: ChatMessage[], over: Partial<ChatSession> = {}) =>
  ({ agentId: 'ag_1', chatId: undefined, system: undefined, history, ...over }) as unknown as ChatSession

/** A message row as the chat logger appends it. */
const row = (role: string, content: string, at = '2026-01-01', totalTokens: number | null = null) => ({
  role,
  content,
  body: JSON.stringify({ role, content }),
  request_id: null,
  finish_reason: null,
  prompt_tokens: null,
  completion_tokens: null,
  total_tokens: totalTokens,
  created_at: at,
})

describe('log database', () => {
  it('is created 0600, migrated to the last version, and a second open changes nothing', async () => {
    const { file, db } = await store()
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length })
    expect(String((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode)).toBe('wal')
    migrate(db)
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length })
  })

  it('refuses a file written by a newer schema, naming both versions', async () => {
    const { file, db } = await store()
    db.exec(`PRAGMA user_version = ${migrations.length + 1}`)
    db.close()
    opened.length = 0
    const n = migrations.length
    await expect(openLogDb(file)).rejects.toThrow(`newer agentry (schema ${n + 1}, this one knows ${n})`)
  })

  it('waits out a log another process holds while it opens (SQLite said "database is locked"), then sets it up', async () => {
    const file = join(tempDir(), 'logs.db')
    const { DatabaseSync } = await import('node:sqlite')
    const holder = new DatabaseSync(file, { timeout: 0 })
    holder.exec('CREATE TABLE held (x); BEGIN IMMEDIATE; INSERT INTO held VALUES (1)')
    const other = new DatabaseSync(file, { timeout: 0 })
    let tries = 0
    const db = await openLogDb(file, (db) => {
      tries++
      // the other process's write lock: a real SQLITE_BUSY, released once it has been seen
      if (tries === 1) {
        setTimeout(() => holder.exec('COMMIT'), 20)
        other.exec('BEGIN IMMEDIATE')
      }
      db.exec('PRAGMA journal_mode = WAL')
      migrate(db)
    })
    opened.push(db, holder, other)
    expect(tries).toBeGreaterThan(1)
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length })
  })

  it('does not retry what is not a lock: the set-up error is said at once', async () => {
    const file = join(tempDir(), 'state', 'logs.db')
    let tries = 0
    const failing = openLogDb(file, () => {
      tries++
      throw Object.assign(new Error('disk I/O error'), { errcode: 10 })
    })
    await expect(failing).rejects.toThrow(`the local log ${file} cannot be used: disk I/O error`)
    expect(tries).toBe(1)
  })

  it('appends in order, titles with the first user text, lists newest first, truncates, searches with snippets', async () => {
    const { store: s } = await store()
    const a = s.create({ agent_id: 'ag_1', chat_id: null, profile: 'p', base_url: null, system: null }, '2026-01-01')
    s.append(a, [row('user', 'the  quick\nbrown fox', '2026-01-01'), row('assistant', 'jumps', '2026-01-02', 7)])
    const b = s.create({ agent_id: 'ag_2', chat_id: 'ch', profile: 'p', base_url: null, system: null }, '2026-01-03')
    s.append(b, [row('user', 'lazy dog', '2026-01-03')])
    expect(s.list(10).map((c) => [c.id, c.title, c.messages])).toEqual([
      [b, 'lazy dog', 1],
      [a, 'the quick brown fox', 2],
    ])
    expect(s.list(10, 'ag_1').map((c) => c.total_tokens)).toEqual([7])
    expect(s.search('quick', 10).map((h) => h.snippet)).toEqual(['the  [quick]\nbrown fox'])
    expect(s.search('bro*', 10).map((h) => h.conversation_id)).toEqual([a])
    s.truncate(a, 1)
    expect(s.messages(a).map((m) => m.content)).toEqual(['the  quick\nbrown fox'])
    expect(s.search('jumps', 10)).toEqual([])
    expect(s.hasAgent('ag_2')).toBe(true)
    expect(s.clear()).toBe(2)
    expect(s.list(10)).toEqual([])
  })

  it('indexes the first 65,536 characters of a message: found by a word there, kept whole, deleted cleanly', async () => {
    const { db, store: s } = await store()
    const long = `early ${'x'.repeat(70_000)} late`
    const c = s.create({ agent_id: 'ag_1', chat_id: null, profile: null, base_url: null, system: null }, '2026-01-01')
    s.append(c, [row('user', 'a question'), row('assistant', long)])
    expect(s.search('early', 10).map((h) => [h.seq, h.snippet.startsWith('[early]')])).toEqual([[2, true]])
    // documented (docs/chat-output.md, `logs search`): a word only past the indexed part is not found
    expect(s.search('late', 10)).toEqual([])
    expect(s.messages(c)[1]?.content).toBe(long)
    s.truncate(c, 1)
    expect(s.search('early', 10)).toEqual([])
    expect(() => db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`)).not.toThrow()
    s.append(c, [row('assistant', long)])
    expect(s.search('early', 10)).toHaveLength(1)
  })

  it('brings a log up to date in one transaction: a migration that fails leaves it as it was', async () => {
    const file = join(tempDir(), 'old.db')
    const { DatabaseSync } = await import('node:sqlite')
    const old = new DatabaseSync(file)
    old.exec(`${migrations[0]}; PRAGMA user_version = 1;`)
    old.close()
    migrations.push('CREATE TABLE broken (')
    try {
      await expect(openLogDb(file)).rejects.toThrow(/cannot be used/)
    } finally {
      migrations.pop()
    }
    const after = new DatabaseSync(file)
    opened.push(after)
    expect(after.prepare('PRAGMA user_version').get()).toEqual({ user_version: 1 })
    // migration 3 (its column) was rolled back with the one that failed after it
    const columns = after.prepare('SELECT name FROM pragma_table_info(?)').all('messages') as { name: string }[]
    expect(columns.map((c) => c.name)).not.toContain('partial')
  })

  it('migrates a schema-1 log (messages indexed whole) to the prefix index, its rows kept and searchable', async () => {
    const file = join(tempDir(), 'old.db')
    const { DatabaseSync } = await import('node:sqlite')
    const old = new DatabaseSync(file)
    old.exec(`${migrations[0]}; PRAGMA user_version = 1;`)
    old.exec(`INSERT INTO conversations (id, agent_id, created_at, updated_at) VALUES ('c1', 'ag_1', 'x', 'x')`)
    const insert = old.prepare(
      `INSERT INTO messages (conversation_id, seq, role, content, body, created_at) VALUES ('c1', ?, ?, ?, '{}', 'x')`,
    )
    insert.run(1, 'user', 'short words')
    insert.run(2, 'assistant', `early ${'y'.repeat(70_000)} late`)
    expect(old.prepare(`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'late'`).get()).toEqual({
      n: 1,
    })
    old.close()
    const db = await openLogDb(file)
    opened.push(db)
    const s = new LogStore(db)
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length })
    expect(s.search('short', 10).map((h) => h.seq)).toEqual([1])
    expect(s.search('early', 10).map((h) => h.seq)).toEqual([2])
    expect(s.search('late', 10)).toEqual([])
    // the delete trigger removes exactly what the migration indexed: the index stays sound
    s.truncate('c1', 0)
    expect(() => db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`)).not.toThrow()
    expect(s.search('early', 10)).toEqual([])
  })

  it('quotes every word for FTS5, keeping a trailing * as a prefix search', () => {
    expect(ftsQuery('rate limit')).toBe('"rate" "limit"')
    expect(ftsQuery('say "hi" NEAR(x) dep*')).toBe('"say" """hi""" "NEAR(x)" "dep"*')
    expect(ftsQuery('  * ')).toBe('')
  })
})

describe('recorder', () => {
  it('logs the history before its first message, scrubs secrets and local images, and follows retry and /new', async () => {
    const { store: s } = await store()
    const warn = vi.fn()
    const rec = new ConversationRecorder({
      store: s,
      info: { profile: 'default', baseUrl: 'https://user:pw@host.example/api/v1beta?token=t#x' },
      redact: (t) => t.replaceAll('agk_secret', '[REDACTED]'),
      warn,
      now: () => Date.UTC(2026, 0, 1),
    })
    const earlier: ChatMessage[] = [
      { role: 'user', content: 'from a transcript' },
      { role: 'assistant', content: 'ok' },
    ]
    const msg: ChatMessage = {
      role: 'user',
      content: [
        { type: 'text', text: 'key agk_secret here' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        { type: 'image_url', image_url: { url: 'https://img.example/a.png' } },
      ],
    }
    const answer: ChatMessage = { role: 'assistant', content: 'fine' }
    rec.record(session([...earlier, msg]), [{ message: msg }])
    // nothing is written until an answer arrives (issue 22 item 13)
    expect(rec.conversationId).toBeUndefined()
    const history = [...earlier, msg, answer]
    rec.record(session(history), [{ message: answer, meta: { partial: true } }])
    const id = rec.conversationId!
    const conv = s.get(id)!
    expect(conv.base_url).toBe('https://host.example/api/v1beta')
    const rows = s.messages(id)
    expect(rows.map((r) => r.content)).toEqual([
      'from a transcript',
      'ok',
      'key [REDACTED] here\n[image]\n[image]',
      'fine',
    ])
    expect(rows.map((r) => r.partial)).toEqual([0, 0, 0, 1])
    expect(rows[2]?.body).not.toContain('agk_secret')
    expect(rows[2]?.body).not.toContain('data:')
    expect(rows[2]?.body).toContain('https://img.example/a.png')
    expect(rec.saved(session(history))).toBe(true)
    expect(rec.saved(session([...history, { role: 'assistant', content: 'x' }]))).toBe(false)
    expect(historyFromLog(rows)).toHaveLength(4)
    rec.truncate(session(history), 2)
    expect(s.messages(id)).toHaveLength(2)
    rec.record(session([...earlier, msg, answer], { system: 'be brief' }), [{ message: msg }, { message: answer }])
    expect(s.get(id)?.system).toBe('be brief')
    rec.restart()
    expect([rec.conversationId, rec.lastConversationId]).toEqual([undefined, id])
    rec.record(session([msg]), [{ message: msg }])
    expect(rec.conversationId).toBeUndefined()
    rec.record(session([msg, answer]), [{ message: answer }])
    expect(rec.conversationId).not.toBe(id)
    expect(rec.lastConversationId).toBe(rec.conversationId)
    expect(warn).not.toHaveBeenCalled()
    expect(safeBaseUrl('not a url')).toBeNull()
  })

  it('stores a text that is the whole content once: the body says "content": null, and reads give it back whole', async () => {
    const { db, store: s } = await store()
    const rec = new ConversationRecorder({
      store: s,
      info: { profile: undefined, baseUrl: undefined },
      redact: (t) => t.replaceAll('agk_secret', '[REDACTED]'),
      warn: vi.fn(),
      now: Date.now,
    })
    const answer = `a long answer ${'z'.repeat(10_000)} agk_secret`
    const call = { id: 'c1', type: 'function' as const, function: { name: 'f', arguments: '{}' } }
    const history: ChatMessage[] = [
      { role: 'user', content: 'question' },
      { role: 'assistant', content: answer },
      { role: 'assistant', content: '', tool_calls: [call] },
      { role: 'tool', content: 'result', tool_call_id: 'c1', name: 'f' },
    ]
    rec.record(
      session(history),
      history.map((message) => ({ message })),
    )
    const stored = db.prepare('SELECT body FROM messages ORDER BY seq').all() as { body: string }[]
    expect(stored.map((r) => JSON.parse(r.body).content)).toEqual([null, null, '', null])
    expect(stored[1]!.body.length).toBeLessThan(100)
    const rows = s.messages(rec.conversationId!)
    const redacted = answer.replace('agk_secret', '[REDACTED]')
    expect(rows.map((r) => JSON.parse(r.body))).toEqual([
      history[0],
      { role: 'assistant', content: redacted },
      history[2],
      history[3],
    ])
    // the members keep their order (logs show --json prints the body as it is)
    expect(Object.keys(JSON.parse(rows[3]!.body))).toEqual(['role', 'content', 'tool_call_id', 'name'])
    expect(historyFromLog(rows)[1]).toEqual({ role: 'assistant', content: redacted })
  })

  it('warns once and keeps the chat going when the log cannot be written', async () => {
    const { store: s, db } = await store()
    const warn = vi.fn()
    const rec = new ConversationRecorder({
      store: s,
      info: { profile: undefined, baseUrl: undefined },
      redact: (t) => t,
      warn,
      now: Date.now,
    })
    db.close()
    opened.length = 0
    const m: ChatMessage = { role: 'assistant', content: 'hi' }
    rec.record(session([m]), [{ message: m }])
    rec.record(session([m, m]), [{ message: m }])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/^the local log was not written: /)
    expect(rec.saved(session([m]))).toBe(false)
  })
})

describe('node:sqlite warning filter', () => {
  it('drops only the SQLite ExperimentalWarning; other warnings still reach process.emitWarning', async () => {
    expect(
      isSqliteWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning'),
    ).toBe(true)
    expect(isSqliteWarning('SQLite is an experimental feature', { type: 'ExperimentalWarning' })).toBe(true)
    expect(isSqliteWarning('Fetch is an experimental feature', 'ExperimentalWarning')).toBe(false)
    expect(isSqliteWarning('SQLite thing', 'DeprecationWarning')).toBe(false)
    const seen: string[] = []
    const original = process.emitWarning
    process.emitWarning = ((w: string) => {
      seen.push(w)
    }) as typeof process.emitWarning
    try {
      await withoutSqliteWarning(async () => {
        process.emitWarning('SQLite is an experimental feature', 'ExperimentalWarning')
        process.emitWarning('something else', 'DeprecationWarning')
      })
      process.emitWarning('SQLite is an experimental feature', 'ExperimentalWarning')
    } finally {
      process.emitWarning = original
    }
    expect(seen).toEqual(['something else', 'SQLite is an experimental feature'])
  })
})
