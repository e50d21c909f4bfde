// The models the account can chat with directly (`agentry models list`, `chat --model`): the agents list's `models[]`,
// asked for with `include_models=true` (the SDK's `agents.list({include_models})`, brightsy-cookbook
// examples/agents; the answer carries `models[]` beside `data[]`, sideboard packages/core/src/agents/brightsy.ts).
import type { ChatModel } from '../api/schemas/agents.js'
import type { Transport } from './transport.js'

/** `client.models`. */
export const modelsResource = (t: Transport) => ({
  /** The models the account can chat with directly (none when the service lists none). */
  list: async (): Promise<ChatModel[]> => {
    const page = await t.call('agentsList', { query: { include_models: 'true', limit: 1 } })
    return page.models ?? []
  },
})
