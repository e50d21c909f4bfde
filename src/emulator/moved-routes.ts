// The stateful chat routes agentry used before it followed the service's documented workspace routes (docs/wire.md
// "Stateful chats and attachments"): the emulator no longer serves them, and its 404 for one names the route that
// replaced it, so a script written against the old ones is told where to go.

/** Old route (method and path under the base path) → the documented one that replaced it. */
const moved: readonly (readonly [method: string, path: RegExp, now: string])[] = [
  [
    'POST',
    /\/agent\/[^/]+\/chat\/[^/]+\/completion$/,
    'POST …/agent/{agentId}/chat/completion/workspace/{chatId}/message/{messageId}',
  ],
  [
    'GET',
    /\/agent\/[^/]+\/chat\/[^/]+\/messages$/,
    'GET …/agent/{agentId}/chat/completion/workspace/{chatId}/messages',
  ],
  [
    'DELETE',
    /\/agent\/[^/]+\/chat\/[^/]+\/messages\/[^/]+$/,
    'DELETE …/agents/{agentId}/chat/completion/workspace/{chatId}/messages/{messageId}',
  ],
]

/** The 404 message of a request to a route that moved, naming its replacement; undefined for any other path. */
export function movedRouteMessage(method: string, pathname: string): string | undefined {
  const hit = moved.find(([m, re]) => m === method && re.test(pathname))
  if (hit === undefined) return undefined
  return `no route for ${method} ${pathname.slice(0, 200)}: stateful chats are on the documented workspace routes now, ${hit[2]} (chat and message ids are UUIDs the client makes)`
}
