// `agentry completion bash|zsh|fish`: scripts that ask `agentry __complete -- <words…>` for candidates, so completion
// always matches the installed version's commands (the approach of gh/cobra). The `--` keeps the words from being
// read as __complete's own options (`agentry chat --<TAB>` once became `agentry chat chat`).
import { Command } from 'commander'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { sanitize } from '../../io/sanitize.js'
import { examples } from '../shared.js'
import { complete } from './complete.js'

const scripts: Record<string, string> = {
  bash: `# agentry bash completion; add to ~/.bashrc:  source <(agentry completion bash)
_agentry() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" IFS=$'\\n'
  local -a out
  out=($(agentry __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
  if [[ "\${out[0]}" == ":files" ]]; then
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
  else
    COMPREPLY=("\${out[@]}")
  fi
}
complete -F _agentry agentry
`,
  zsh: `#compdef agentry
# agentry zsh completion; add to ~/.zshrc (after compinit):  source <(agentry completion zsh)
_agentry() {
  local -a items
  items=(\${(f)"$(agentry __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)"})
  if [[ "\${items[1]}" == ":files" ]]; then
    _files
  else
    compadd -Q -a items
  fi
}
compdef _agentry agentry
`,
  fish: `# agentry fish completion; save as ~/.config/fish/completions/agentry.fish
function __agentry_complete
    set -l words (commandline -opc)[2..-1] (commandline -ct)
    set -l out (agentry __complete -- $words 2>/dev/null)
    if test "$out[1]" = ":files"
        __fish_complete_path (commandline -ct)
    else
        printf '%s\\n' $out
    end
end
complete -c agentry -f -a '(__agentry_complete)'
`,
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
        const [{ buildProgram }, { Context }] = await Promise.all([import('../../cli.js'), import('../../context.js')])
        const all = words.length ? words : ['']
        // the program as the words see it (their group loaded), built on a context that is never run
        const full = await buildProgram(new Context({ io: ctx.io, env: ctx.env, version: ctx.version }), all)
        for (const c of await complete(full, all, ctx)) if (/^\S+$/.test(c)) ctx.io.stdout.write(`${sanitize(c)}\n`)
      }),
    { hidden: true },
  )
}
