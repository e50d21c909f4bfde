// The demo agents and skills (`--seed demo`): each shows one behaviour of the scripted model (model/scripted.ts).
import type { Skill, Team } from '../api/schemas/index.js'
import type { StoredAgent } from './state.js'

const at = '2025-01-06T09:00:00.000Z'
const model = 'emulator/scripted-1'

const fn = (name: string, description: string, properties: Record<string, unknown>, required: string[]) => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required } },
})

interface DemoAgent {
  id: string
  name: string
  description: string
  systemPrompt: string
  maxTokens: number
  skills: string[]
  tools?: unknown[]
  tokenDelayMs?: number
  desktopRelay?: true
}

/** The demo agents, in list order. */
export function demoAgents(accountId: string): StoredAgent[] {
  const agent = (a: DemoAgent): StoredAgent => ({ ...a, accountId, model, createdAt: at, updatedAt: at })
  return [
    agent({
      id: 'demo-assistant',
      name: 'Demo Assistant',
      description: 'A general assistant that answers in markdown',
      systemPrompt: 'You are Demo Assistant, the general helper of the agentry emulator. Answer in concise markdown.',
      maxTokens: 4096,
      skills: ['general-chat', 'markdown'],
    }),
    agent({
      id: 'weather-bot',
      name: 'Weather Bot',
      description: 'Reports the weather; calls its get_weather tool for any city you name',
      systemPrompt: 'You report the weather. Call get_weather for the city the user names.',
      maxTokens: 1024,
      skills: ['weather'],
      tools: [
        fn(
          'get_weather',
          'Current weather for a city',
          {
            city: { type: 'string', description: 'City name, e.g. Zürich' },
            unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
          },
          ['city'],
        ),
      ],
    }),
    agent({
      id: 'slow-poet',
      name: 'Slow Poet',
      description: 'Answers every message with a short poem, one slow word at a time',
      systemPrompt: 'You are a poet. Answer every message with a short poem.',
      maxTokens: 512,
      tokenDelayMs: 120,
      skills: ['poetry'],
    }),
    agent({
      id: 'code-helper',
      name: 'Code Helper',
      description: 'Explains code and searches the docs with its search_docs tool',
      systemPrompt: 'You help with code. Use search_docs when the user asks to search the docs.',
      maxTokens: 4096,
      skills: ['code-review', 'markdown'],
      tools: [
        fn('search_docs', 'Search the documentation', { query: { type: 'string' }, limit: { type: 'integer' } }, [
          'query',
        ]),
      ],
    }),
    agent({
      id: 'support-triage',
      name: 'Support Triage',
      description: 'Sorts support requests and opens tickets with create_ticket',
      systemPrompt: 'You triage support requests. Open a ticket with create_ticket when asked.',
      maxTokens: 2048,
      skills: ['triage'],
      tools: [
        fn(
          'create_ticket',
          'Open a support ticket',
          { title: { type: 'string' }, priority: { type: 'string', enum: ['low', 'normal', 'high'] } },
          ['title', 'priority'],
        ),
      ],
    }),
    agent({
      id: 'demo-judge',
      name: 'Demo Judge',
      description: 'Grades an answer against a rubric and replies with a JSON verdict (for agentry test)',
      systemPrompt:
        'You grade answers against a rubric. Reply with one JSON object: {"pass": boolean, "score": 0 to 1, "reason": string}.',
      maxTokens: 512,
      skills: ['grading'],
    }),
    agent({
      id: 'desktop-relay',
      name: 'Desktop Relay',
      description:
        "Hands your message to your own machine as a desktop task (agentry connect) and answers with the machine's reply",
      systemPrompt: "You relay each message to the user's machine as a desktop task and answer with its response.",
      maxTokens: 4096,
      skills: ['desktop'],
      desktopRelay: true,
    }),
  ]
}

/** The second demo account, which the demo login reaches beside the first (`agentry teams switch demo-team`). */
const demoTeamId = 'acc_team'

/** The demo accounts (teams) of the emulator's one user: its personal account and a team. */
export function demoTeams(accountId: string): Team[] {
  return [
    { id: accountId, name: 'Demo', slug: 'demo', picture_url: null, role: 'owner', is_personal_account: true },
    {
      id: demoTeamId,
      name: 'Demo Team',
      slug: 'demo-team',
      picture_url: null,
      role: 'member',
      is_personal_account: false,
    },
  ]
}

/** The agents of the second demo account. */
export function demoTeamAgents(): StoredAgent[] {
  const agent = (a: DemoAgent): StoredAgent => ({ ...a, accountId: demoTeamId, model, createdAt: at, updatedAt: at })
  return [
    agent({
      id: 'team-assistant',
      name: 'Team Assistant',
      description: 'The assistant of the Demo Team account',
      systemPrompt: 'You are Team Assistant, the helper of the Demo Team account. Answer in concise markdown.',
      maxTokens: 2048,
      skills: ['general-chat'],
    }),
  ]
}

/** The demo skills. */
export function demoSkills(): Skill[] {
  const skill = (id: string, name: string, description: string, tags: string[]): Skill => ({
    id,
    name,
    description,
    tags,
  })
  return [
    skill('general-chat', 'General chat', 'Answers questions in plain language', ['chat', 'general']),
    skill('markdown', 'Markdown answers', 'Formats answers with headings, lists, code and tables', [
      'markdown',
      'format',
    ]),
    skill('weather', 'Weather', 'Looks up the current weather of a city', ['weather', 'tools']),
    skill('poetry', 'Poetry', 'Writes short poems', ['creative', 'writing']),
    skill('code-review', 'Code review', 'Explains and reviews code', ['code', 'review']),
    skill('triage', 'Support triage', 'Sorts support requests by urgency', ['support', 'tickets']),
    skill('desktop', 'Desktop tasks', "Runs work on the user's own machine through agentry connect", [
      'desktop',
      'connect',
    ]),
    skill('grading', 'Grading', 'Grades answers against a rubric, with a verdict and a reason', ['evals', 'judge']),
  ]
}
