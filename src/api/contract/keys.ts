// The API keys family (wire.md "API keys"): the secret `key` appears once, in the create answer.
import { apiKeyCreateSchema, apiKeySchema } from '../schemas/automation.js'
import { listOf } from './paging.js'
import type { Contract } from './types.js'

/** API keys. */
export const keys = {
  keysList: listOf(apiKeySchema),
  keysCreate: { body: apiKeyCreateSchema, response: apiKeySchema, idempotent: false },
  keysDelete: {},
} satisfies Contract<'keys'>
