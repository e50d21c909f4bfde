// The signing of each scenario target of a test file, found before the first run as `scenario run` finds it: the
// secret from the target's `secretEnv`, else --secret-file, AGENTRY_SCENARIO_SECRET or the profile; the header from
// the target's `signatureHeader`, else the profile or the scenario record.
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import type { Signing } from '../../evals/ask.js'
import type { PlannedCase } from '../../evals/load.js'
import { scenarioSecret, signatureHeader } from '../scenario/signing.js'

/** Signing by target id, for the scenario targets the cases use. */
export async function scenarioSigning(
  ctx: Context,
  cases: readonly PlannedCase[],
  secretFile: string | undefined,
): Promise<Map<string, Signing>> {
  const out = new Map<string, Signing>()
  for (const t of cases.flatMap((c) => c.targets)) {
    if (t.kind !== 'scenario' || out.has(t.id)) continue
    let secret: string
    if (t.secretEnv !== undefined) {
      secret = ctx.env[t.secretEnv]?.trim() ?? ''
      if (!secret)
        throw new UsageError(
          `target ${t.id}: ${t.secretEnv} holds no signing secret`,
          `set ${t.secretEnv} to scenario ${t.ref}'s secret`,
        )
      ctx.redactor.add(secret)
    } else secret = (await scenarioSecret(ctx, secretFile)).value
    const header = await signatureHeader(ctx, t.ref, t.signatureHeader)
    ctx.redactor.addHeader(header.name)
    out.set(t.id, { secret, signatureHeader: header.name })
  }
  return out
}
