// The handler registry: every resource's table, merged into one map from route name to handler.
// A table added later is one import and one entry in `tables`.
import type { HandlerTable } from '../types.js'
import { a2aHandlers } from '../a2a/handlers.js'
import { agentHandlers } from './agents.js'
import { chatHandlers } from './chats.js'
import { cmsHandlers } from './cms.js'
import { completionHandlers } from '../completions/handlers.js'
import { fileHandlers } from './files.js'
import { imageHandlers } from './images.js'
import { keyHandlers } from './keys.js'
import { oauthHandlers } from '../oauth/handlers.js'
import { scenarioHandlers } from './scenarios.js'
import { scheduleHandlers } from './schedules.js'
import { siteHandlers } from './sites.js'
import { webhookHandlers } from './webhooks.js'

/** Every handler table, in no particular order (route names never overlap). */
export const tables: readonly HandlerTable[] = [
  agentHandlers,
  a2aHandlers,
  completionHandlers,
  chatHandlers,
  scenarioHandlers,
  webhookHandlers,
  scheduleHandlers,
  keyHandlers,
  siteHandlers,
  fileHandlers,
  imageHandlers,
  cmsHandlers,
  oauthHandlers,
]

/** One table with every route the emulator serves. */
export function allHandlers(): HandlerTable {
  return Object.assign({}, ...tables) as HandlerTable
}
