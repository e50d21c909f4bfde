// The flags of `scenario create` and `scenario edit` (the SDK's scenarios.create/update; docs/ui/scenarios: name
// 2–50 characters, description and instruction at most 5000), the body they make, and how the answer is printed:
// a generated signing secret is shown once, as a webhook's at creation.
import type { Scenario } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { headerNamePattern } from '../../scenario/signing.js'
import { readDataText } from '../data-arg.js'
import { maxChars } from '../max-chars.js'
import { nonEmpty } from '../non-empty.js'
import { choice, custom, text } from '../options.js'

/** `--name`: 2 to 50 characters. */
function scenarioName(name: string, flag: string): string {
  if (name.length < 2 || name.length > 50)
    throw new UsageError(`${flag}: must be 2 to 50 characters, e.g. --name "Summarize ticket"`)
  return name
}

/** `--signature-header`: an HTTP header name. */
export function headerName(value: string, flag: string): string {
  if (!headerNamePattern.test(value)) throw new UsageError(`${flag}: not an HTTP header name; e.g. X-Signature`)
  return value
}

/** The flags both verbs take (create makes --name, --instruction and --agent required). */
export const scenarioWriteOptions = {
  name: custom('--name <name>', 'its name, 2 to 50 characters', scenarioName),
  description: custom('--description <text>', 'what it is for, at most 5000 characters', maxChars(5000)),
  instruction: text(
    '--instruction <text|@file|->',
    'what the agent is told on each run: inline, @file, or - for stdin',
  ),
  agent: custom('--agent <agentId>', 'the agent that runs it (see: agentry agents list)', nonEmpty('give an agent id')),
  status: choice('--status <status>', 'enabled (runs) or disabled', ['enabled', 'disabled']),
  signatureHeader: custom(
    '--signature-header <name>',
    'the header signed runs carry (default X-Signature)',
    headerName,
  ),
}

type WriteFlags = { [K in keyof typeof scenarioWriteOptions]?: string | undefined }

/** The members the flags give (absent flags are left out: an edit changes only what is given). */
export async function scenarioBody(o: WriteFlags, ctx: Context) {
  const instruction =
    o.instruction === undefined
      ? undefined
      : await readDataText(o.instruction, ctx.io, '--instruction', ctx.bodyLimit())
  if (instruction !== undefined && instruction.length > 5000)
    throw new UsageError('--instruction: must be at most 5000 characters')
  return {
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.description !== undefined ? { description: o.description } : {}),
    ...(instruction !== undefined ? { instruction } : {}),
    ...(o.agent !== undefined ? { agentId: o.agent } : {}),
    ...(o.status !== undefined ? { enabled: o.status === 'enabled' } : {}),
    ...(o.signatureHeader !== undefined ? { signature_name: o.signatureHeader } : {}),
  }
}

/** Prints a scenario; a `signature_secret` it carries (a new one) is shown this once, and redacted from traces. */
export async function printScenario(ctx: Context, scenario: Scenario): Promise<void> {
  const secret = (scenario as { signature_secret?: unknown }).signature_secret
  if (typeof secret === 'string') ctx.redactor.add(secret)
  await ctx.output().item(scenario)
  if (typeof secret === 'string' && ctx.io.stdoutIsTTY)
    ctx.warn('the signing secret above is shown once; store it now (agentry scenario run reads it from a file)')
}
