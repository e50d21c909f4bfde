// The handler registry: every resource's table, merged into one map from route name to handler.
// A table added later is one import and one entry in allHandlers.
import type { AllHandlers } from '../handlers.gen.js'
import type { HandlerTable } from '../types.js'
import { a2aHandlers } from '../a2a/handlers.js'
import { agentHandlers } from './agents.js'
import { chatHandlers } from './chats.js'
import { cmsHandlers } from './cms.js'
import { completionHandlers } from '../completions/handlers.js'
import { desktopHandlers } from './desktop.js'
import { fileHandlers } from './files.js'
import { imageHandlers } from './images.js'
import { keyHandlers } from './keys.js'
import { oauthHandlers } from '../oauth/handlers.js'
import { scenarioHandlers } from './scenarios.js'
import { scheduleHandlers } from './schedules.js'
import { siteHandlers } from './sites.js'
import { webhookHandlers } from './webhooks.js'

/** Every handler table, in no particular order (route names never overlap: test/emulator/core-routes.test.ts). */
export const tables = [
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
  desktopHandlers,
] as const

/** The operations the tables handle. */
type Handled = (typeof tables)[number] extends infer T ? (T extends unknown ? keyof T : never) : never
/** A declared operation without a handler (handlers.gen.ts, generated from the declarations) fails to compile here. */
const everyOperationHandled: [Exclude<keyof AllHandlers, Handled>] extends [never]
  ? true
  : { missing: Exclude<keyof AllHandlers, Handled> } = true

/** One table with every route the emulator serves. */
export function allHandlers(): HandlerTable {
  void everyOperationHandled
  return Object.assign({}, ...tables) as HandlerTable
}
