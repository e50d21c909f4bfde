// Hints for error answers that only the API client can give, knowing the operation and the base URL (issue 12):
// a 404 names the list that shows the ids; a base URL without /api/v1beta is the likely cause of a 404 or an HTML page.
import { ApiError } from '../errors.js'
import type { RouteName } from './routes.js'

/** The command that lists the ids an operation takes, by the route name's resource. */
const listCommands: [RegExp, string][] = [
  [/^agent(s|Card|A2a)|^completion/, 'agentry agents list'],
  [/^chat/, 'agentry chats list <agentId>'],
  [/^scenario/, 'agentry scenario list'],
  [/^webhook/, 'agentry webhook list'],
  [/^keys/, 'agentry keys list'],
  [/^schedules/, 'agentry schedule list'],
  [/^sites/, 'agentry sites list'],
  [/^pages/, 'agentry pages list <siteId>'],
  [/^files/, 'agentry files list'],
  [/^skills/, 'agentry skills list'],
]

/** Does the base URL end with the interface's path (…/api/v1beta)? */
function hasApiPath(baseUrl: string): boolean {
  return /\/api\/v1beta\/*$/.test(new URL(baseUrl).pathname)
}

/** The error with a better hint when one applies; otherwise the error itself. */
export function withClientHint(err: unknown, name: RouteName, baseUrl: string | undefined): unknown {
  if (!(err instanceof ApiError)) return err
  const htmlPage = /^\s*<(!doctype|html)/i.test(err.serverMessage)
  if (baseUrl && (err.status === 404 || err.status === 405 || htmlPage) && !hasApiPath(baseUrl))
    return err.withHint(
      `the base URL ${baseUrl} does not end with /api/v1beta; e.g. agentry config set base-url ${new URL(baseUrl).origin}/api/v1beta`,
    )
  if (err.status !== 404) return err
  const list = listCommands.find(([re]) => re.test(name))?.[1]
  return list ? err.withHint(`no such id? \`${list}\` shows them`) : err
}
