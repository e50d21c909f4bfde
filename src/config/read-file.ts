// Reading agentry's own files (config, credentials, chat history, secret files): a missing file is undefined, broken
// JSON is an error naming the file, line and column, and a secrets file others can read is refused.
import { readFile, stat } from '../io/start-fs.js'
import { CliError, ExitCode } from '../errors.js'
import { jsonSyntaxError, lineColumn } from './json-locate.js'

/** Reads a file as text, or undefined when it does not exist. */
export async function readTextIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`, { hint: 'check the file permissions' })
  }
}

/**
 * Parses JSON, turning a syntax error into a CliError naming the file, line and column. The message is our own:
 * V8's quotes a piece of the text, which in credentials.json would be a secret.
 */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    const e = jsonSyntaxError(text) ?? { offset: 0, message: 'not valid JSON' }
    const { line, column } = lineColumn(text, e.offset)
    throw new CliError(`${file}:${line}:${column}: not valid JSON: ${e.message} (line ${line}, column ${column})`, {
      hint: 'fix or remove the file by hand (agentry never overwrites a broken file)',
    })
  }
}

/** Fails when a secrets file can be read by group or others. */
export async function assertPrivate(file: string): Promise<void> {
  // POSIX modes mean nothing on Windows, where the profile directory's ACL protects the file.
  if (process.platform === 'win32') return
  const st = await stat(file).catch(() => undefined)
  if (st && (st.mode & 0o077) !== 0) {
    throw new CliError(
      `${file} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); refusing to use it`,
      {
        exitCode: ExitCode.auth,
        hint: `run: chmod 600 ${file}`,
      },
    )
  }
}
