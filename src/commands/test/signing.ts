// The signing of each scenario target of a test file, found before the first run as `scenario run` finds it: the
// secret from the target's `secretEnv`, else --secret-file, AGENTRY_SCENARIO_SECRET or the profile; the header from
// the target's `signatureHeader`, else the profile or the scenario record. Under `--emulator` (the demo seed), a
// scenario with no secret given is signed with the emulator's published demo secret, so demo files run as they are.
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import type { Signing } from '../../evals/ask.js'
import type { PlannedCase, Target } from '../../evals/load.js'
import { scenarioSecret, signatureHeader } from '../../scenario/signing.js'

/** Signing by target id, for the scenario targets the cases use. */
export async function scenarioSigning(
  ctx: Context,
  file: string,
  cases: readonly PlannedCase[],
  secretFile: string | undefined,
): Promise<Map<string, Signing>> {
  const out = new Map<string, Signing>()
  for (const t of cases.flatMap((c) => c.targets)) {
    if (t.kind !== 'scenario' || out.has(t.id)) continue
    // a problem names the file's line of the target and the target, as a problem of the file does
    const where = `${file}:${t.line?.() ?? 1}: target ${t.id} (scenario ${t.ref})`
    let secret: string | undefined
    try {
      secret = (await givenSecret(ctx, t, secretFile)) ?? (await demoSecret(ctx, t.ref))
      if (secret === undefined && t.secretEnv === undefined) await scenarioSecret(ctx, secretFile) // throws "no signing secret"
    } catch (err) {
      if (err instanceof UsageError) throw new UsageError(`${where}: ${err.message}`, err.hint)
      throw err
    }
    if (secret === undefined)
      throw new UsageError(
        `${where}: ${t.secretEnv} holds no signing secret`,
        `set ${t.secretEnv} to scenario ${t.ref}'s secret`,
      )
    ctx.redactor.add(secret)
    const header = await signatureHeader(ctx, t.ref, t.signatureHeader)
    ctx.redactor.addHeader(header.name)
    out.set(t.id, { secret, signatureHeader: header.name })
  }
  return out
}

/** The secret the target's `secretEnv`, --secret-file, AGENTRY_SCENARIO_SECRET or the profile gives, if any. */
async function givenSecret(ctx: Context, t: Target, secretFile: string | undefined): Promise<string | undefined> {
  if (t.secretEnv !== undefined) return ctx.env[t.secretEnv]?.trim() || undefined
  try {
    return (await scenarioSecret(ctx, secretFile)).value
  } catch (err) {
    if (err instanceof UsageError && ctx.emulator) return undefined
    throw err
  }
}

/** Under --emulator: the published demo secret of a demo scenario (public demo data, printed by `emulator start`). */
async function demoSecret(ctx: Context, scenarioId: string): Promise<string | undefined> {
  if (!ctx.emulator) return undefined
  const { demoSecrets } = await import('../../emulator/seed-resources.js')
  return (demoSecrets.scenarios as Record<string, { secret: string } | undefined>)[scenarioId]?.secret
}
