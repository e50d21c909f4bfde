// The input of `scenario run`: exactly one of --input, --input-file or piped stdin (service-interface 4.4: the body
// is `{input: string}`).
import { UsageError } from '../../errors.js'
import { type IOStreams, readAllStdin } from '../../io/iostreams.js'
import { readArgText } from '../../io/arg-file.js'
import { decodeUtf8 } from '../../io/utf8-text.js'

/** The raw input options. */
export interface InputOptions {
  input?: string | undefined
  inputFile?: string | undefined
}

const noInput = (why: string) =>
  new UsageError(`no input for the scenario: ${why}`, 'pass --input <text>, --input-file <path>, or pipe it on stdin')

/**
 * Reads the run's input text; a usage error when there is none or more than one source. `limit` is the run's body
 * limit (ctx.bodyLimit()), what --input-file may hold.
 */
export async function readRunInput(opts: InputOptions, io: IOStreams, limit: number): Promise<string> {
  if (opts.input !== undefined && opts.inputFile !== undefined)
    throw new UsageError('--input and --input-file are both given', 'pass only one of them')
  if (opts.input !== undefined) return opts.input
  if (opts.inputFile !== undefined && opts.inputFile !== '-')
    return readArgText(opts.inputFile, `--input-file ${opts.inputFile}`, limit)
  if (io.stdinIsTTY)
    throw noInput(opts.inputFile === '-' ? '--input-file - reads stdin, which is a terminal' : 'none given')
  const bytes = await readAllStdin(io, 'the run input (stdin)')
  // Empty stdin is what a CI step gets when nothing was piped; an empty input on purpose is `--input ''`.
  if (bytes.length === 0) throw noInput('stdin is empty')
  return decodeUtf8(bytes, 'the run input (stdin)')
}
