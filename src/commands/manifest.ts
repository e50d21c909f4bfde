// The command groups: name and summary here (cheap, for --help and suggestions); the code of a group is loaded
// only when that group runs, so `agentry --help` and `agentry --version` load almost nothing.
import type { Declared } from './define.js'

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

/** Every top-level command, in the order --help lists them. */
export const groups: GroupSpec[] = [
  {
    name: 'chat',
    summary: 'Chat with an agent: interactive on a terminal, one-shot with -m or stdin',
    load: () => import('./chat/index.js'),
  },
  {
    name: 'chats',
    summary: 'Stateful (workspace) chats: list, create, messages',
    load: () => import('./chats/index.js'),
  },
  {
    name: 'agents',
    aliases: ['agent'],
    summary: 'List agents, show one, show its A2A card',
    load: () => import('./agents/index.js'),
  },
  { name: 'skills', summary: 'List the skills of the account', load: () => import('./skills/index.js') },
  {
    name: 'scenario',
    aliases: ['scenarios'],
    summary: 'List, show, run (signed) and sign scenarios',
    load: () => import('./scenario/index.js'),
  },
  {
    name: 'webhook',
    aliases: ['webhooks'],
    summary: 'Manage webhooks, test them, trigger them',
    load: () => import('./webhook/index.js'),
  },
  {
    name: 'schedule',
    aliases: ['schedules'],
    summary: 'Run scenarios on a cron or an interval',
    load: () => import('./schedule/index.js'),
  },
  { name: 'keys', summary: 'List, create and delete API keys', load: () => import('./keys/index.js') },
  {
    name: 'cms',
    summary: 'Content records: query, get, save, delete, export, import',
    load: () => import('./cms/index.js'),
  },
  { name: 'sites', aliases: ['site'], summary: 'List sites, show one', load: () => import('./sites/index.js') },
  {
    name: 'pages',
    aliases: ['page'],
    summary: 'List the pages of a site, show one',
    load: () => import('./pages/index.js'),
  },
  {
    name: 'files',
    aliases: ['file'],
    summary: 'Files: list, upload, download, delete',
    load: () => import('./files/index.js'),
  },
  {
    name: 'images',
    aliases: ['image'],
    summary: 'Analyze an image, or generate one',
    load: () => import('./images/index.js'),
  },
  { name: 'a2a', summary: 'Talk to any agent that publishes an A2A card', load: () => import('./a2a/index.js') },
  {
    name: 'mcp',
    summary: 'Serve the account to MCP clients (Claude, Cursor, …)',
    load: () => import('./mcp/index.js'),
  },
  {
    name: 'test',
    summary: 'Test agents and scenarios: cases, assertions, a matrix, JUnit and an HTML report',
    load: () => import('./test/index.js'),
  },
  { name: 'api', summary: 'Make an authenticated call to any path', load: () => import('./api/index.js') },
  {
    name: 'login',
    summary: 'Log in (OAuth in a browser, or --with-api-key from stdin)',
    load: () => import('./login/index.js'),
  },
  {
    name: 'logout',
    summary: 'Forget the stored credential (and revoke OAuth tokens)',
    load: () => import('./logout/index.js'),
  },
  {
    name: 'whoami',
    summary: 'Show which credential is in use and where it came from',
    load: () => import('./whoami/index.js'),
  },
  {
    name: 'oauth',
    summary: 'OAuth: login, logout, status, token, refresh, register',
    load: () => import('./oauth/index.js'),
  },
  { name: 'logs', summary: 'The local log of chats: list, show, search, clear', load: () => import('./logs/index.js') },
  { name: 'config', summary: 'Show and change settings and profiles', load: () => import('./config/index.js') },
  { name: 'emulator', summary: 'Run the local emulator of the service', load: () => import('./emulator/index.js') },
  { name: 'version', summary: 'Print the version of agentry', load: () => import('./version/index.js') },
  {
    name: '__complete',
    summary: 'completion candidates',
    hidden: true,
    load: () => import('./completion/candidates.js'),
  },
  {
    name: 'completion',
    summary: 'Print a shell completion script (bash, zsh, fish)',
    load: () => import('./completion/index.js'),
  },
]
