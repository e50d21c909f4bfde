// Webhooks (service-interface 2.4, 4.5): CRUD, test deliveries, and the trigger, which authenticates with the
// webhook's secret (X-Webhook-Secret) instead of the bearer token.
import type { ResponseOf, Transport } from './transport.js'

/** How a trigger finds its webhook: by id (URL from the route table) or by the full trigger URL of its record. */
export type TriggerTarget = { webhookId: string; url?: undefined } | { url: string; webhookId?: string }

/** `client.webhooks`, besides its generated methods (list, get, create, edit, delete). */
export const webhooksByHand = (t: Transport) => ({
  /** Sends a test delivery through the service (`payload` omitted: the service's sample event). */
  test: (webhookId: string, payload?: Record<string, unknown>) =>
    t.call('webhooksTest', { params: { webhookId }, body: payload === undefined ? {} : { payload } }),
  /**
   * Triggers a webhook with its secret; the payload is a JSON object (service-interface 4.5), or the exact bytes of
   * one. Never retried (a retry could run the scenario twice).
   */
  trigger: async (
    target: TriggerTarget,
    payload: Record<string, unknown> | Uint8Array,
    secret: string,
  ): Promise<ResponseOf<'webhookTrigger'>> => {
    const bytes = payload instanceof Uint8Array ? payload : Buffer.from(JSON.stringify(payload), 'utf8')
    const headers = { 'content-type': 'application/json', 'x-webhook-secret': secret }
    if (target.url === undefined)
      return t.call('webhookTrigger', { params: { webhookId: target.webhookId }, rawBody: bytes, headers, auth: false })
    const res = await t.request({
      method: 'POST',
      url: target.url,
      headers,
      body: bytes,
      auth: false,
      idempotent: false,
    })
    return t.answer('webhookTrigger', res)
  },
})
