// Where `webhook trigger` sends its POST and the secret it carries: --url with the secret from the environment or a
// file (no API call), else the webhook's own record read with the API key (service-interface 4.5, 5.6). The MCP
// server's trigger_webhook finds its secret the same way (webhookSecret).
import type { Webhook } from '../api/schemas/index.js'
import { secretEnv } from '../config/secret-env.js'
import type { Context } from '../context.js'
import { UsageError } from '../errors.js'
import type { TriggerTarget } from '../sdk/webhooks.js'
import { emptyEnvNote, findSecret, type SourcedSecret } from '../config/secret-source.js'

/** The environment variable that holds a webhook's secret. */
export const webhookSecretEnv = secretEnv.webhookSecret

/** Options of `webhook trigger` (besides the batch flags). */
export interface TriggerOptions {
  data?: string | undefined
  secretFile?: string | undefined
  url?: string | undefined
}

/** The webhook a trigger URL names: its last path segment (`…/api/webhooks/whk_1` → whk_1), for hints. */
export function urlWebhookId(url: string): string | undefined {
  const last = new URL(url).pathname.split('/').findLast((segment) => segment !== '')
  if (last === undefined) return undefined
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
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
    secret ??= recordSecret(ctx, webhookId ?? '', record)
    if (!secret)
      throw new UsageError(
        `webhook ${webhookId}'s record has no secret`,
        `set ${webhookSecretEnv} or pass --secret-file`,
      )
    url = record.url
  }
  return { target: url !== undefined ? { url } : { webhookId: webhookId ?? '' }, secret }
}

/**
 * The secret of a trigger by id: from the environment (or `secretFile`), else the webhook's record (read only then);
 * undefined when neither has one.
 */
export async function webhookSecret(
  ctx: Context,
  webhookId: string,
  secretFile?: string | undefined,
): Promise<SourcedSecret | undefined> {
  const given = await findSecret(ctx, { file: secretFile, envName: webhookSecretEnv })
  return given ?? recordSecret(ctx, webhookId, await (await ctx.sdk()).webhooks.get(webhookId))
}

/** The secret a webhook's record holds, redacted from then on. */
function recordSecret(ctx: Context, webhookId: string, record: Webhook): SourcedSecret | undefined {
  if (!record.secret) return undefined
  ctx.redactor.add(record.secret)
  return { value: record.secret, source: `webhook ${webhookId}'s record` }
}

/** The webhook's record (for its URL and secret): needs API credentials. */
async function readRecord(ctx: Context, webhookId: string): Promise<Webhook> {
  const credential = await ctx.credential()
  if (credential.refusal) throw credential.refusal
  if (credential.kind === 'none')
    throw new UsageError(
      `reading webhook ${webhookId} (its URL and secret) needs API credentials`,
      `log in (agentry login) or set AGENTRY_API_KEY, or trigger with --url <url> and ${webhookSecretEnv} or --secret-file`,
    )
  return (await ctx.sdk()).webhooks.get(webhookId)
}
