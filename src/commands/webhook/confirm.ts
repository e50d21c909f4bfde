// Destructive verbs ask on a terminal and need --yes otherwise (ARCHITECTURE.md "Verbs", "Prompts"). Shared by the
// delete verbs of webhooks, schedules and API keys.
import type { Context } from '../../context.js'
import { CancelledError } from '../../errors.js'

/** Asks `question` unless --yes; without a terminal, ctx.prompter's usage error names --yes. */
export async function confirmDelete(ctx: Context, yes: boolean | undefined, question: string): Promise<void> {
  if (yes) return
  const prompter = await ctx.prompter('--yes')
  if (!(await prompter.confirm(question, { default: false }))) throw new CancelledError('not deleted')
}
