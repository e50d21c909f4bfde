// What `agentry chat` can talk to (`chat --list-targets`, the official CLI's `--list-targets --json` → {agents,
// models}: sideboard packages/core/src/agents/brightsy.ts): the account's default agent, its agents, and the models
// it can chat with directly (`chat --model`, sent to the default agent).
import type { AgentryClient } from '../sdk/client.js'

/** The pseudo-agent every account has; a model chat goes to it, naming the model. */
export const defaultAgentId = 'default'

/** One chat target. */
export interface ChatTarget {
  type: 'agent' | 'model'
  id: string
  name: string | undefined
  description: string | null | undefined
}

/** The chat targets of the account: agents (the default one first) and models. */
export async function chatTargets(sdk: AgentryClient): Promise<{ agents: ChatTarget[]; models: ChatTarget[] }> {
  const agents: ChatTarget[] = [
    { type: 'agent', id: defaultAgentId, name: 'Default Agent', description: 'Account default agent' },
  ]
  const [, listed] = await Promise.all([
    (async () => {
      for await (const a of sdk.agents.list({ limit: 100 }))
        if (a.id !== defaultAgentId) agents.push({ type: 'agent', id: a.id, name: a.name, description: a.description })
    })(),
    sdk.models.list(),
  ])
  const models = listed.map((m): ChatTarget => ({ type: 'model', id: m.id, name: m.name, description: m.description }))
  return { agents, models }
}
