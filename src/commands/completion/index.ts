// `agentry completion bash|zsh|fish`: scripts that ask `agentry __complete <words…>` for candidates, so completion
// always matches the installed version's commands (the approach of gh/cobra).
import { Command } from 'commander'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { sanitize } from '../../io/sanitize.js'
import { examples } from '../shared.js'

const scripts: Record<string, string> = {
  bash: `# agentry bash completion; add to ~/.bashrc:  source <(agentry completion bash)
_agentry() {
  local IFS=$'\\n'
  COMPREPLY=($(agentry __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _agentry agentry
`,
  zsh: `#compdef agentry
# agentry zsh completion; add to ~/.zshrc:  source <(agentry completion zsh)
_agentry() {
  local -a items
  items=("\${(@f)$(agentry __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -a items
}
compdef _agentry agentry
`,
  fish: `# agentry fish completion; save as ~/.config/fish/completions/agentry.fish
complete -c agentry -f -a '(agentry __complete (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)'
`,
}

/** Candidates for the last word, given the words before it. */
export async function complete(words: string[], ctx: Context): Promise<string[]> {
  const { buildProgram } = await import('../../cli.js')
  const program = await buildProgram(ctx, words)
  const current = words.at(-1) ?? ''
  let cmd: Command = program
  for (const w of words.slice(0, -1)) {
    const next = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w))
    if (next) cmd = next
  }
  const options = [...cmd.options, ...(cmd === program ? [] : program.options)].flatMap(
    (o) => [o.long, o.short].filter(Boolean) as string[],
  )
  const pool = current.startsWith('-')
    ? options
    : cmd.commands.filter((c) => !c.name().startsWith('__')).map((c) => c.name())
  return pool.filter((c) => c.startsWith(current)).sort()
}

/** Registers `completion` and the hidden `__complete`. */
export function register(program: Command, ctx: Context): void {
  const cmd = new Command('completion')
    .description('Print a shell completion script')
    .argument('<shell>', 'bash, zsh or fish')
    .action((shell: string) => {
      const script = scripts[shell]
      if (!script) throw new UsageError(`unknown shell ${shell}`, 'use bash, zsh or fish')
      ctx.io.stdout.write(script)
    })
  examples(cmd, [
    'source <(agentry completion bash)',
    'agentry completion fish > ~/.config/fish/completions/agentry.fish',
  ])
  program.addCommand(cmd)
  program.addCommand(
    new Command('__complete')
      .argument('[words...]')
      .allowUnknownOption()
      .helpOption(false)
      .action(async (words: string[]) => {
        const { Context } = await import('../../context.js')
        const quiet = new Context({ io: ctx.io, env: ctx.env, version: ctx.version })
        for (const c of await complete(words.length ? words : [''], quiet)) ctx.io.stdout.write(`${sanitize(c)}\n`)
      }),
    { hidden: true },
  )
}
