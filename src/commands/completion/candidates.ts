// `agentry __complete -- <words…>` (hidden; the completion scripts call it): the candidates for the last word, one a
// line, from the whole declared command tree as the words see it (their group loaded, as a real run would).
import { sanitize } from '../../text/sanitize.js'
import { arg, defineCommand } from '../define.js'
import { complete, targetOf } from './complete.js'
import { candidateLines } from './static.js'

export default defineCommand({
  path: ['__complete'],
  summary: 'completion candidates',
  hidden: true,
  args: { words: arg('[words...]', '') },
  // the words are another command line: its flags are not __complete's, and `--help` among them is a word
  commander: (cmd) => cmd.allowUnknownOption().helpOption(false),
  run: async ({ words }, ctx) => {
    // cli.js imports this group (through the manifest): loaded here, at run time, it is no import cycle
    // (and with it Context: a static import of context.ts here would split it out of cli.js into a file of its own)
    const { buildProgram, commandTree, Context } = await import('../../cli.js')
    const all = words.length ? words : ['']
    // the program as the words see it (their group loaded), built on a context that is never run
    const full = await buildProgram(new Context({ io: ctx.io, env: ctx.env, version: ctx.version }), all)
    // ids come from where the completed line would run: its --profile, --base-url, --account, --api-key-file (the
    // last word, being typed, is not one yet); a line whose settings do not resolve gets no ids. Ids come from the
    // service: shown, never obeyed
    const run = ctx.sibling()
    await run.resolve({ globals: targetOf(all.slice(0, -1)) }).catch(() => {})
    try {
      const lines = candidateLines(await complete(commandTree(full), all, run), (c) => sanitize(c))
      if (lines) ctx.io.stdout.write(lines)
    } finally {
      await run.cleanup()
    }
  },
})
