// How the agent works on a turn: `plan`, `ask` or `agent` (the official CLI's `chat --mode`, sideboard
// packages/core/src/agents/brightsy.ts). Zod-free: `chat`'s options read it at start-up.
export const chatModes = ['plan', 'ask', 'agent'] as const
export type ChatMode = (typeof chatModes)[number]
