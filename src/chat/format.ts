// The output formats of `chat` (commands.md): what one-shot mode writes, and what `--json`/`-o` may choose.

export const chatFormats = ['text', 'json', 'ndjson'] as const
export type ChatFormat = (typeof chatFormats)[number]
