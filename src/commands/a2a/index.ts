// `agentry a2a card <agentId|url>`, `agentry a2a send <agentId|card-url> -m <text> [--stream]`, `agentry a2a task
// get|cancel` (commands.md): the A2A protocol, 1.0 or 0.3 as the card offers, to any agent that publishes a card
// (wire.md "Agents, skills, A2A"; service-interface 4.3).
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({
  path: ['a2a'],
  summary: 'Talk to any agent that publishes an A2A card',
  examples: [
    'agentry a2a card demo-assistant',
    'agentry a2a send demo-assistant -m "hello" --stream',
    'agentry a2a send https://agents.example.com/.well-known/agent-card.json -m "hello"',
    'agentry a2a task get demo-assistant 0b6f…',
  ],
  commands,
})
