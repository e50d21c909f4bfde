// The log database: opened private (0600, in a 0700 directory), WAL with a busy timeout so parallel chats can all
// write (https://sqlite.org/wal.html), secure_delete so `logs clear` overwrites what it deletes, and the schema
// brought up to date by one ordered list of migrations counted in PRAGMA user_version.
import { chmod, mkdir, open, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { DatabaseSync } from 'node:sqlite'
import { CliError } from '../errors.js'
import { loadSqlite } from './sqlite.js'

/**
 * The schema, one migration a version: entry i takes user_version i to i+1. Append only; never edit a shipped one.
 * messages.body is the wire message (service-interface 2.1) as JSON, from which a stateless history is rebuilt;
 * messages.content is its text, indexed by FTS5 (external content, kept in step by triggers). Since schema 2 a
 * message whose text is its whole content has `"content": null` in its body (the text is stored once, in content;
 * LogStore.messages fills it back in), and only the first 65,536 characters of each message are indexed (the
 * content table keeps all of it): FTS5 builds a row's whole index in memory, so one 2 MB answer cost ~50 MB of RSS
 * and ~0.5 s (bench/stream.mjs with the log on).
 * Both triggers index the same prefix — an external-content 'delete' must be given exactly what was indexed — and
 * 'rebuild' must never be used, since it would index each row whole from the content table.
 */
export const migrations: string[] = [
  `CREATE TABLE conversations (
     id TEXT PRIMARY KEY,
     agent_id TEXT NOT NULL,
     chat_id TEXT,
     profile TEXT,
     base_url TEXT,
     system TEXT,
     title TEXT NOT NULL DEFAULT '',
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE INDEX conversations_updated ON conversations (updated_at);
   CREATE TABLE messages (
     id INTEGER PRIMARY KEY,
     conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     role TEXT NOT NULL,
     content TEXT NOT NULL,
     body TEXT NOT NULL,
     request_id TEXT,
     finish_reason TEXT,
     prompt_tokens INTEGER,
     completion_tokens INTEGER,
     total_tokens INTEGER,
     created_at TEXT NOT NULL,
     UNIQUE (conversation_id, seq)
   );
   CREATE VIRTUAL TABLE messages_fts USING fts5 (content, content = 'messages', content_rowid = 'id');
   CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
     INSERT INTO messages_fts (rowid, content) VALUES (new.id, new.content);
   END;
   CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN
     INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.id, old.content);
   END;`,
  // 2: index the first 65,536 characters of a message, and bodies may say `"content": null` (see above); what was
  // indexed whole is indexed again as a prefix
  `DROP TRIGGER messages_ai;
   DROP TRIGGER messages_ad;
   CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
     INSERT INTO messages_fts (rowid, content) VALUES (new.id, substr(new.content, 1, 65536));
   END;
   CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN
     INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.id, substr(old.content, 1, 65536));
   END;
   INSERT INTO messages_fts (messages_fts) VALUES ('delete-all');
   INSERT INTO messages_fts (rowid, content) SELECT id, substr(content, 1, 65536) FROM messages;`,
  // 3: an answer cut short (--timeout, Ctrl-C, a dropped connection) is kept, marked partial (never lost)
  `ALTER TABLE messages ADD COLUMN partial INTEGER NOT NULL DEFAULT 0`,
]

/** How long opening the log retries while SQLite says it is busy: as long as its busy timeout waits for a lock. */
const busyWaitMs = 5000

/** Whether SQLite refused because another connection holds the file (SQLITE_BUSY or SQLITE_LOCKED, any extension). */
function isBusy(err: unknown): boolean {
  const code = (err as { errcode?: unknown } | null)?.errcode
  return typeof code === 'number' && ((code & 0xff) === 5 || (code & 0xff) === 6)
}

/** The log's settings and schema: WAL, foreign keys, secure_delete, then the migrations. */
function setUp(db: DatabaseSync): void {
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;')
  migrate(db)
}

/**
 * Opens (creating if needed) the log at `file` and migrates it. Parallel chats opening a new log at once can be told
 * "database is locked" without SQLite's busy timeout being waited (seen with 4 parallel chats on a loaded machine), so
 * the set-up is tried again after a short pause until `busyWaitMs` has passed. `prepare` is the set-up (tests
 * replace it).
 */
export async function openLogDb(file: string, prepare: (db: DatabaseSync) => void = setUp): Promise<DatabaseSync> {
  const { DatabaseSync } = await loadSqlite()
  let db: DatabaseSync
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 })
    await createPrivate(file)
    db = new DatabaseSync(file, { timeout: busyWaitMs })
  } catch (err) {
    throw new CliError(`the local log ${file} cannot be opened: ${(err as Error).message}`, {
      hint: 'set AGENTRY_STATE_DIR to a writable directory, or turn the log off: agentry config set log off',
    })
  }
  const started = Date.now()
  for (;;) {
    try {
      prepare(db)
      return db
    } catch (err) {
      if (isBusy(err) && Date.now() - started < busyWaitMs) {
        await sleep(10 + Math.random() * 40)
        continue
      }
      db.close()
      throw new CliError(`the local log ${file} cannot be used: ${(err as Error).message}`, {
        hint: 'move it away, or turn the log off: agentry config set log off',
      })
    }
  }
}

/** The file's schema version (PRAGMA user_version). */
function schemaVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)
}

/** Refuses a log written by a newer agentry. */
function checkKnown(version: number): void {
  if (version > migrations.length)
    throw new Error(`it was written by a newer agentry (schema ${version}, this one knows ${migrations.length})`)
}

/**
 * Applies the migrations past the file's user_version, in order, in one transaction: a new log (or an old one) is
 * brought up to date by one write to disk, and a failure leaves it as it was.
 */
export function migrate(db: DatabaseSync): void {
  const version = schemaVersion(db)
  checkKnown(version)
  if (version === migrations.length) return
  db.exec('BEGIN IMMEDIATE')
  try {
    // another process may have migrated while this one waited for the lock
    const now = schemaVersion(db)
    checkKnown(now)
    if (now < migrations.length)
      db.exec(`${migrations.slice(now).join(';\n')}; PRAGMA user_version = ${migrations.length};`)
    db.exec('COMMIT')
  } catch (err) {
    db.exec('ROLLBACK')
    throw err
  }
}

/** Creates the file with mode 0600 before SQLite does (it would use the umask), and narrows a wider one. */
async function createPrivate(file: string): Promise<void> {
  const fh = await open(file, 'a', 0o600)
  await fh.close()
  if (process.platform === 'win32') return
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    const st = await stat(f).catch(() => undefined)
    if (st && (st.mode & 0o077) !== 0) await chmod(f, 0o600)
  }
}
