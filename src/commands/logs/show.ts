// `agentry logs show <id>`: a logged conversation as a readable transcript (table/TSV formats), or as data
// (--json, -o json|ndjson|yaml): the conversation's facts and its messages in the wire shape with their facts.
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import type { LogStore, MessageRow } from '../../logs/store.js'
import { arg, defineCommand } from '../define.js'

export default defineCommand({
  path: ['logs', 'show'],
  summary: 'Show a conversation (--json: the transcript as JSON)',
  args: { id: arg('<id>', 'the conversation id (agentry logs list)') },
  examples: ['agentry logs show c1a2b3c4d5e6', 'agentry logs show c1a2b3c4d5e6 --json | jq .messages'],
  run: async ({ id }, ctx) => showConversation(ctx, await (await import('../../logs/index.js')).openLogStore(ctx), id),
})

/** One message as `show --json` gives it: the wire message plus when, request_id, finish_reason and usage. */
function messageJson(m: MessageRow): Record<string, unknown> {
  let body: Record<string, unknown>
  try {
    body = JSON.parse(m.body) as Record<string, unknown>
  } catch {
    body = { role: m.role, content: m.content }
  }
  const out: Record<string, unknown> = { ...body, created_at: m.created_at }
  if (m.request_id !== null) out.request_id = m.request_id
  if (m.finish_reason !== null) out.finish_reason = m.finish_reason
  if (m.partial === 1) out.partial = true
  if (m.total_tokens !== null)
    out.usage = {
      prompt_tokens: m.prompt_tokens,
      completion_tokens: m.completion_tokens,
      total_tokens: m.total_tokens,
    }
  return out
}

/** Prints the conversation `id`. */
async function showConversation(ctx: Context, store: LogStore, id: string): Promise<void> {
  const c = store.get(id)
  if (c === undefined)
    throw new CliError(`no conversation ${id} in the local log`, {
      exitCode: ExitCode.notFound,
      hint: 'list them with: agentry logs list',
    })
  const messages = store.messages(id)
  const format = ctx.outputFormat()
  if (format !== 'table' && format !== 'tsv') {
    const { messages: _count, ...facts } = c
    await ctx.output().item({ ...facts, messages: messages.map(messageJson) })
    return
  }
  const head = [`conversation ${c.id} with ${c.agent_id}`, c.chat_id ? `chat ${c.chat_id}` : '', c.created_at]
  const lines = [head.filter((s) => s !== '').join(' · ')]
  if (c.system) lines.push(`system: ${c.system}`)
  for (const m of messages) {
    const usage = m.total_tokens !== null ? ` · ${m.prompt_tokens} in · ${m.completion_tokens} out` : ''
    const cut = m.partial === 1 ? ' · partial (cut short)' : ''
    lines.push('', `${m.role} · ${m.created_at}${usage}${cut}`, m.content)
  }
  await ctx.output().text(`${lines.join('\n')}\n`)
}
