// `agentry scenario delete <scenarioId>`: one scenario, after asking.
import { arg } from '../define.js'
import { deleteCommand } from '../presets.js'

export default deleteCommand({
  path: ['scenario', 'delete'],
  summary: 'Delete a scenario (asks first on a terminal; --yes otherwise)',
  args: { scenarioId: arg('<scenarioId>', 'the scenario') },
  examples: ['agentry scenario delete scn_1', 'agentry scenario rm scn_1 --yes'],
  question: ({ scenarioId }) => `Delete scenario ${scenarioId}? Its webhooks and schedules stop running it.`,
  delete: (sdk, { scenarioId }) => sdk.scenarios.delete(scenarioId),
  done: ({ scenarioId }) => `deleted scenario ${scenarioId}`,
})
