// Syntax highlighting of code block lines with lowlight (highlight.js grammars). lowlight and its grammars cost
// about 200 ms to load, so they are imported only when an answer first opens a code block (or when a caller
// preloads them), never at startup.
import type { createLowlight } from 'lowlight'
import type { Style, Theme } from './theme.js'

/** Highlights code lines; lines are highlighted as they complete, so only the last one is styled and returned. */
export interface Highlighter {
  /** the last of `lines` styled, with the lines before it as context; undefined for an unknown language */
  line(lines: readonly string[], lang: string, theme: Theme): string | undefined
  /** compiles a language's grammar ahead of its first line (highlight.js compiles lazily, 10-80 ms) */
  prepare(lang: string): void
}

/** How many preceding lines of a block are highlighted with each line, so that multi-line comments and strings
 * opened shortly before are recognised while the cost per line stays bounded (about 35 µs a line). */
export const contextLines = 12

type Tree = ReturnType<ReturnType<typeof createLowlight>['highlight']>

interface HastNode {
  type: string
  value?: string
  properties?: { className?: unknown }
  children?: HastNode[]
}

// Fences often name the shell rather than the grammar; highlight.js's `shell` is for prompt sessions.
const aliases: Record<string, string> = { shell: 'bash', sh: 'bash', zsh: 'bash', 'shell-session': 'console' }

function lastLine(tree: Tree, theme: Theme): string {
  let cur = ''
  const visit = (node: HastNode, style: Style | undefined) => {
    if (node.type === 'text') {
      const parts = (node.value ?? '').split('\n')
      parts.forEach((part, i) => {
        if (i > 0) cur = ''
        if (part) cur += style ? style(part) : part
      })
      return
    }
    let next = style
    const cls = node.properties?.className
    if (Array.isArray(cls)) {
      const own = theme.syntax(cls.map(String))
      if (own) next = style ? (s) => style(own(s)) : own
    }
    for (const child of node.children ?? []) visit(child, next)
  }
  visit(tree as unknown as HastNode, undefined)
  return cur
}

/** The language name a fence's info string asks for (`ts title="x"` → `ts`). */
export function fenceLanguage(info: string): string {
  const word = (/^[^\s{]+/.exec(info.trim())?.[0] ?? '').toLowerCase()
  return aliases[word] ?? word
}

/** Loads lowlight with highlight.js's common grammars (dynamic import, so bundles put it in its own chunk). */
export async function loadHighlighter(): Promise<Highlighter> {
  const { createLowlight, common } = await import('lowlight')
  const lowlight = createLowlight(common)
  return {
    line(lines, lang, theme) {
      if (!lang || theme.plain || !lowlight.registered(lang) || lines.length === 0) return undefined
      return lastLine(lowlight.highlight(lang, lines.join('\n')), theme)
    },
    prepare(lang) {
      if (lang && lowlight.registered(lang)) lowlight.highlight(lang, '')
    },
  }
}
