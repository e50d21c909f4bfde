// `agentry completion bash|zsh|fish`: scripts that ask `agentry __complete -- <words…>` for candidates, so completion
// always matches the installed version's commands (the approach of gh/cobra). The `--` keeps the words from being
// read as __complete's own options (`agentry chat --<TAB>` once became `agentry chat chat`).
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { scripts } from './scripts.js'

export default defineCommand({
  path: ['completion'],
  summary: 'Print a shell completion script (bash, zsh, fish)',
  args: { shell: arg('<shell>', 'bash, zsh or fish') },
  examples: ['source <(agentry completion bash)', 'agentry completion fish > ~/.config/fish/completions/agentry.fish'],
  run: ({ shell }, ctx) => {
    const script = scripts[shell]
    if (!script) throw new UsageError(`unknown shell ${shell}`, 'use bash, zsh or fish')
    ctx.io.stdout.write(script)
  },
})
