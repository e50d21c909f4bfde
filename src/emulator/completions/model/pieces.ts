// What a model (scripted or relayed) produces, piece by piece, for the completion writer.
import type { Usage } from '../../../api/schemas/index.js'
import type { PlannedToolCall } from './tools.js'

/**
 * One step of an answer: a reasoning token (the model's thinking, sent apart from the answer), a text token, the tool
 * calls, an error, or the end with its reason (relay only).
 */
export type Piece =
  | { kind: 'reasoning'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'tools'; calls: PlannedToolCall[] }
  | { kind: 'error'; message: string }
  | { kind: 'finish'; reason: string; usage?: Usage }
