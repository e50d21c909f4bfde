// Loads Node's built-in SQLite (node:sqlite, no native addon). Node 22 and 23 print "ExperimentalWarning: SQLite is
// an experimental feature" on first load (Node 24 does not); only that one warning is dropped, every other warning
// still prints.
import type * as Sqlite from 'node:sqlite'
import { CliError } from '../errors.js'

/** Is this the warning node:sqlite emits on load? */
export function isSqliteWarning(warning: string | Error, typeOrOptions: unknown): boolean {
  const text = typeof warning === 'string' ? warning : warning.message
  const kind =
    typeof warning !== 'string'
      ? warning.name
      : typeof typeOrOptions === 'string'
        ? typeOrOptions
        : (typeOrOptions as { type?: string } | undefined)?.type
  return kind === 'ExperimentalWarning' && /\bSQLite\b/i.test(text)
}

/** Runs `fn` with process.emitWarning dropping the node:sqlite ExperimentalWarning (and only that one). */
export async function withoutSqliteWarning<T>(fn: () => Promise<T>): Promise<T> {
  const original = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (isSqliteWarning(warning, rest[0])) return
    return (original as (...a: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return await fn()
  } finally {
    process.emitWarning = original
  }
}

/** The node:sqlite module, loaded on first use (commands that do not log never pay for it). */
export async function loadSqlite(): Promise<typeof Sqlite> {
  try {
    return await withoutSqliteWarning(() => import('node:sqlite'))
  } catch (err) {
    throw new CliError(`the local log needs node:sqlite (Node 22.19 or newer): ${(err as Error).message}`, {
      hint: 'upgrade Node, or turn the log off: agentry config set log off',
    })
  }
}
