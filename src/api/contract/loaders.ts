// The contract's family modules, each loaded on first use (a command builds only the schemas of its family). Kept
// apart from the route table so that the generator (scripts/gen/) reads the declarations without it.
import type { Family, Operation } from './types.js'

/** Each family's module, imported on demand. */
export const loaders: Record<Family, () => Promise<Record<string, Operation>>> = {
  agents: () => import('./agents.js').then((m) => m.agents),
  chats: () => import('./chats.js').then((m) => m.chats),
  scenarios: () => import('./scenarios.js').then((m) => m.scenarios),
  webhooks: () => import('./webhooks.js').then((m) => m.webhooks),
  keys: () => import('./keys.js').then((m) => m.keys),
  schedules: () => import('./schedules.js').then((m) => m.schedules),
  sites: () => import('./sites.js').then((m) => m.sites),
  files: () => import('./files.js').then((m) => m.files),
  images: () => import('./images.js').then((m) => m.images),
  cms: () => import('./cms.js').then((m) => m.cms),
  oauth: () => import('./oauth.js').then((m) => m.oauth),
  desktop: () => import('./desktop.js').then((m) => m.desktop),
}

/** Every family of the contract (each has a module and a loader), in the order of the route table. */
export const families = Object.keys(loaders) as readonly Family[]
