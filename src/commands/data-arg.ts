// `--data <json|@file|->`: a JSON body given inline, from a file, or from stdin, checked before anything is sent.
import { readFile } from 'node:fs/promises'
import { UsageError } from '../errors.js'
import { type IOStreams, readAllStdin } from '../io/iostreams.js'

/** Reads the raw text of a --data value (inline, @file or - for stdin). */
export async function readDataText(value: string, io: IOStreams, flag = '--data'): Promise<string> {
  if (value === '-') {
    if (io.stdinIsTTY)
      throw new UsageError(
        `${flag} - reads stdin, but stdin is a terminal`,
        `pipe the JSON in: echo '{}' | agentry … ${flag} -`,
      )
    return (await readAllStdin(io)).toString('utf8')
  }
  if (value.startsWith('@')) {
    const path = value.slice(1)
    try {
      return await readFile(path, 'utf8')
    } catch (err) {
      throw new UsageError(
        `${flag} @${path}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      )
    }
  }
  return value
}

/** Reads and parses a --data value as JSON, with an error that says where it is broken. */
export async function readDataJson(
  value: string,
  io: IOStreams,
  flag = '--data',
): Promise<{ text: string; json: unknown }> {
  const text = await readDataText(value, io, flag)
  try {
    return { text, json: JSON.parse(text) }
  } catch (err) {
    throw new UsageError(
      `${flag} is not valid JSON: ${(err as Error).message}`,
      `e.g. ${flag} '{"key":"value"}' or ${flag} @body.json`,
    )
  }
}
