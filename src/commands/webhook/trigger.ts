// `agentry webhook trigger`: what an external system does (service-interface 4.5, 5.6): POST a JSON object to the
// webhook's URL with `X-Webhook-Secret`. The body is sent exactly as given, once: a trigger runs a scenario, so it is
// never retried (not idempotent). With --url no API call is needed, so a CI job can trigger with the secret alone.
import type { Context } from '../../context.js'
import { ApiError, CliError, ExitCode, UsageError } from '../../errors.js'
import { batchFlags, checkBatch } from '../batch-options.js'
import { readDataJson } from '../data-arg.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, text } from '../options.js'
import { secretFlagGuard } from '../secret-flag.js'
import { type TriggerOptions, triggerTarget, urlWebhookId, webhookSecretEnv } from '../../webhook-trigger/target.js'

/** `--url`: an http(s) URL. */
function httpUrl(url: string, flag: string): string {
  if (!(URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)))
    throw new UsageError(`${flag}: must be an http(s) URL`)
  return url
}

export default defineCommand({
  path: ['webhook', 'trigger'],
  summary: 'Trigger a webhook as an external system would: POST a JSON object with its secret',
  args: { webhookId: arg('[webhookId]', 'the webhook (its URL and secret are read with the API key)') },
  options: {
    // first: a secret on the command line is refused before anything else is read (ARCHITECTURE.md "Secrets")
    secret: secretFlagGuard(webhookSecretEnv),
    data: text('-d, --data <json>', 'JSON object body: inline, @file, or - for stdin (default {})'),
    secretFile: custom(
      '--secret-file <path>',
      `file holding the webhook secret (or env ${webhookSecretEnv})`,
      nonEmpty('give a path'),
    ),
    url: custom('--url <url>', 'trigger this URL without an API key (the secret then comes from env or file)', httpUrl),
    ...batchFlags('trigger'),
  },
  examples: [
    `agentry webhook trigger whk_1 --data '{"order":42}'`,
    'jq -c .payload event.json | agentry webhook trigger whk_1 --data -',
    `${webhookSecretEnv}=… agentry webhook trigger --url https://host/api/webhooks/whk_1 --data @event.json`,
    'agentry webhook trigger whk_1 --batch events.ndjson --results out.ndjson --junit junit.xml',
  ],
  helpAfter: `
Never retried (a trigger runs the scenario). Exit codes: 0 received, 2 usage, 3 no such webhook,
4 secret refused, 5 webhook inactive.

--batch triggers it once per line of an NDJSON file (one JSON object body per line, sent as its exact bytes),
--concurrency at a time, writing a result line per input ({"index", "input", "runId", "status", "output",
"durationMs", "error"}; status received, failed, refused or error) as each finishes. Exit 0 only when every
trigger was received; else the code all unsuccessful ones share, 5 when they differ; 130 after Ctrl-C.`,
  run: async ({ webhookId, secret: _refused, data, secretFile, url, ...flags }, ctx) => {
    const opts = { data, secretFile, url }
    const batch = checkBatch(flags, { '--data': data !== undefined })
    if (!batch) return webhookTrigger(webhookId, opts, ctx)
    const { webhookTriggerBatch } = await import('./trigger-batch.js')
    await webhookTriggerBatch(webhookId, opts, batch, ctx)
  },
})

/** Triggers a webhook and prints the answer (`{received, executionId}`). */
async function webhookTrigger(webhookId: string | undefined, opts: TriggerOptions, ctx: Context): Promise<void> {
  if (webhookId === undefined && opts.url === undefined)
    throw new UsageError('which webhook?', 'give its id (agentry webhook trigger whk_1) or --url <url>')
  const { text, json } = await readDataJson(opts.data ?? '{}', ctx.io, ctx.bodyLimit())
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new UsageError(
      '--data must be a JSON object (the service accepts only objects as webhook payloads)',
      `e.g. --data '{"event":"test"}'`,
    )
  const bytes = Buffer.from(text, 'utf8')
  const { target, secret } = await triggerTarget(webhookId, opts, ctx)
  const sdk = await ctx.sdk()
  const answer = await sdk.webhooks.trigger(target, bytes, secret.value).catch((err: unknown) => {
    const known = webhookId ?? (opts.url === undefined ? undefined : urlWebhookId(opts.url))
    throw explain(err, known ?? '<webhookId>', secret.source)
  })
  await ctx.output().item(answer)
  if (!answer.received) throw new CliError('the service did not receive the trigger (received: false)')
}

/** Adds what to check to the errors a trigger can meet (401 secret, 409 inactive). */
function explain(err: unknown, what: string, secretSource: string): unknown {
  if (!(err instanceof ApiError)) return err
  if (err.status === 401)
    return new CliError(err.message, {
      exitCode: ExitCode.auth,
      hint: `the secret from ${secretSource} was refused: check it against webhook ${what} (agentry webhook get ${what} --show-secret)`,
    })
  if (err.status === 409)
    return new CliError(err.message, {
      exitCode: ExitCode.conflict,
      hint: `activate it: agentry webhook edit ${what} --status active`,
    })
  return err
}
