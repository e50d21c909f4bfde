// The relay options of `emulator start`: where answers come from when an OpenAI-compatible server
// should give them. The API key is never a flag value (argv is visible to every user of the machine, and lands in
// shell history): it comes from --upstream-api-key-file or AGENTRY_UPSTREAM_API_KEY, and is never printed.
import { secretEnv } from '../../config/secret-env.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import type { EmulatorOptions } from '../../emulator/index.js'
import { readArgFile } from '../data-arg.js'
import { custom } from '../options.js'

/** The environment variable that may hold the upstream's API key. */
const upstreamKeyEnv = secretEnv.upstreamApiKey

/** `--upstream-url`: an absolute URL. */
function upstreamUrl(value: string, flag: string): string {
  if (!URL.canParse(value.trim())) throw new UsageError(`${flag}: must be a URL such as http://127.0.0.1:11434/v1`)
  return value
}

/** `--upstream-model`: a model name, trimmed, 1 to 200 characters. */
function modelName(value: string, flag: string): string {
  const name = value.trim()
  if (name === '') throw new UsageError(`${flag}: must name a model`)
  if (name.length > 200) throw new UsageError(`${flag}: must be at most 200 characters`)
  return name
}

/** `--upstream-api-key-file`: a file name. */
function keyFile(value: string, flag: string): string {
  if (value === '') throw new UsageError(`${flag}: must name a file`)
  return value
}

/** --upstream-url, --upstream-api-key-file and --upstream-model (merged into `emulator start`'s options). */
export const upstreamOptions = {
  upstreamUrl: custom(
    '--upstream-url <url>',
    'answer with an OpenAI-compatible server (POST <url>/chat/completions)',
    upstreamUrl,
  ),
  upstreamApiKeyFile: custom(
    '--upstream-api-key-file <path>',
    `file holding the upstream's API key (or set ${upstreamKeyEnv})`,
    keyFile,
  ),
  upstreamModel: custom(
    '--upstream-model <name>',
    "the model asked of the upstream (default: each agent's model)",
    modelName,
  ),
}

/** The createEmulator options for the relay; the key is read from its file (trimmed) or the environment. */
export async function upstreamEmulatorOptions(
  opts: {
    upstreamUrl?: string | undefined
    upstreamApiKeyFile?: string | undefined
    upstreamModel?: string | undefined
  },
  ctx: Context,
): Promise<Pick<EmulatorOptions, 'upstreamUrl' | 'upstreamApiKey' | 'upstreamModel'>> {
  const { upstreamUrl, upstreamApiKeyFile, upstreamModel } = opts
  if (upstreamUrl === undefined) {
    if (upstreamApiKeyFile !== undefined || upstreamModel !== undefined) {
      const flag = upstreamApiKeyFile !== undefined ? '--upstream-api-key-file' : '--upstream-model'
      throw new UsageError(`${flag} needs --upstream-url`, 'e.g. --upstream-url https://openrouter.ai/api/v1')
    }
    return {}
  }
  let key: string | undefined
  if (upstreamApiKeyFile !== undefined) {
    key = (await readArgFile(upstreamApiKeyFile, `--upstream-api-key-file ${upstreamApiKeyFile}`)).toString('utf8')
    key = key.trim()
    if (key === '') throw new UsageError(`--upstream-api-key-file ${upstreamApiKeyFile}: the file is empty`)
  } else {
    const fromEnv = ctx.env[upstreamKeyEnv]?.trim()
    if (fromEnv) key = fromEnv
  }
  if (key !== undefined && /[\r\n\0]/.test(key))
    throw new UsageError(`the upstream API key (${upstreamApiKeyFile ?? upstreamKeyEnv}) must be one line`)
  return {
    upstreamUrl,
    ...(key !== undefined ? { upstreamApiKey: key } : {}),
    ...(upstreamModel !== undefined ? { upstreamModel } : {}),
  }
}
