// `agentry scenario sign`: the signature of stdin's exact bytes, for other tools (curl, a CI step, a test), computed
// by the same signer the client uses (service-interface 5.5: lowercase hex HMAC-SHA256 keyed by the secret).
import { signBody } from '../../auth/hmac.js'
import { UsageError } from '../../errors.js'
import { readAllStdin } from '../../io/iostreams.js'
import { readArgFile } from '../data-arg.js'
import { defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom } from '../options.js'
import { secretFlagGuard } from '../secret-flag.js'
import { scenarioSecret, scenarioSecretEnv } from '../../scenario/signing.js'

export default defineCommand({
  path: ['scenario', 'sign'],
  summary: "Print the signature (lowercase hex HMAC-SHA256) of stdin's exact bytes",
  options: {
    // first: a secret on the command line is refused before anything else is read
    secret: secretFlagGuard(scenarioSecretEnv),
    file: custom('--file <path>', 'sign this file instead of stdin', nonEmpty('give a path')),
    secretFile: custom(
      '--secret-file <path>',
      `file holding the signing secret (or env ${scenarioSecretEnv}, or the profile)`,
      nonEmpty('give a path'),
    ),
  },
  examples: [
    `printf '{"input":"hi"}' > body.json`,
    'sig=$(agentry scenario sign --file body.json)',
    'curl -H "X-Signature: $sig" -H "Content-Type: application/json" --data-binary @body.json "$URL/scenario/scn_1"',
  ],
  helpAfter: '\nThe bytes are signed as they are: no newline is added or removed.',
  run: async ({ file, secretFile }, ctx) => {
    if (file === undefined && ctx.io.stdinIsTTY)
      throw new UsageError('nothing to sign: stdin is a terminal', 'pipe the bytes in, or pass --file <path>')
    const bytes =
      file !== undefined
        ? await readArgFile(file, `--file ${file}`, ctx.bodyLimit())
        : await readAllStdin(ctx.io, 'the bytes to sign (stdin)')
    const secret = await scenarioSecret(ctx, secretFile)
    await ctx.output().text(signBody(secret.value, bytes))
  },
})
