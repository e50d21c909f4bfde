// The flags of `agents create` and `agents edit` (the official CLI's `agents create <name>`), and the body they make:
// `--instructions` is the agent's system prompt, inline, from @file or - (stdin).
import type { Context } from '../../context.js'
import { maxChars } from '../max-chars.js'
import { nonEmpty } from '../non-empty.js'
import { custom, text } from '../options.js'

/** The flags both verbs take. */
export const agentWriteOptions = {
  description: custom('--description <text>', 'what the agent is for, at most 1000 characters', maxChars(1000)),
  instructions: text(
    '--instructions <text|@file|->',
    'its instructions (system prompt): inline, @file, or - for stdin',
  ),
  model: custom('--model <modelId>', 'the model it runs on (see: agentry models list)', nonEmpty('give a model id')),
}

/** The members the flags give (absent flags are left out: an edit changes only what is given). */
export async function agentBody(
  o: { description?: string | undefined; instructions?: string | undefined; model?: string | undefined },
  ctx: Context,
): Promise<{ description?: string; systemPrompt?: string; model?: string }> {
  // the file reader loads only when an edit gives instructions: `agents list`, of the same chunk, never loads it
  const systemPrompt =
    o.instructions === undefined
      ? undefined
      : await (await import('../data-arg.js')).readDataText(o.instructions, ctx.io, '--instructions', ctx.bodyLimit())
  return {
    ...(o.description !== undefined ? { description: o.description } : {}),
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(o.model !== undefined ? { model: o.model } : {}),
  }
}
