// The relay options of `emulator start` (issue 8 item 5): where answers come from when an OpenAI-compatible server
// should give them. The API key is never a flag value (argv is visible to every user of the machine, and lands in
// shell history): it comes from --upstream-api-key-file or AGENTRY_UPSTREAM_API_KEY, and is never printed.
import type { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import type { EmulatorOptions } from '../../emulator/index.js'
import { readArgFile } from '../data-arg.js'

/** The environment variable that may hold the upstream's API key. */
export const upstreamKeyEnv = 'AGENTRY_UPSTREAM_API_KEY'

/** The schema fields of the relay options (merged into `emulator start`'s schema). */
export const upstreamOptionFields = {
  upstreamUrl: z.url({ message: 'must be a URL such as http://127.0.0.1:11434/v1' }).optional(),
  upstreamApiKeyFile: z.string().min(1, 'must name a file').optional(),
  upstreamModel: z.string().trim().min(1, 'must name a model').max(200, 'must be at most 200 characters').optional(),
}

/** Adds --upstream-url, --upstream-api-key-file and --upstream-model to a command. */
export function addUpstreamOptions(cmd: Command): Command {
  return cmd
    .option('--upstream-url <url>', 'answer with an OpenAI-compatible server (POST <url>/chat/completions)')
    .option('--upstream-api-key-file <path>', `file holding the upstream's API key (or set ${upstreamKeyEnv})`)
    .option('--upstream-model <name>', "the model asked of the upstream (default: each agent's model)")
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
