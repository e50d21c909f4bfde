// The contract, one module a family, loaded on first use (a command builds only the schemas of its family). Each
// module declares its operations (contract/types.ts, op); the route table generated from them (routes.gen.ts) says
// which family declares each route.
import { type RouteName, routes } from '../routes.js'
import type { agents } from './agents.js'
import type { chats } from './chats.js'
import type { cms } from './cms.js'
import type { desktop } from './desktop.js'
import type { files } from './files.js'
import type { images } from './images.js'
import type { keys } from './keys.js'
import type { oauth } from './oauth.js'
import type { schedules } from './schedules.js'
import type { scenarios } from './scenarios.js'
import type { sites } from './sites.js'
import { loaders } from './loaders.js'
import type { Endpoint, Family, Operation } from './types.js'
import type { webhooks } from './webhooks.js'

export type { Endpoint, Family, Operation } from './types.js'
export { families } from './loaders.js'

/** Every endpoint of the contract, by route name (a type: nothing is loaded for it). */
export type Endpoints = typeof agents &
  typeof chats &
  typeof scenarios &
  typeof webhooks &
  typeof keys &
  typeof schedules &
  typeof sites &
  typeof files &
  typeof images &
  typeof cms &
  typeof oauth &
  typeof desktop

/** A route that the contract describes. */
export type ContractRoute = keyof Endpoints

const cache = new Map<Family, Promise<Record<string, Operation>>>()

/** The operations of one family, by route name, loading its module on first use. */
export function familyContract(family: Family): Promise<Record<string, Operation>> {
  let loaded = cache.get(family)
  if (!loaded) {
    loaded = loaders[family]()
    cache.set(family, loaded)
  }
  return loaded
}

/** The endpoint of a route, loading its family (named by the route's table entry) on first use. */
export async function endpointOf(name: ContractRoute & RouteName): Promise<Endpoint> {
  const family = routes[name].family
  const endpoint = (await familyContract(family))[name]
  if (!endpoint) throw new Error(`the ${family} contract has no ${name}`)
  return endpoint
}
