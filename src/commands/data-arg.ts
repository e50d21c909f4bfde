// `--data <json|@file|->`: a JSON body given inline, from a file, or from stdin, checked before anything is sent; and
// the read of any file named by a flag (--data @file, --input-file, --file), with one error shape and a size limit
// (src/io/arg-file.ts: the service's 25 MiB body limit).
import { UsageError } from '../errors.js'
import { readArgFile, readArgText } from '../io/arg-file.js'
import { type IOStreams, readStdinText } from '../io/iostreams.js'

export { readArgFile }

/**
 * Reads the raw text of a --data value (inline, @file or - for stdin), at most `limit` bytes (the run's body limit);
 * any flag whose text may come from a file reads it so (`agents create --instructions @prompt.md`).
 */
export async function readDataText(value: string, io: IOStreams, flag: string, limit: number): Promise<string> {
  if (value === '-') {
    if (io.stdinIsTTY)
      throw new UsageError(
        `${flag} - reads stdin, but stdin is a terminal`,
        `pipe the JSON in: echo '{}' | agentry … ${flag} -`,
      )
    return readStdinText(io, `${flag} -`, limit)
  }
  if (value.startsWith('@')) {
    const path = value.slice(1)
    return readArgText(path, `${flag} @${path}`, limit)
  }
  return value
}

/**
 * Reads and parses a --data value as JSON, with an error that says where it is broken; `limit` is the run's body
 * limit (ctx.bodyLimit(): src/limits.ts, smaller in tests).
 */
export async function readDataJson(
  value: string,
  io: IOStreams,
  limit: number,
  flag = '--data',
): Promise<{ text: string; json: unknown }> {
  const text = await readDataText(value, io, flag, limit)
  try {
    return { text, json: JSON.parse(text) }
  } catch (err) {
    throw new UsageError(
      `${flag} is not valid JSON: ${(err as Error).message}`,
      `e.g. ${flag} '{"key":"value"}' or ${flag} @body.json`,
    )
  }
}
