// The completion scripts `agentry completion <shell>` prints: each asks `agentry __complete -- <words…>` for
// candidates (the approach of gh/cobra), and completes file names when the first line is `:files`.

/** The completion script of each shell. */
export const scripts: Record<string, string> = {
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
