// How a run is printed by `scenario run` and `webhook test`. Piped with no format asked for: the run's output text
// alone, as `llm` prints the answer (`agentry scenario run sc_1 --input hi | wc -w` counts the answer's words). On a
// terminal, or with -o table|tsv: one line a member, the run's own members as `execution.output`, … (never its JSON
// escaped inside a cell). With --json, -o json|ndjson|yaml or --jq: the answer as the service gave it.
import type { Execution } from '../api/schemas/index.js'
import type { Context } from '../context.js'
import { outputText } from '../sdk/scenarios.js'

/** Prints `answer` (an Execution, or an object holding one as `execution`) as the header says. */
export async function printRun(ctx: Context, answer: object, execution: Execution | null | undefined): Promise<void> {
  if (!ctx.outputChosen() && !ctx.io.stdoutIsTTY) {
    if (execution) await ctx.output().text(outputText(execution.output))
    return
  }
  const out = ctx.output()
  await out.item(out.format === 'table' || out.format === 'tsv' ? flatten(answer) : answer)
}

/** The members of `answer`, with those of its `execution` lifted as `execution.<member>` (the output as text). */
function flatten(answer: object): Record<string, unknown> {
  const flat: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(answer)) {
    if (k === 'output') flat[k] = outputText(v)
    else if (k === 'execution' && typeof v === 'object' && v !== null)
      for (const [m, w] of Object.entries(v)) flat[`execution.${m}`] = m === 'output' ? outputText(w) : w
    else flat[k] = v
  }
  return flat
}
