// The webhooks family (service-interface 2.4, 4.5): CRUD, test deliveries and the secret-authenticated trigger.
import * as z from '../zod.js'
import {
  webhookCreateSchema,
  webhookEditSchema,
  webhookSchema,
  webhookTestResponseSchema,
  webhookTriggerResponseSchema,
} from '../schemas/automation.js'
import { listOf } from './paging.js'
import { type Contract, inferred, ours, seed, op } from './types.js'

/** The body of a trigger: a JSON object (service-interface 4.5). */
export const webhookPayloadSchema = z.record(z.string(), z.unknown())
/** The body of a test delivery: the payload to deliver (default: a sample event). */
const webhookTestBodySchema = z.strictObject({
  payload: z.optional(z.record(z.string(), z.unknown(), { message: 'payload must be a JSON object' })),
})

/** Webhooks (each belongs to its scenario's scope: its secret runs that scenario). */
export const webhooks = {
  webhooksList: op('GET', '/{accountId}/webhooks', {
    provenance: inferred(
      'the SDK has `webhooks.list()` answering a plain array (brightsy-cookbook examples/webhooks/index.mjs); path not shown',
    ),
    scope: 'scenario',
    ...listOf(webhookSchema),
    sdk: 'webhooks.list',
    doc: 'Every webhook, page by page.',
    command: 'webhook list',
  }),
  webhooksCreate: op('POST', '/{accountId}/webhooks', {
    provenance: inferred(
      'the SDK has `webhooks.create({...})` (brightsy-cookbook examples/webhooks/index.mjs); path not shown',
    ),
    scope: 'scenario',
    body: webhookCreateSchema,
    response: webhookSchema,
    sdk: 'webhooks.create',
    doc: 'Creates a webhook.',
    command: 'webhook create',
  }),
  webhooksGet: op('GET', '/{accountId}/webhooks/{webhookId}', {
    provenance: inferred(
      'the SDK has `webhooks.get(id)` (brightsy-cookbook examples/webhooks/index.mjs); path not shown',
    ),
    scope: 'scenario',
    response: webhookSchema,
    sdk: 'webhooks.get',
    doc: 'One webhook (its record carries the trigger `url` and `secret`).',
    command: 'webhook get',
  }),
  webhooksEdit: op('PATCH', '/{accountId}/webhooks/{webhookId}', {
    provenance: inferred(
      'the SDK has `webhooks.update(id, partial)` (brightsy-cookbook examples/webhooks/index.mjs); PATCH and the path are not shown',
    ),
    scope: 'scenario',
    body: webhookEditSchema,
    response: webhookSchema,
    sdk: 'webhooks.edit',
    doc: 'Changes the members given.',
    command: 'webhook edit',
  }),
  webhooksDelete: op('DELETE', '/{accountId}/webhooks/{webhookId}', {
    provenance: inferred(
      'the SDK has `webhooks.delete(id)` (brightsy-cookbook examples/webhooks/index.mjs); path not shown',
    ),
    scope: 'scenario',
    sdk: 'webhooks.delete',
    doc: 'Deletes a webhook.',
    command: 'webhook delete',
  }),
  webhooksTest: op('POST', '/{accountId}/webhooks/{webhookId}/test', {
    provenance: ours(
      'the SDK `webhooks.test(id)` POSTs a test payload to your URL (brightsy-cookbook examples/webhooks/index.mjs); ours runs the scenario',
    ),
    scope: 'scenario',
    body: webhookTestBodySchema,
    response: webhookTestResponseSchema,
    idempotent: false,
    sdk: 'webhooks.test',
    sdkByHand: true,
    doc: "Sends a test delivery through the service (`payload` omitted: the service's sample event).",
    command: 'webhook test',
  }),
  // at the origin, authenticated by the webhook's secret (X-Webhook-Secret) instead of the bearer token
  webhookTrigger: op('POST', '/api/webhooks/{webhookId}', {
    provenance: seed('4.5'),
    root: 'origin',
    auth: 'webhook-secret',
    body: webhookPayloadSchema,
    bodyRequired: true,
    response: webhookTriggerResponseSchema,
    idempotent: false,
    sdk: 'webhooks.trigger',
    sdkByHand: true,
    doc: 'Triggers a webhook with its secret; the payload is a JSON object. Never retried.',
    command: 'webhook trigger',
    mcp: 'trigger_webhook',
  }),
} satisfies Contract<'webhooks'>
