// `agentry scenario sign`: the signature of stdin's exact bytes, for other tools (curl, a CI step, a test), computed
// by the same signer the client uses (service-interface 5.5: lowercase hex HMAC-SHA256 keyed by the secret).
import { Command } from 'commander'
import * as z from 'zod'
import { signBody } from '../../auth/hmac.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { readAllStdin } from '../../io/iostreams.js'
import { readArgFile } from '../data-arg.js'
import { examples, parseOptions } from '../shared.js'
import { withSecretFlagGuard } from './secret.js'
import { scenarioSecret, scenarioSecretEnv } from './signing.js'

/** Options of `scenario sign`. */
export const signOptionsSchema = z.object({
  secretFile: z.string().min(1, 'give a path').optional(),
  file: z.string().min(1, 'give a path').optional(),
})
export type SignOptions = z.infer<typeof signOptionsSchema>

/** The `scenario sign` command. */
export function scenarioSignCommand(ctx: Context): Command {
  const cmd = withSecretFlagGuard(
    new Command('sign')
      .description("Print the signature (lowercase hex HMAC-SHA256) of stdin's exact bytes")
      .option('--file <path>', 'sign this file instead of stdin')
      .option('--secret-file <path>', `file holding the signing secret (or env ${scenarioSecretEnv}, or the profile)`),
    scenarioSecretEnv,
  ).action(async (raw: Record<string, unknown>) => {
    await scenarioSign(parseOptions(signOptionsSchema, raw), ctx)
  })
  cmd.addHelpText('after', '\nThe bytes are signed as they are: no newline is added or removed.')
  return examples(cmd, [
    `printf '{"input":"hi"}' > body.json`,
    'sig=$(agentry scenario sign --file body.json)',
    'curl -H "X-Signature: $sig" -H "Content-Type: application/json" --data-binary @body.json "$URL/scenario/scn_1"',
  ])
}

/** Signs the bytes of --file or stdin with the scenario secret and prints the hex digest. */
export async function scenarioSign(opts: SignOptions, ctx: Context): Promise<void> {
  if (opts.file === undefined && ctx.io.stdinIsTTY)
    throw new UsageError('nothing to sign: stdin is a terminal', 'pipe the bytes in, or pass --file <path>')
  const bytes =
    opts.file !== undefined
      ? await readArgFile(opts.file, `--file ${opts.file}`)
      : await readAllStdin(ctx.io, 'the bytes to sign (stdin)')
  const secret = await scenarioSecret(ctx, opts.secretFile)
  await ctx.output().text(signBody(secret.value, bytes))
}
