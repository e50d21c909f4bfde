// The OAuth client agentry registered at a server (RFC 7591), kept per base URL in credentials.json next to the
// grants, so that a second login reuses it instead of registering a new client each time. A public client id is no
// secret; it lives in the credentials file because that file is written atomically under its lock.
import * as z from 'zod'
import { updateCredentials, loadCredentials } from '../config/store.js'

/** A client registered by agentry, as stored. */
const storedClientSchema = z
  .object({
    clientId: z.string().min(1),
    /** the issuer that registered it (RFC 8414): a different issuer at the same base URL means a new client */
    issuer: z.string().min(1),
    grantTypes: z.array(z.string()).default([]),
    registeredAt: z.string().optional(),
  })
  .loose()
export type StoredClient = z.infer<typeof storedClientSchema>

const clientsSchema = z.record(z.string(), z.unknown())

/** The key of a base URL: without trailing slashes. */
const keyOf = (baseUrl: string) => baseUrl.replace(/\/+$/, '')

function clientsOf(data: Record<string, unknown>): Record<string, unknown> {
  const parsed = clientsSchema.safeParse(data.oauthClients)
  return parsed.success ? parsed.data : {}
}

/** The client stored for a base URL, or undefined (a hand-broken entry counts as none). */
export async function loadStoredClient(configDir: string, baseUrl: string): Promise<StoredClient | undefined> {
  const data = (await loadCredentials(configDir)) as Record<string, unknown>
  const entry = storedClientSchema.safeParse(clientsOf(data)[keyOf(baseUrl)])
  return entry.success ? entry.data : undefined
}

/** Stores (or, with undefined, forgets) the client of a base URL. */
export async function saveStoredClient(
  configDir: string,
  baseUrl: string,
  client: StoredClient | undefined,
): Promise<void> {
  await updateCredentials(configDir, (c) => {
    const data = c as Record<string, unknown>
    const clients = clientsOf(data)
    if (client === undefined) delete clients[keyOf(baseUrl)]
    else clients[keyOf(baseUrl)] = client
    data.oauthClients = clients
  })
}
