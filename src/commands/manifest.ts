// The top-level commands, in the order --help lists them, each with the code that runs it: a group is loaded only
// when it runs, so `agentry --help` and "did you mean" load no group. Their summaries and aliases are the groups'
// own declarations, copied into ./manifest.gen.ts by `npm run gen` (test/unit/generated.test.ts fails when stale).
import type { Declared } from './define.js'
import { declared } from './manifest.gen.js'

/** A top-level command's module: its declaration (defineCommand/defineGroup) as the default export. */
type GroupModule = { default: Declared }

/** One top-level command or group. */
export interface GroupSpec {
  name: string
  aliases?: string[]
  summary: string
  hidden?: boolean
  load: () => Promise<GroupModule>
}

type Name = keyof typeof declared

/** How each top-level command is loaded: a literal import(), so that esbuild gives each group its own chunk. */
const loaders: Record<Name, () => Promise<GroupModule>> = {
  chat: () => import('./chat/index.js'),
  chats: () => import('./chats/index.js'),
  agents: () => import('./agents/index.js'),
  skills: () => import('./skills/index.js'),
  models: () => import('./models/index.js'),
  scenario: () => import('./scenario/index.js'),
  webhook: () => import('./webhook/index.js'),
  schedule: () => import('./schedule/index.js'),
  keys: () => import('./keys/index.js'),
  cms: () => import('./cms/index.js'),
  sites: () => import('./sites/index.js'),
  pages: () => import('./pages/index.js'),
  files: () => import('./files/index.js'),
  images: () => import('./images/index.js'),
  a2a: () => import('./a2a/index.js'),
  mcp: () => import('./mcp/index.js'),
  connect: () => import('./connect/index.js'),
  test: () => import('./test/index.js'),
  api: () => import('./api/index.js'),
  login: () => import('./login/index.js'),
  logout: () => import('./logout/index.js'),
  whoami: () => import('./whoami/index.js'),
  teams: () => import('./teams/index.js'),
  doctor: () => import('./doctor/index.js'),
  oauth: () => import('./oauth/index.js'),
  logs: () => import('./logs/index.js'),
  config: () => import('./config/index.js'),
  emulator: () => import('./emulator/index.js'),
  version: () => import('./version/index.js'),
  __complete: () => import('./completion/candidates.js'),
  completion: () => import('./completion/index.js'),
}

/** Every top-level command, in the order --help lists them. */
export const groups: GroupSpec[] = (Object.keys(loaders) as Name[]).map((name) => ({
  name,
  ...declared[name],
  load: loaders[name],
}))
