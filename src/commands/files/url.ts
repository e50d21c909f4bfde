// `agentry files url <path> [--expires 1h]`: a signed URL that reads the file without a credential until it expires
// (the SDK's `files.signedUrl({path, expiresIn})`), printed alone so that `$(agentry files url …)` is the URL.
import { UsageError } from '../../errors.js'
import { maxSignedUrlSeconds } from '../../api/contract/files.js'
import { checkRemote } from '../../files/transfer.js'
import { formatDuration, parseDuration } from '../../schedule-timing/duration.js'
import { arg, defineCommand } from '../define.js'
import { custom } from '../options.js'

/** `--expires`: a duration (30s, 15m, 1h, 7d) up to 7 days, in seconds. */
function expiresIn(text: string): number {
  const seconds = parseDuration(text)
  const most = formatDuration(maxSignedUrlSeconds)
  if (typeof seconds !== 'number' || seconds < 1 || seconds > maxSignedUrlSeconds)
    throw new UsageError(`--expires ${text}: must be a duration from 1s to ${most}`, 'e.g. --expires 15m or 1h')
  return seconds
}

export default defineCommand({
  path: ['files', 'url'],
  summary: 'Print a signed URL that reads a file without a credential until it expires',
  args: { remote: arg('<path>', 'the remote file') },
  options: {
    expires: custom('--expires <duration>', 'how long the URL works: 30s, 15m, 1h, 7d at most (default 1h)', expiresIn),
  },
  examples: [
    'agentry files url images/logo.png',
    'curl -fsS "$(agentry files url docs/README.md --expires 5m)"',
    'agentry files url images/logo.png --json',
  ],
  helpAfter: `
Anyone with the URL can read the file until it expires: share it as you would the file. --json gives the answer
whole (signedUrl, expiresAt when the server says).`,
  run: async ({ remote, expires }, ctx) => {
    const path = checkRemote(remote, 'the remote path')
    const answer = await (await ctx.sdk()).files.signedUrl({ path, expiresIn: expires ?? 3600 })
    const out = ctx.output()
    if (out.format === 'json' || out.format === 'ndjson' || out.format === 'yaml') await out.item(answer)
    else await out.text(answer.signedUrl)
  },
})
