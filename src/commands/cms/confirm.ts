// Destructive verbs ask on a terminal and need --yes otherwise (ARCHITECTURE.md "Verbs", "Prompts").
import type { Context } from '../../context.js'
import { CancelledError } from '../../errors.js'

/** Goes on when `yes` is set or the user confirms; otherwise a usage error (no terminal) or cancelled (said no). */
export async function confirmDestructive(ctx: Context, yes: boolean, question: string): Promise<void> {
  if (yes) return
  const prompter = await ctx.prompter('--yes')
  if (!(await prompter.confirm(question, { default: false }))) throw new CancelledError()
}
