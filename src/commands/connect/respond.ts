// `agentry connect respond <taskId> [words…] [--data @file|-]`: answers a task by hand (the waiting agent reads it).
// The answer is the words, else --data (@file, or - for stdin), else stdin when it is not a terminal.
import { UsageError } from '../../errors.js'
import { readArgText } from '../../io/arg-file.js'
import { readStdinText } from '../../io/iostreams.js'
import { arg, defineCommand } from '../define.js'
import { text } from '../options.js'

export default defineCommand({
  path: ['connect', 'respond'],
  summary: 'Answer a desktop task by hand',
  args: { taskId: arg('<taskId>', 'the task id'), words: arg('[answer...]', 'the answer (else --data or stdin)') },
  options: { data: text('--data <@file|->', 'the answer from a file (@path) or stdin (-)', { nonEmpty: true }) },
  examples: [
    'agentry connect respond dtask_123 all tests pass',
    'agentry connect respond dtask_123 --data @report.md',
    'make test 2>&1 | tail -50 | agentry connect respond dtask_123',
  ],
  run: async ({ taskId, words, data }, ctx) => {
    if (words.length > 0 && data !== undefined)
      throw new UsageError('give the answer as words or with --data, not both')
    let answer: string
    if (words.length > 0) answer = words.join(' ')
    else if (data !== undefined && data !== '-') {
      if (!data.startsWith('@'))
        throw new UsageError(`--data ${data}: give @file or - (stdin)`, 'or put the answer as words after the id')
      answer = await readArgText(data.slice(1), `--data ${data}`, ctx.bodyLimit())
    } else if (!ctx.io.stdinIsTTY) answer = await readStdinText(ctx.io, 'stdin', ctx.bodyLimit())
    else throw new UsageError('no answer given', 'put it after the id, or use --data @file, or pipe it in')
    if (answer.trim() === '') throw new UsageError('the answer is empty')
    await (await ctx.sdk()).desktop.tasks.respond(taskId, answer)
    ctx.info(`answered ${taskId}`)
  },
})
