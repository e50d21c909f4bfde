// The Prompter interface over @inquirer/prompts, loaded only when a command really asks something.
import { CancelledError } from '../errors.js'
import type { IOStreams } from './iostreams.js'
import { sanitize } from '../text/sanitize.js'

/** Questions a command may ask on a terminal. */
export interface Prompter {
  select<T extends string>(message: string, choices: { name: string; value: T; description?: string }[]): Promise<T>
  input(message: string, opts?: { default?: string }): Promise<string>
  password(message: string): Promise<string>
  confirm(message: string, opts?: { default?: boolean }): Promise<boolean>
}

/** Ctrl-C inside a prompt: exit 130 (ARCHITECTURE.md "Prompts"). */
function cancelled(err: unknown): never {
  if (err instanceof Error && err.name === 'ExitPromptError') throw new CancelledError()
  throw err
}

/** The real prompter, writing to stderr so stdout stays data only. */
export async function inquirerPrompter(io: IOStreams): Promise<Prompter> {
  const p = await import('@inquirer/prompts')
  const ctx = { input: io.stdin, output: io.stderr as NodeJS.WritableStream, clearPromptOnDone: false }
  return {
    // choices are often the server's names and descriptions: shown, never obeyed (sanitize.ts)
    select: (message, choices) =>
      p
        .select(
          {
            message: sanitize(message),
            choices: choices.map((c) => ({
              ...c,
              name: sanitize(c.name),
              ...(c.description !== undefined ? { description: sanitize(c.description) } : {}),
            })),
          },
          ctx,
        )
        .catch(cancelled),
    input: (message, opts) =>
      p.input({ message, ...(opts?.default ? { default: opts.default } : {}) }, ctx).catch(cancelled),
    password: (message) => p.password({ message, mask: '*' }, ctx).catch(cancelled),
    confirm: (message, opts) => p.confirm({ message, default: opts?.default ?? false }, ctx).catch(cancelled),
  }
}
