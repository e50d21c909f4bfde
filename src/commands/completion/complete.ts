// The candidates of `agentry __complete <words…>` (the shell scripts call it): commands, flags, a flag's declared
// choices (static.ts, from the command tree alone), and ids fetched from the service within a short time limit, so
// that a slow service never blocks the prompt, or saved profiles. The line `:files` asks the shell for file names.
import type { Context } from '../../context.js'
import { savedProfiles } from '../../config/profile-exists.js'
import { parseWholeNumber } from '../../text/whole-number.js'
import { type CommandNode, answer, type idKinds } from './static.js'

/**
 * How long ids may take to arrive (ms): after that, no ids rather than a prompt that hangs. 1 s, or
 * AGENTRY_COMPLETION_IDS_MS (0 to 60000), which the terminal tests set so that a loaded machine cannot race the clock.
 */
function idTimeoutMs(env: NodeJS.ProcessEnv): number {
  const given = parseWholeNumber(env.AGENTRY_COMPLETION_IDS_MS ?? '', { min: 0, max: 60_000 })
  return typeof given === 'number' ? given : 1000
}

/** The list each kind of id comes from (an argument named <agentId>, <agent>, …). */
const idLists: Record<
  (typeof idKinds)[number],
  (sdk: Awaited<ReturnType<Context['sdk']>>) => AsyncIterable<{ id: string }>
> = {
  agentid: (s) => s.agents.list({ limit: 100 }).firstPage(),
  agent: (s) => s.agents.list({ limit: 100 }).firstPage(),
  scenarioid: (s) => s.scenarios.list({ limit: 100 }).firstPage(),
  webhookid: (s) => s.webhooks.list({ limit: 100 }).firstPage(),
  scheduleid: (s) => s.schedules.list({ limit: 100 }).firstPage(),
  keyid: (s) => s.keys.list({ limit: 100 }).firstPage(),
  siteid: (s) => s.sites.list({ limit: 100 }).firstPage(),
  modelid: async function* (s) {
    yield* await s.models.list()
  },
  // a team is named by its slug (`teams switch demo-team`); its id works too
  team: async function* (s) {
    for await (const t of s.teams.list({ limit: 100 }).firstPage()) yield { id: t.slug ?? t.id }
  },
}

/** The global options that choose where ids come from: the profile, the service, the account and the key file. */
const targetFlags = {
  '--profile': 'profile',
  '--base-url': 'baseUrl',
  '--account': 'account',
  '--api-key-file': 'apiKeyFile',
} as const

/**
 * The global options the completed line gives (`--profile p2`, `--account=acc`): ids are fetched as that line would
 * run, not from the default profile. Words after `--` are operands.
 */
export function targetOf(words: string[]): Partial<Record<(typeof targetFlags)[keyof typeof targetFlags], string>> {
  const out: Partial<Record<(typeof targetFlags)[keyof typeof targetFlags], string>> = {}
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? ''
    if (w === '--') break
    const eq = w.indexOf('=')
    const name = (eq > 0 ? w.slice(0, eq) : w) as keyof typeof targetFlags
    if (!Object.hasOwn(targetFlags, name)) continue
    const value = eq > 0 ? w.slice(eq + 1) : words[++i]
    if (value !== undefined && value !== '') out[targetFlags[name]] = value
  }
  return out
}

/** Candidates for the last word, given the words before it (all after `agentry`). */
export async function complete(program: CommandNode, words: string[], ctx: Context): Promise<string[]> {
  const a = answer(program, words)
  if (a.kind === 'list') return a.values
  const found =
    a.kind === 'profiles' ? await savedProfiles(ctx).catch(() => []) : await idsFor(a.name.toLowerCase(), ctx)
  return [...new Set(found)].filter((x) => x.startsWith(a.current)).map((v) => a.prefix + v)
}

/** Ids of a kind (`agentid`), from the service; none after idTimeoutMs() or on any failure. */
async function idsFor(kind: string, ctx: Context): Promise<string[]> {
  const list = idLists[kind as keyof typeof idLists]
  if (!list) return []
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => {
      ctx.abort.abort()
      resolve([])
    }, idTimeoutMs(ctx.env))
  })
  const fetch = (async () => {
    const ids: string[] = []
    for await (const item of list(await ctx.sdk())) ids.push(item.id)
    return ids
  })().catch(() => [] as string[])
  try {
    return await Promise.race([fetch, timeout])
  } finally {
    clearTimeout(timer)
  }
}
