// How `agentry connect --handler <command>` becomes a program and its arguments: no shell ever runs it
// (docs/connect.md "The handler"). The words are split as chat's `--mcp` splits a server's command line
// (src/io/command-line.ts: POSIX word splitting, quotes and backslashes, nothing expanded), and an unquoted
// | & ; < > ( ) $ ` is refused: a user who wrote one meant a shell. Put the pipeline in a script, or name the shell.
import { UsageError } from '../errors.js'
import { splitCommandLine } from '../io/command-line.js'

const hint =
  'put pipelines and redirections in a script (--handler ./handler.sh), or name the shell yourself: --handler "sh -c \'tr a-z A-Z | head -c 100\'"'

/** The program and its arguments, or a usage error naming what is wrong. */
export function splitCommand(command: string): string[] {
  return splitCommandLine(command, `--handler ${JSON.stringify(command)}`, {
    hint,
    operator: (op) =>
      new UsageError(
        `--handler ${JSON.stringify(command)}: the unquoted ${op} is a shell operator, and the handler runs without a shell`,
        hint,
      ),
  })
}
