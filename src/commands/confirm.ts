// Destructive verbs ask on a terminal and need --yes otherwise (ARCHITECTURE.md "Verbs", "Prompts"). Shared by every
// delete verb: webhooks, schedules, API keys, CMS records, files and chat messages.
import type { Context } from '../context.js'
import { DeclinedError } from '../errors.js'

/**
 * Goes on when `yes` is set or the user confirms `question` (default no). Without a terminal, ctx.prompter's usage
 * error names --yes; a "no" is a DeclinedError: the note `refused` (default "not deleted") on stderr and exit 0, as
 * a declined question is a decision, not a failure (gh does the same).
 */
export async function confirmDestructive(
  ctx: Context,
  yes: boolean | undefined,
  question: string,
  refused?: string,
): Promise<void> {
  if (yes) return
  const prompter = await ctx.prompter('--yes')
  if (!(await prompter.confirm(question, { default: false }))) throw new DeclinedError(refused ?? 'not deleted')
}
