// Hints for error answers that only the API client can give, knowing the operation and the base URL:
// a 404 names the list that shows the ids, or, for a delivered record, the access that shows drafts; a base URL without /api/v1beta is the likely cause of a 404 or an HTML page.
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

/** A hint for an error answer to operation `name` that only the API client can give, when one applies. */
export function clientHint(
  name: RouteName,
  baseUrl: string | undefined,
  status: number,
  serverMessage: string,
  params: Readonly<Record<string, string>> = {},
): string | undefined {
  const htmlPage = /^\s*<(!doctype|html)/i.test(serverMessage)
  if (baseUrl && (status === 404 || status === 405 || htmlPage) && !hasApiPath(baseUrl))
    return `the base URL ${baseUrl} does not end with /api/v1beta; e.g. agentry config set base-url ${new URL(baseUrl).origin}/api/v1beta`
  if (status !== 404) return undefined
  // the delivery access serves published records only: a draft (never published, or unpublished since) is a 404
  if (name === 'cmsGet' && params.access === 'cda')
    return 'a draft (never published, or unpublished) is not delivered: `--access cma` shows drafts'
  const list = listCommands.find(([re]) => re.test(name))?.[1]
  return list ? `no such id? \`${list}\` shows them` : undefined
}
