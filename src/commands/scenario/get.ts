// `agentry scenario get <scenarioId>`: one scenario (its signature header name, never its secret).
import { arg } from '../define.js'
import { getCommand } from '../presets.js'

export default getCommand({
  path: ['scenario', 'get'],
  summary: 'Show one scenario (its signature header name, never its secret)',
  args: { scenarioId: arg('<scenarioId>', 'the scenario') },
  examples: ['agentry scenario get scn_1', 'agentry scenario get scn_1 --json | jq -r .signature_name'],
  get: (sdk, { scenarioId }) => sdk.scenarios.get(scenarioId),
})
