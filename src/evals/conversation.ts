// A conversation case against an agent: its turns are sent one after another in one conversation,
// each answer checked by its turn's assertions, then the case's assertions check the whole conversation. The
// messages are carried client-side: every turn sends the conversation so far through the completion route, the one
// route every agent target answers on, statelessly (a stored chat would leave a chat per run in the workspace).
// A `simulate:` case has no written turns: before each turn its simulated user (simulate.ts) says what comes next,
// until it says the goal is met or maxTurns turns were sent.
import type { Message, Usage } from '../api/schemas/index.js'
import { CliError, ExitCode } from '../errors.js'
import type { AgentryClient } from '../sdk/client.js'
import { type AgentQuestion, type AnsweredToolCall, type Answer, askAgent } from './ask.js'
import { type AssertionEnv, type AssertionResult, checkAll } from './assertions.js'
import type { PlannedCase } from './load.js'
import type { Pacer } from './pacing.js'
import { scoreOf } from './score.js'
import { type Exchange, parseMove, simulatePrompt, transcriptOf } from './simulate.js'
import type { PlannedTurn } from './talk-plan.js'

/** One turn of a conversation as the results keep it. */
export interface TurnResult {
  user: string
  /** the agent's answer (null when the turn got none) */
  answer: string | null
  assertions: AssertionResult[]
  latencyMs: number
  /** the rest of the turn's answer (what --rescore checks the turn's assertions on again) */
  toolCalls?: AnsweredToolCall[]
  finishReason?: string | null
  usage?: Usage | null
}

/** A conversation that stopped on an error: the turns before it are kept. */
export class TalkFailed extends Error {
  constructor(
    readonly turns: TurnResult[],
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure))
  }
}

/** The whole conversation as one answer: the agent's answers, every tool call, summed latency and usage. */
function wholeAnswer(answers: readonly Answer[]): Answer {
  const usages = answers.map((a) => a.usage).filter((u): u is Usage => u !== null)
  const sum = (k: 'prompt_tokens' | 'completion_tokens' | 'total_tokens') =>
    usages.reduce((s, u) => s + (typeof u[k] === 'number' ? u[k] : 0), 0)
  return {
    text: answers.map((a) => a.text).join('\n\n'),
    toolCalls: answers.flatMap((a) => a.toolCalls),
    finishReason: answers.at(-1)?.finishReason ?? null,
    usage: usages.length
      ? {
          prompt_tokens: sum('prompt_tokens'),
          completion_tokens: sum('completion_tokens'),
          total_tokens: sum('total_tokens'),
        }
      : null,
    latencyMs: answers.reduce((s, a) => s + a.latencyMs, 0),
  }
}

/** What a conversation gave: its answers, its turns with their verdicts, and whether a simulated user's goal was met. */
export interface Talked {
  answers: Answer[]
  turns: TurnResult[]
  exchanges: Exchange[]
  goalMet?: boolean
  /** the 429s its requests met before they were answered (the pacer sent them again) */
  rateLimited: number
}

/** What running a conversation needs. */
export interface TalkRun {
  sdk: AgentryClient
  agentId: string
  env: AssertionEnv
  /** the run's pace: each request waits for a slot and is sent again after a 429 (pacing.ts) */
  pacer: Pacer
  signal: AbortSignal
}

/** Sends the case's conversation to one agent. */
export async function converse(c: PlannedCase, r: TalkRun): Promise<Talked> {
  const talk = c.talk!
  const history: Message[] = [...c.messages]
  const out: Talked = { answers: [], turns: [], exchanges: [], rateLimited: 0 }
  const ask = async (agentId: string, q: Omit<AgentQuestion, 'signal'>): Promise<Answer> => {
    const { value, rateLimited } = await r.pacer.send(
      () => askAgent(r.sdk, agentId, { ...q, signal: r.signal }),
      r.signal,
    )
    out.rateLimited += rateLimited
    return value
  }
  const send = async (message: Message, user: string, assert: PlannedTurn['assert']) => {
    history.push(message)
    let answer: Answer
    try {
      answer = await ask(r.agentId, { messages: history, tools: c.tools, maxTokens: c.maxTokens })
    } catch (err) {
      out.turns.push({ user, answer: null, assertions: [], latencyMs: 0 })
      throw new TalkFailed(out.turns, err)
    }
    history.push({ role: 'assistant', content: answer.text })
    const assertions = await checkAll(assert, answer, r.env)
    out.answers.push(answer)
    out.exchanges.push({ user, answer: answer.text })
    const { text, latencyMs, toolCalls, finishReason, usage } = answer
    out.turns.push({ user, answer: text, assertions, latencyMs, toolCalls, finishReason, usage })
  }
  if (talk.kind === 'turns') {
    for (const t of talk.turns) await send(t.message, t.user, t.assert)
    return out
  }
  out.goalMet = false
  for (let turn = 0; turn <= talk.maxTurns; turn++) {
    let move: ReturnType<typeof parseMove>
    try {
      const reply = await ask(talk.agent, {
        messages: [{ role: 'user', content: simulatePrompt(talk.goal, out.exchanges) }],
      })
      move = parseMove(reply.text)
    } catch (err) {
      throw new TalkFailed(out.turns, err)
    }
    if ('done' in move) {
      out.goalMet = true
      break
    }
    // after the last turn it is asked only whether the goal is met
    if (turn === talk.maxTurns) break
    if ('problem' in move)
      throw new TalkFailed(
        out.turns,
        new CliError(`the simulated user (agent ${talk.agent}): ${move.problem}`, { exitCode: ExitCode.server }),
      )
    await send({ role: 'user', content: move.message }, move.message, [])
  }
  return out
}

/** A turn's answer as a result line kept it. */
export function turnAnswer(t: TurnResult): Answer {
  return {
    text: t.answer ?? '',
    toolCalls: t.toolCalls ?? [],
    finishReason: t.finishReason ?? null,
    usage: t.usage ?? null,
    latencyMs: t.latencyMs,
  }
}

/** The verdict fields of a conversation's result: the turns, the last answer, the whole-conversation assertions. */
export async function talkVerdict(c: PlannedCase, talked: Talked, env: AssertionEnv) {
  const whole = wholeAnswer(talked.answers)
  const conversation = {
    turns: talked.turns.length,
    transcript: transcriptOf(talked.exchanges),
    goalMet: talked.goalMet,
  }
  const assertions = await checkAll(c.assert, whole, { ...env, conversation })
  const last = talked.answers.at(-1)
  return {
    // every turn's assertions and the whole conversation's make the verdict and the score
    ...scoreOf([...talked.turns.flatMap((t) => t.assertions), ...assertions], c.threshold),
    answer: last?.text ?? null,
    toolCalls: whole.toolCalls,
    finishReason: whole.finishReason,
    usage: whole.usage,
    latencyMs: whole.latencyMs,
    error: null,
    assertions,
    turns: talked.turns,
  }
}
