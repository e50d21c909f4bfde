// `agentry logs export <id> --as-test [--out <file>]`: a logged conversation as a runnable test file of `agentry
// test` (the writing is src/evals/to-test.ts, shared with the chat's `/export test <file>`).
import { CliError, ExitCode, UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, flag } from '../options.js'

export default defineCommand({
  path: ['logs', 'export'],
  summary: 'Write a conversation as a test file of agentry test (--as-test)',
  args: { id: arg('<id>', 'the conversation id (agentry logs list)') },
  options: {
    asTest: flag('--as-test', 'write it as a test file: its turns as a conversation case, a starting assertion each'),
    out: custom('--out <file>', 'write here instead of stdout (the file appears whole)', nonEmpty('needs a file name')),
  },
  examples: ['agentry logs export c1a2b3c4d5e6 --as-test --out chat.test.yaml && agentry test chat.test.yaml'],
  run: async ({ id, asTest, out }, ctx) => {
    if (!asTest) throw new UsageError('say what to export the conversation as', `agentry logs export ${id} --as-test`)
    const store = await (await import('../../logs/index.js')).openLogStore(ctx)
    const c = store.get(id)
    if (c === undefined)
      throw new CliError(`no conversation ${id} in the local log`, {
        exitCode: ExitCode.notFound,
        hint: 'list them with: agentry logs list',
      })
    const messages = store.messages(id).map((m) => {
      let body: Record<string, unknown>
      try {
        body = JSON.parse(m.body) as Record<string, unknown>
      } catch {
        body = {}
      }
      return { ...body, role: m.role, content: body.content ?? m.content, finish_reason: m.finish_reason }
    })
    const { conversationAsTest } = await import('../../evals/to-test.js')
    const written = await conversationAsTest({
      agentId: c.agent_id,
      system: c.system,
      messages,
      source: `conversation ${c.id} of the local log`,
    })
    if ('problem' in written) throw new UsageError(`conversation ${id}: ${written.problem}`)
    if (out === undefined) return ctx.output().text(written.text)
    const { writeFileAtomic } = await import('../../io/atomic-file.js')
    await writeFileAtomic(out, written.text, { flag: '--out' })
    ctx.info(`wrote ${out}: run it with agentry test ${out}`)
  },
})
