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
import type { Contract } from './types.js'

/** The body of a trigger: a JSON object (service-interface 4.5). */
export const webhookPayloadSchema = z.record(z.string(), z.unknown())
/** The body of a test delivery: the payload to deliver (default: a sample event). */
const webhookTestBodySchema = z.strictObject({
  payload: z.optional(z.record(z.string(), z.unknown(), { message: 'payload must be a JSON object' })),
})

/** Webhooks. */
export const webhooks = {
  webhooksList: listOf(webhookSchema),
  webhooksCreate: { body: webhookCreateSchema, response: webhookSchema },
  webhooksGet: { response: webhookSchema },
  webhooksEdit: { body: webhookEditSchema, response: webhookSchema },
  webhooksDelete: {},
  webhooksTest: { body: webhookTestBodySchema, response: webhookTestResponseSchema, idempotent: false },
  webhookTrigger: { body: webhookPayloadSchema, response: webhookTriggerResponseSchema, idempotent: false },
} satisfies Contract<'webhooks'>
