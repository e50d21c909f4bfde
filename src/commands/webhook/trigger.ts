// `agentry webhook trigger`: what an external system does (service-interface 4.5, 5.6): POST a JSON object to the
// webhook's URL with `X-Webhook-Secret`. The body is sent exactly as given, once: a trigger runs a scenario, so it is
// never retried (not idempotent). With --url no API call is needed, so a CI job can trigger with the secret alone.
import { Command } from 'commander'
import * as z from 'zod'
import type { Webhook } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { ApiError, CliError, ExitCode, UsageError } from '../../errors.js'
import { readDataJson } from '../data-arg.js'
import { emptyEnvNote, findSecret, type SourcedSecret, withSecretFlagGuard } from '../scenario/secret.js'
import type { TriggerTarget } from '../../sdk/webhooks.js'
import { batchOptions, withBatchOptions } from '../batch-options.js'
import { examples, parseOptions } from '../shared.js'

/** The environment variable that holds a webhook's secret. */
export const webhookSecretEnv = 'AGENTRY_WEBHOOK_SECRET'

/** Options of `webhook trigger`. */
export const triggerOptionsSchema = z.object({
  data: z.string().default('{}'),
  secretFile: z.string().min(1, 'give a path').optional(),
  url: z
    .string()
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL')
    .optional(),
})
export type TriggerOptions = z.infer<typeof triggerOptionsSchema>

/** The `webhook trigger` command. */
export function webhookTriggerCommand(ctx: Context): Command {
  const cmd = withSecretFlagGuard(
    new Command('trigger')
      .description('Trigger a webhook as an external system would: POST a JSON object with its secret')
      .argument('[webhookId]', 'the webhook (its URL and secret are read with the API key)')
      .option('-d, --data <json>', 'JSON object body: inline, @file, or - for stdin (default {})')
      .option('--secret-file <path>', `file holding the webhook secret (or env ${webhookSecretEnv})`)
      .option('--url <url>', 'trigger this URL without an API key (the secret then comes from env or file)'),
    webhookSecretEnv,
  )
  withBatchOptions(cmd, 'trigger').action(async (webhookId: string | undefined, raw: Record<string, unknown>) => {
    const opts = parseOptions(triggerOptionsSchema, raw)
    const batch = batchOptions(raw, { '--data': raw.data !== undefined })
    if (!batch) return webhookTrigger(webhookId, opts, ctx)
    const { webhookTriggerBatch } = await import('./trigger-batch.js')
    await webhookTriggerBatch(webhookId, opts, batch, ctx)
  })
  cmd.addHelpText(
    'after',
    `
Never retried (a trigger runs the scenario). Exit codes: 0 received, 2 usage, 3 no such webhook,
4 secret refused, 5 webhook inactive.

--batch triggers it once per line of an NDJSON file (one JSON object body per line, sent as its exact bytes),
--concurrency at a time, writing a result line per input ({"index", "input", "runId", "status", "output",
"durationMs", "error"}; status received, failed, refused or error) as each finishes. Exit 0 only when every
trigger was received; else the code all unsuccessful ones share, 5 when they differ; 130 after Ctrl-C.`,
  )
  return examples(cmd, [
    `agentry webhook trigger whk_1 --data '{"order":42}'`,
    'jq -c .payload event.json | agentry webhook trigger whk_1 --data -',
    `${webhookSecretEnv}=… agentry webhook trigger --url https://host/api/webhooks/whk_1 --data @event.json`,
    'agentry webhook trigger whk_1 --batch events.ndjson --results out.ndjson --junit junit.xml',
  ])
}

/** Triggers a webhook and prints the answer (`{received, executionId}`). */
export async function webhookTrigger(webhookId: string | undefined, opts: TriggerOptions, ctx: Context): Promise<void> {
  if (webhookId === undefined && opts.url === undefined)
    throw new UsageError('which webhook?', 'give its id (agentry webhook trigger whk_1) or --url <url>')
  const { text, json } = await readDataJson(opts.data, ctx.io)
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new UsageError(
      '--data must be a JSON object (the service accepts only objects as webhook payloads)',
      `e.g. --data '{"event":"test"}'`,
    )
  const bytes = Buffer.from(text, 'utf8')
  const { target, secret } = await triggerTarget(webhookId, opts, ctx)
  const sdk = await ctx.sdk()
  const answer = await sdk.webhooks.trigger(target, bytes, secret.value).catch((err: unknown) => {
    throw explain(err, webhookId ?? '<webhookId>', secret.source)
  })
  await ctx.output().item(answer)
  if (!answer.received) throw new CliError('the service did not receive the trigger (received: false)')
}

/** Where a trigger goes and the secret it carries: --url with the env or file secret, else the webhook's record. */
export async function triggerTarget(
  webhookId: string | undefined,
  opts: Pick<TriggerOptions, 'secretFile' | 'url'>,
  ctx: Context,
): Promise<{ target: TriggerTarget; secret: SourcedSecret }> {
  let secret = await findSecret(ctx, { file: opts.secretFile, envName: webhookSecretEnv })
  let url = opts.url
  if (url !== undefined) {
    if (!secret)
      throw new UsageError(
        `--url needs the secret from ${webhookSecretEnv} or --secret-file${emptyEnvNote(ctx, webhookSecretEnv)}`,
      )
    if (webhookId !== undefined && !new URL(url).pathname.endsWith(`/${encodeURIComponent(webhookId)}`))
      ctx.warn(`--url ${url} does not end in /${webhookId}; triggering the URL`)
  } else {
    const record = await readRecord(ctx, webhookId ?? '')
    if (!secret && record.secret) {
      ctx.redactor.add(record.secret)
      secret = { value: record.secret, source: `webhook ${webhookId}'s record` }
    }
    if (!secret)
      throw new UsageError(
        `webhook ${webhookId}'s record has no secret`,
        `set ${webhookSecretEnv} or pass --secret-file`,
      )
    url = record.url
  }
  return { target: url !== undefined ? { url } : { webhookId: webhookId ?? '' }, secret }
}

/** The webhook's record (for its URL and secret): needs API credentials. */
async function readRecord(ctx: Context, webhookId: string): Promise<Webhook> {
  if ((await ctx.credential()).kind === 'none')
    throw new UsageError(
      `reading webhook ${webhookId} (its URL and secret) needs API credentials`,
      `set AGENTRY_API_KEY, or trigger with --url <url> and ${webhookSecretEnv} or --secret-file`,
    )
  return (await ctx.sdk()).webhooks.get(webhookId)
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
