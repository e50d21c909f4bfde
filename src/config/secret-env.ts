// The environment variables that carry our secrets (docs/commands.md "Settings": not settings, never stored). Each
// reader names its variable from here, so this is the whole list: a child the model drives (--tool-handler) gets
// none of them unless the user passes one on by name (--tool-env NAME).

/** Every secret-bearing environment variable, by what it holds. */
export const secretEnv = {
  /** the API key of a run (auth/resolve-credential.ts) */
  apiKey: 'AGENTRY_API_KEY',
  /** the official tools' name for the API key, read after ours (public-facts row 52) */
  officialApiKey: 'BRIGHTSY_API_KEY',
  /** the official MCP server's bearer credential, an OAuth access token, read after the keys (public-facts §5) */
  officialApiToken: 'BRIGHTSY_API_TOKEN',
  /** a scenario's signing secret (scenario run/sign) */
  scenarioSecret: 'AGENTRY_SCENARIO_SECRET',
  /** a webhook's secret (webhook trigger, the MCP trigger tool) */
  webhookSecret: 'AGENTRY_WEBHOOK_SECRET',
  /** the emulator's upstream model key (emulator start --upstream-url) */
  upstreamApiKey: 'AGENTRY_UPSTREAM_API_KEY',
  /** the official tools' OAuth access token (public-facts 5: BRIGHTSY_API_TOKEN) */
  officialToken: 'BRIGHTSY_API_TOKEN',
} as const

/** `env` without our secrets, except those named in `passOn` (which the user chose to hand over). */
export function withoutSecrets(env: NodeJS.ProcessEnv, passOn: readonly string[] = []): NodeJS.ProcessEnv {
  const out = { ...env }
  for (const name of Object.values(secretEnv)) if (!passOn.includes(name)) delete out[name]
  return out
}

/**
 * The bearer credential the environment gives (AGENTRY_API_KEY, else BRIGHTSY_API_KEY, else BRIGHTSY_API_TOKEN) and
 * the variable's name.
 */
export function envApiKey(env: NodeJS.ProcessEnv): { value: string; name: string } | undefined {
  for (const name of [secretEnv.apiKey, secretEnv.officialApiKey, secretEnv.officialApiToken]) {
    const value = env[name]?.trim()
    if (value) return { value, name }
  }
  return undefined
}
