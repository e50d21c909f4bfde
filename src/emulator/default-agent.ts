// Every account's default agent, `default` (sideboard packages/core/src/agents/brightsy.ts: "Account default agent",
// a chat target beside the listed agents, never in the list itself), and the models the account can chat with
// directly: a completion to `default` naming one of them as `model` talks to that model (`agentry chat --model`).
import type { ChatModel } from '../api/schemas/index.js'
import { defaultAgentId } from '../chat/targets.js'
import type { EmulatorState, StoredAgent } from './state.js'

/** The models every emulated account offers (the agents list's `models[]` with `include_models=true`). */
export const demoModels: readonly ChatModel[] = [
  {
    id: 'emulator/scripted-1',
    name: 'Scripted 1',
    description: 'The emulator’s scripted model (the demo agents run on it)',
  },
  { id: 'emulator/scripted-mini', name: 'Scripted Mini', description: 'The same scripted model, under a second name' },
]

/** The default agent of an account: no prompt of its own, the first demo model. */
function defaultAgent(accountId: string): StoredAgent {
  return {
    id: defaultAgentId,
    name: 'Default Agent',
    description: 'Account default agent',
    accountId,
    model: demoModels[0]?.id ?? null,
  }
}

/** The agent `agentId` of `accountId`: a stored one, or the account's default agent; undefined otherwise. */
export function agentIn(state: EmulatorState, agentId: string, accountId: string | undefined): StoredAgent | undefined {
  const stored = state.agents.get(agentId)
  if (stored !== undefined) return stored
  return agentId === defaultAgentId ? defaultAgent(accountId ?? state.accountId) : undefined
}
