// `agentry keys create`: a new API key, scoped to agents, scenarios and CMS access (service-interface 5.2; wire.md
// "API keys"). The service shows the key once; agentry prints it once, to stdout: just the key when piped, so
// `KEY=$(agentry keys create --name ci)` works, the whole record with --json.
import type { ApiKey } from '../../api/schemas/index.js'
import { CliError, ExitCode } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { maxChars } from '../max-chars.js'
import { defineCommand } from '../define.js'
import { choice, custom, list, required } from '../options.js'
import { expiryTime, parseExpiry } from './expiry.js'

export default defineCommand({
  path: ['keys', 'create'],
  summary: 'Create an API key and print it once (just the key when piped; --json for the record)',
  options: {
    name: required(custom('--name <name>', 'a name to recognise it by', maxChars(100, 'give a name'))),
    agent: list('--agent <id>', 'allow only this agent (repeatable); default: every agent', { nonEmpty: true }),
    scenario: list('--scenario <id>', 'allow only this scenario (repeatable); default: every scenario', {
      nonEmpty: true,
    }),
    cms: choice('--cms <access>', 'CMS access (default: the service default)', ['none', 'read', 'write']),
    expires: custom('--expires <when>', 'expiry: an ISO date or time, or a duration from now such as 30d', (v, f) => ({
      text: v,
      expiry: parseExpiry(v, f),
    })),
  },
  examples: [
    'KEY=$(agentry keys create --name ci --agent ag_1 --cms read --expires 30d)',
    'agentry keys create --name deploy --scenario scn_1 --scenario scn_2 --json',
  ],
  run: async (o, ctx) => {
    const scopes: ApiKey['scopes'] = {}
    if (o.agent.length) scopes.agents = o.agent
    if (o.scenario.length) scopes.scenarios = o.scenario
    if (o.cms) scopes.cms = o.cms
    const expiresAt = o.expires && expiryTime(o.expires.expiry, o.expires.text, ctx.now())
    const body = { name: o.name, scopes, ...(expiresAt ? { expiresAt } : {}) }
    const created = await (await ctx.sdk()).keys.create(body)
    if (!created.key)
      throw new CliError('the service created the key but did not return it', { exitCode: ExitCode.server })
    ctx.redactor.add(created.key)
    if (!ctx.outputChosen() && !ctx.io.stdoutIsTTY) return writeAll(ctx.io.stdout, `${created.key}\n`)
    await ctx.output().item(created)
    if (ctx.io.stdoutIsTTY) ctx.warn('the key above is shown once; store it now')
  },
})
