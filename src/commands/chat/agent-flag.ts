// `chat --agent <id>`: the agent named as the official CLI names it (`brightsy chat --agent <id>`), beside the
// positional `[agentId]`. With the flag, a first word that commander took for the agent id is the message's.
import { text } from '../options.js'

/** The `--agent <id>` option of `chat`. */
export const agentOption = text('--agent <id>', 'the agent, as the official CLI names it (instead of [agentId])', {
  nonEmpty: true,
})

/** The agent and the message words, once `--agent` is taken into account. */
export function agentAndWords(
  agentArg: string | undefined,
  words: string[] | undefined,
  agent: string | undefined,
): [string | undefined, string[] | undefined] {
  if (agent === undefined) return [agentArg, words]
  return [agent, agentArg === undefined ? words : [agentArg, ...(words ?? [])]]
}
