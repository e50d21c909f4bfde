// Running a scenario (service-interface 1, 4.4; wire.md Scenarios): its agent answers with the scenario's instruction
// as a `system` message and the input as the `user` message. Shared by signed execution, webhooks and schedules.
import type { Message } from '../api/schemas/index.js'
import { answerText } from './completions/answer.js'
import type { EmulatorState, StoredExecution, StoredScenario } from './state.js'
import type { HandlerEnv } from './types.js'
import { newId } from './kit.js'

/** Runs an agent over messages and answers its text; rejects when the agent cannot answer. */
export type RunAgent = (env: HandlerEnv, agentId: string, messages: Message[]) => Promise<string>

/** Executions kept in the state; older ones are dropped so a long-running scheduler cannot grow it without bound. */
const maxExecutions = 1000

/**
 * The emulator's one model seam (completions/answer.ts): the scripted model, or the upstream server when
 * --upstream-url is set — the same voice as completions and A2A.
 */
const modelRunAgent: RunAgent = async (env, agentId, messages) => {
  const agent = env.state.agents.get(agentId)
  if (agent === undefined) throw new Error(`agent "${agentId}" not found`)
  return answerText(env, agent, messages)
}

/** Where a run came from (recorded on the execution). */
export type ExecutionTrigger = StoredExecution['trigger']

/**
 * Runs a scenario and records the execution. A missing agent or a failing model gives a `failed` execution (the
 * caller still answers 200: the run happened, it did not complete). A disabled scenario is the caller's check.
 */
export async function executeScenario(
  env: HandlerEnv,
  scenario: StoredScenario,
  input: string,
  trigger: ExecutionTrigger,
  runAgent: RunAgent = modelRunAgent,
): Promise<StoredExecution> {
  const startedAt = new Date(env.now()).toISOString()
  let status: StoredExecution['status'] = 'completed'
  let output: string
  try {
    const agentId = scenario.agentId ?? ''
    const agent = env.state.agents.get(agentId)
    if (agentId === '' || agent === undefined) throw new Error(`agent "${agentId}" not found`)
    const messages: Message[] = [
      { role: 'system', content: scenario.instruction ?? '' },
      { role: 'user', content: input },
    ]
    output = await runAgent(env, agentId, messages)
  } catch (e) {
    status = 'failed'
    output = e instanceof Error ? e.message : String(e)
  }
  const execution: StoredExecution = {
    id: newId('exe'),
    scenarioId: scenario.id,
    status,
    input,
    output,
    trigger,
    startedAt,
    finishedAt: new Date(env.now()).toISOString(),
  }
  recordExecution(env.state, execution)
  return execution
}

/** Records a run that could not start (its scenario is gone or disabled): a `failed` execution with the reason. */
function failedExecution(
  env: HandlerEnv,
  scenarioId: string,
  input: string,
  trigger: ExecutionTrigger,
  reason: string,
): StoredExecution {
  const at = new Date(env.now()).toISOString()
  const execution: StoredExecution = {
    id: newId('exe'),
    scenarioId,
    status: 'failed',
    input,
    output: reason,
    trigger,
    startedAt: at,
    finishedAt: at,
  }
  recordExecution(env.state, execution)
  return execution
}

/** Runs the scenario `scenarioId` if it exists and is enabled; otherwise records a failed execution saying why. */
export async function runScenarioById(
  env: HandlerEnv,
  scenarioId: string,
  input: string,
  trigger: ExecutionTrigger,
  runAgent: RunAgent = modelRunAgent,
): Promise<StoredExecution> {
  const scenario = env.state.scenarios.get(scenarioId)
  if (scenario === undefined)
    return failedExecution(env, scenarioId, input, trigger, `scenario "${scenarioId}" not found`)
  if (scenario.enabled === false) return failedExecution(env, scenarioId, input, trigger, 'Scenario is disabled')
  return executeScenario(env, scenario, input, trigger, runAgent)
}

/** Stores an execution, dropping the oldest beyond maxExecutions (Maps iterate in insertion order). */
function recordExecution(state: EmulatorState, execution: StoredExecution): void {
  state.executions.set(execution.id, execution)
  for (const id of state.executions.keys()) {
    if (state.executions.size <= maxExecutions) break
    state.executions.delete(id)
  }
}

/** The execution as the API answers it (wire.md Scenarios: 200 body of execute). */
export function executionView(e: StoredExecution): Record<string, unknown> {
  return {
    id: e.id,
    scenarioId: e.scenarioId,
    status: e.status,
    output: e.output,
    startedAt: e.startedAt,
    finishedAt: e.finishedAt,
  }
}

/** What started a run, as the execution history names it: a signed run is `direct`. */
const triggerNames: Record<StoredExecution['trigger'], string> = {
  signed: 'direct',
  bearer: 'trigger',
  webhook: 'webhook',
  schedule: 'schedule',
  test: 'test',
}

/** An execution in its scenario's history (`scenario runs`): the run's answer plus what started it. */
export function executionHistoryView(e: StoredExecution): Record<string, unknown> {
  return { ...executionView(e), trigger: triggerNames[e.trigger] ?? e.trigger }
}

/**
 * The model seam under its first name (the handlers and the scheduler import it): it is {@link modelRunAgent}, no
 * longer the scripted model alone.
 */
export const scriptedRunAgent: RunAgent = modelRunAgent
