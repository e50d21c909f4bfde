// The conversation members of a case, planned: `conversation:` (turns written in the file, each
// with its own assertions) or `simulate:` (another agent plays the user towards a goal). load.ts calls this for a
// case that holds either; the turns are sent by conversation.ts.
import type { Message } from '../api/schemas/index.js'
import type { UsageError } from '../errors.js'
import type { Assertion, CaseSpec } from './schema.js'

type Path = readonly (string | number)[]

/** One written turn, variables filled in. */
export interface PlannedTurn {
  /** what the user says */
  user: string
  /** the message sent (the first turn carries the case's images) */
  message: Message
  assert: Assertion[]
}

/** The conversation of a case. */
export type PlannedTalk =
  | { kind: 'turns'; turns: PlannedTurn[] }
  | { kind: 'simulate'; agent: string; goal: string; maxTurns: number }

/** What planning a conversation needs from the loader. */
export interface TalkPlanning {
  base: Path
  /** fills {{variables}} in a value, or throws naming the member */
  fill: <T>(value: T, path: Path) => T
  /** checks a filled assertion as every assertion is checked */
  checkAssertion: (a: Assertion, path: Path) => Assertion
  error: (path: Path, problem: string, hint?: string) => UsageError
  /** the case's targets that are not agents */
  scenarioTargets: string[]
  /** the user message with the case's images (the first turn's) */
  withImages: (text: string) => Message
}

/** Whether a case is a conversation (its `conversation:` or `simulate:`). */
export const holdsTalk = (c: CaseSpec): boolean => c.conversation !== undefined || c.simulate !== undefined

/** The case's conversation, or a usage error naming the member that cannot be one. */
export function planTalk(c: CaseSpec, p: TalkPlanning): PlannedTalk {
  const { base } = p
  const member = c.conversation !== undefined ? 'conversation' : 'simulate'
  const clash = (['message', 'messages', 'input'] as const).filter((k) => c[k] !== undefined)
  if (c.conversation !== undefined && c.simulate !== undefined)
    throw p.error([...base, 'simulate'], 'a case holds either conversation or simulate, not both')
  if (clash.length > 0)
    throw p.error(
      [...base, clash[0]!],
      `a ${member} case says what the user says in its ${member === 'conversation' ? 'turns' : 'goal'}: no ${clash[0]}`,
      `remove ${clash[0]}, or put it in a case of its own`,
    )
  if (p.scenarioTargets.length > 0)
    throw p.error(
      [...base, member],
      `a ${member} runs against agents; the scenario target "${p.scenarioTargets[0]}" takes one input`,
      'give the case targets: [<agent target ids>]',
    )
  if (c.simulate !== undefined) {
    const s = c.simulate
    return {
      kind: 'simulate',
      agent: s.agent,
      goal: p.fill(s.goal, [...base, 'simulate', 'goal']),
      maxTurns: s.maxTurns,
    }
  }
  const turns = c.conversation!.map((t, ti): PlannedTurn => {
    const at = [...base, 'conversation', ti] as const
    const user = p.fill(t.user, [...at, 'user'])
    const assert = (t.assert ?? []).map((a, ai) => {
      const path = [...at, 'assert', ai]
      if (a.type === 'turns' || a.type === 'goal')
        throw p.error(
          [...path, 'type'],
          `${a.type} is checked on the whole conversation`,
          "put it in the case's assert",
        )
      return p.checkAssertion(a.type === 'javascript' ? a : p.fill(a, path), path)
    })
    return { user, message: ti === 0 ? p.withImages(user) : { role: 'user', content: user }, assert }
  })
  return { kind: 'turns', turns }
}

/** The case's whole-conversation assertions: a simulate case checks its goal first (unless it lists `goal` itself). */
export function talkAssertions(talk: PlannedTalk | undefined, assert: Assertion[]): Assertion[] {
  if (talk?.kind !== 'simulate' || assert.some((a) => a.type === 'goal')) return assert
  return [{ type: 'goal' }, ...assert]
}
