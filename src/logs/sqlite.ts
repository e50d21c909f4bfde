// Loads Node's built-in SQLite (node:sqlite, no native addon). Node 22 and 23 print "ExperimentalWarning: SQLite is
// an experimental feature" on first load; only that one warning is dropped, every other warning still prints.
import type * as Sqlite from 'node:sqlite'
import { CliError } from '../errors.js'

/** The node:sqlite module, loaded on first use (commands that do not log never pay for it). */
export async function loadSqlite(): Promise<typeof Sqlite> {
  const original = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type
    const kind = typeof warning === 'string' ? type : warning.name
    if (kind === 'ExperimentalWarning' && /SQLite/i.test(text)) return
    return (original as (...a: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return await import('node:sqlite')
  } catch (err) {
    throw new CliError(`the local log needs node:sqlite (Node 22.13 or newer): ${(err as Error).message}`, {
      hint: 'upgrade Node, or turn the log off: agentry config set log off',
    })
  } finally {
    process.emitWarning = original
  }
}
