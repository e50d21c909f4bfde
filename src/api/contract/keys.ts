// The API keys family (wire.md "API keys"): the secret `key` appears once, in the create answer; and the accounts
// (teams) a credential reaches, which `agentry teams` lists and switches between.
import { teamSchema } from '../schemas/agents.js'
import { apiKeyCreateSchema, apiKeySchema } from '../schemas/automation.js'
import { listOf } from './paging.js'
import { type Contract, inferred, ours, op } from './types.js'

/** API keys (a scoped key could otherwise mint itself a broader one: every operation needs an unscoped key). */
export const keys = {
  keysList: op('GET', '/{accountId}/api-keys', {
    provenance: ours(
      'keys are made in the dashboard (cdn.brightsy.ai/docs/API/index "Managing API Keys"); no route is shown',
    ),
    ...listOf(apiKeySchema),
    list: { noun: 'keys', summary: 'List the API keys of the account' },
    sdk: 'keys.list',
    doc: 'Every key (without secrets), page by page.',
    command: 'keys list',
  }),
  keysCreate: op('POST', '/{accountId}/api-keys', {
    provenance: ours(
      'keys are made in the dashboard (cdn.brightsy.ai/docs/API/index "Managing API Keys"); no route is shown',
    ),
    body: apiKeyCreateSchema,
    response: apiKeySchema,
    idempotent: false,
    sdk: 'keys.create',
    doc: 'Creates a key; the answer holds the secret `key`, shown this once. Never retried (it would make two keys).',
    command: 'keys create',
  }),
  keysDelete: op('DELETE', '/{accountId}/api-keys/{keyId}', {
    provenance: ours(
      'keys are made in the dashboard (cdn.brightsy.ai/docs/API/index "Managing API Keys"); no route is shown',
    ),
    sdk: 'keys.delete',
    doc: 'Deletes a key.',
    command: 'keys delete',
  }),
  // not under an account: a login reaches several (an API key, its own one)
  teamsList: op('GET', '/accounts', {
    provenance: inferred(
      'the official CLI lists them (`brightsy teams --json` → {endpoint, active, teams:[{id, name, slug, picture_url, role, is_personal_account, active}]}: sideboard packages/core/src/brightsy/accounts.ts); the route is not shown',
    ),
    scope: 'account',
    ...listOf(teamSchema),
    stored: { collection: 'teams', key: 'id' },
    sdk: 'teams.list',
    doc: 'The accounts (teams) the credential reaches: a login, every team of its user; an API key, its own account.',
    command: 'teams',
  }),
} satisfies Contract<'keys'>
