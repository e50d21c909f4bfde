// Webhooks (service-interface 2.4, 3, 4.5, 5.6; wire.md Webhooks): CRUD with the interface's constraints, a test
// delivery, and the trigger at `<origin>/api/webhooks/{id}`, authenticated by X-Webhook-Secret (constant time).
import { randomBytes } from 'node:crypto'
import { secretsEqual } from '../../auth/hmac.js'
import { routes, urlFor } from '../../api/routes.js'
import type { Webhook } from '../../api/schemas/index.js'
import { executionView, type RunAgent, runScenarioById, scriptedRunAgent } from '../scenario-run.js'
import { visibleTo } from '../scope.js'
import { checkDeclared } from '../declared.js'
import { type DeclaredBody, type EmuRequest, type HandlerEnv, type HandlerTable, HttpError } from '../types.js'
import { badRequest, conflict, headerValue, isoNow, listPage, newId, notFound } from '../kit.js'

type StoredWebhook = Webhook & { secret: string }

/** The trigger URL of a webhook: `<origin>/api/webhooks/{id}`, from the route table (wire.md Webhooks). */
function webhookUrl(origin: string, id: string): string {
  return urlFor(origin, routes.webhookTrigger, { webhookId: id })
}

/** A webhook as the API shows it; the URL follows the origin the emulator is reached at. */
function view(w: StoredWebhook, req: EmuRequest, withSecret: boolean): Record<string, unknown> {
  const { secret, ...rest } = w
  return { ...rest, url: webhookUrl(req.origin, w.id), ...(withSecret ? { secret } : {}) }
}

function find(env: HandlerEnv, id: string): StoredWebhook {
  const w = env.state.webhooks.get(id)
  if (w === undefined) throw notFound('webhook', id)
  return w
}

/** The linked scenario must exist (service-interface 2.4); ../scope.ts has checked it is within the key's scope. */
function checkScenario(env: HandlerEnv, scenarioId: string): void {
  if (!env.state.scenarios.has(scenarioId)) throw badRequest(`scenarioId: scenario "${scenarioId}" does not exist`)
}

/** The webhook handlers, running scenarios through `runAgent` (the scripted model by default). */
function createWebhookHandlers(runAgent: RunAgent = scriptedRunAgent) {
  return {
    webhooksList(req, { state }) {
      const mine = visibleTo(req.principal, state.webhooks.values(), (w) => ({ scenarioId: w.scenarioId }))
      const all = mine.map((w) => view(w, req, false))
      return { status: 200, json: listPage(all, req) }
    },

    webhooksCreate(req, env) {
      const body = req.input as DeclaredBody<'webhooksCreate'>
      checkScenario(env, body.scenarioId)
      const now = isoNow(env)
      const id = newId('whk')
      const hook: StoredWebhook = {
        id,
        name: body.name,
        description: body.description ?? null,
        status: body.status,
        scenarioId: body.scenarioId,
        secret: `whsec_${randomBytes(24).toString('base64url')}`,
        createdAt: now,
        updatedAt: now,
      }
      env.state.webhooks.set(id, hook)
      return { status: 201, json: view(hook, req, true) }
    },

    webhooksGet(req, env) {
      return { status: 200, json: view(find(env, req.params.webhookId ?? ''), req, true) }
    },

    // Editing moves `status` between active and inactive and always changes updatedAt (service-interface 3).
    webhooksEdit(req, env) {
      const hook = find(env, req.params.webhookId ?? '')
      const body = req.input as DeclaredBody<'webhooksEdit'>
      if (body.scenarioId !== undefined) checkScenario(env, body.scenarioId)
      const next: StoredWebhook = { ...hook, ...body, updatedAt: isoNow(env) }
      env.state.webhooks.set(hook.id, next)
      return { status: 200, json: view(next, req, true) }
    },

    webhooksDelete(req, env) {
      const hook = find(env, req.params.webhookId ?? '')
      env.state.webhooks.delete(hook.id)
      return { status: 204 }
    },

    // A dashboard-style test delivery (service-interface 6): an inactive webhook is not delivered to.
    async webhooksTest(req, env) {
      const hook = find(env, req.params.webhookId ?? '')
      const given = (req.input as DeclaredBody<'webhooksTest'>).payload
      if (hook.status !== 'active') return { status: 200, json: { delivered: false, status: 409, execution: null } }
      const payload = given ?? { event: 'webhook.test', webhookId: hook.id, sentAt: isoNow(env) }
      const execution = await runScenarioById(env, hook.scenarioId, JSON.stringify(payload), 'test', runAgent)
      return { status: 200, json: { delivered: true, status: 200, execution: executionView(execution) } }
    },

    // Order: unknown (404) → secret (401) → headers and body (400) → inactive (409) (service-interface 4.5, 7).
    async webhookTrigger(req, env) {
      const hook = find(env, req.params.webhookId ?? '')
      const secret = headerValue(req, 'x-webhook-secret')
      if (secret === undefined || secret === '') {
        throw new HttpError(401, 'missing X-Webhook-Secret header', {}, 'unauthorized')
      }
      if (!secretsEqual(hook.secret, secret)) throw new HttpError(401, 'invalid webhook secret', {}, 'unauthorized')
      const type = headerValue(req, 'content-type') ?? ''
      if (!/^application\/json\s*(;|$)/i.test(type)) throw badRequest('Content-Type must be application/json')
      await checkDeclared(req)
      if (hook.status !== 'active') throw conflict('Webhook is inactive', 'webhook_inactive')
      // The linked scenario gets the body as its input (service-interface 2.4): the exact text that was sent.
      const input = req.rawBody.toString('utf8')
      const execution = await runScenarioById(env, hook.scenarioId, input, 'webhook', runAgent)
      return { status: 200, json: { received: true, executionId: execution.id } }
    },
  } satisfies HandlerTable
}

/** Handlers of the webhook routes, trigger included. */
export const webhookHandlers = createWebhookHandlers()
