// A2A servers built with @a2a-js/sdk on 127.0.0.1, each with its defaults: the current line (A2A 1.0, a card with
// only `supportedInterfaces`) and the 0.3 line (a card with `url` + `preferredTransport`). Their executor echoes
// the message as an artifact in two pieces; a message starting with "wait" runs until it is canceled.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AgentCard, AGENT_CARD_PATH, TaskState } from '@a2a-js/sdk'
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from '@a2a-js/sdk/server'
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express'
import * as v03 from 'a2a-sdk-03/server'
import * as v03express from 'a2a-sdk-03/server/express'
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3'
import express from 'express'
import { pollUntil } from '../helpers/poll.js'

/** A running server: its origin (the card is at its well-known path) and how to stop it. */
export interface SdkServer {
  origin: string
  close(): Promise<void>
}

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const closer = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/** Waits until `taskId` is canceled (true) or 10 s pass (false). */
async function waitForCancel(cancelled: Set<string>, taskId: string): Promise<boolean> {
  return pollUntil(() => cancelled.has(taskId), { timeoutMs: 10_000, stepMs: 20 }).then(
    () => true,
    () => false,
  )
}

const now = () => new Date().toISOString()
const text10 = (value: string) => ({
  content: { $case: 'text' as const, value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
})

/** The echo agent on the current SDK (A2A 1.0). */
class Echo10 implements AgentExecutor {
  private readonly cancelled = new Set<string>()
  cancelTask = async (taskId: string) => {
    this.cancelled.add(taskId)
  }
  async execute(rc: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId, userMessage } = rc
    const text = userMessage.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('')
    const status = (state: TaskState) => ({
      taskId,
      contextId,
      status: { state, timestamp: now(), message: undefined },
      metadata: undefined,
    })
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: status(TaskState.TASK_STATE_SUBMITTED).status,
        artifacts: [],
        history: [userMessage],
        metadata: undefined,
      }),
    )
    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_WORKING)))
    if (text.startsWith('wait') && (await waitForCancel(this.cancelled, taskId))) {
      bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_CANCELED)))
      return
    }
    const pieces = ['echo: ', text]
    pieces.forEach((piece, i) => {
      const artifact = {
        artifactId: 'echo',
        name: 'echo',
        description: '',
        parts: [text10(piece)],
        metadata: undefined,
        extensions: [],
      }
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact,
          append: i > 0,
          lastChunk: i === pieces.length - 1,
          metadata: undefined,
        }),
      )
    })
    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_COMPLETED)))
  }
}

/** The echo agent's 1.0 card, as the SDK's samples write it: `supportedInterfaces`, no top-level `url`. */
function card10(origin: string): AgentCard {
  return {
    name: 'Echo 1.0',
    description: 'Echoes what it is told',
    supportedInterfaces: [{ url: `${origin}/`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'echo',
        name: 'Echo',
        description: 'echo',
        tags: ['echo'],
        examples: [],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  }
}

/** A server on the current @a2a-js/sdk with its defaults: a 1.0 card (no top-level `url`), JSON-RPC 1.0 only. */
async function startSdk10Server(): Promise<SdkServer> {
  const app = express()
  const { server, origin } = await listen(app)
  const card = card10(origin)
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new Echo10())
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }))
  app.use(jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }))
  return { origin, close: closer(server) }
}

/** A server on the current @a2a-js/sdk with its v0.3 compatibility layer on: both generations on one endpoint, and
 * a card per generation (the 0.3 one to requests without `A2A-Version`). */
async function startSdk10CompatServer(): Promise<SdkServer> {
  const app = express()
  const { server, origin } = await listen(app)
  const base = card10(origin)
  const card: AgentCard = {
    ...base,
    name: 'Echo 1.0',
    supportedInterfaces: duplicateInterfacesForLegacy(base.supportedInterfaces, ['JSONRPC']),
  }
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new Echo10())
  const legacyCompat = { enabled: true }
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler, legacyCompat }))
  app.use(jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication, legacyCompat }))
  return { origin, close: closer(server) }
}

/** The echo agent on the 0.3 SDK. */
class Echo03 implements v03.AgentExecutor {
  private readonly cancelled = new Set<string>()
  cancelTask = async (taskId: string) => {
    this.cancelled.add(taskId)
  }
  async execute(rc: v03.RequestContext, bus: v03.ExecutionEventBus): Promise<void> {
    const { taskId, contextId, userMessage } = rc
    const text = userMessage.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('')
    const status = (state: 'submitted' | 'working' | 'completed' | 'canceled', final = false) =>
      ({ kind: 'status-update', taskId, contextId, status: { state, timestamp: now() }, final }) as const
    bus.publish({
      kind: 'task',
      id: taskId,
      contextId,
      status: { state: 'submitted', timestamp: now() },
      history: [userMessage],
    })
    bus.publish(status('working'))
    if (text.startsWith('wait') && (await waitForCancel(this.cancelled, taskId))) {
      bus.publish(status('canceled', true))
      bus.finished()
      return
    }
    const pieces = ['echo: ', text]
    pieces.forEach((piece, i) => {
      const artifact = { artifactId: 'echo', name: 'echo', parts: [{ kind: 'text' as const, text: piece }] }
      bus.publish({
        kind: 'artifact-update',
        taskId,
        contextId,
        artifact,
        append: i > 0,
        lastChunk: i === pieces.length - 1,
      })
    })
    bus.publish(status('completed', true))
    bus.finished()
  }
}

/** A server on @a2a-js/sdk 0.3 with its defaults: a 0.3 card (`url`, `preferredTransport`), JSON-RPC 0.3. */
async function startSdk03Server(): Promise<SdkServer> {
  const app = express()
  const { server, origin } = await listen(app)
  const card = {
    name: 'Echo 0.3',
    description: 'Echoes what it is told',
    protocolVersion: '0.3.0',
    version: '1.0.0',
    url: `${origin}/`,
    preferredTransport: 'JSONRPC',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'echo', tags: ['echo'] }],
  }
  const requestHandler = new v03.DefaultRequestHandler(card, new v03.InMemoryTaskStore(), new Echo03())
  app.use('/.well-known/agent-card.json', v03express.agentCardHandler({ agentCardProvider: requestHandler }))
  app.use(v03express.jsonRpcHandler({ requestHandler, userBuilder: v03express.UserBuilder.noAuthentication }))
  return { origin, close: closer(server) }
}

/**
 * A 0.3 server mounted the way the 0.3 SDK's A2AExpressApp mounts it under a base path: the JSON-RPC endpoint at
 * `<origin><basePath>` and its card at `<origin><basePath>/.well-known/agent-card.json`. `originCard` also serves
 * another agent's card at the origin's well-known path (a host with several agents).
 */
export async function startSdk03ServerUnder(basePath: string, originCard?: { name: string }): Promise<SdkServer> {
  const app = express()
  const { server, origin } = await listen(app)
  const card = {
    name: 'Echo under a path',
    description: 'Echoes what it is told',
    protocolVersion: '0.3.0',
    version: '1.0.0',
    url: `${origin}${basePath}`,
    preferredTransport: 'JSONRPC',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'echo', tags: ['echo'] }],
  }
  if (originCard)
    app.get('/.well-known/agent-card.json', (_req, res) => {
      res.json({ ...card, name: originCard.name, url: `${origin}/other/jsonrpc` })
    })
  const requestHandler = new v03.DefaultRequestHandler(card, new v03.InMemoryTaskStore(), new Echo03())
  new v03express.A2AExpressApp(requestHandler).setupRoutes(app, basePath)
  return { origin, close: closer(server) }
}

/** Both servers, by name, for parameterised tests. */
export const sdkServers = {
  'current (1.0)': startSdk10Server,
  'current with 0.3 compatibility': startSdk10CompatServer,
  '0.3': startSdk03Server,
} as const
