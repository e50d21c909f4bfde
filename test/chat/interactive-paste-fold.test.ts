// Issue 33 item 13: a long paste is folded into one label in the prompt (`[pasted 60 lines]`) and sent as it is;
// the label is one character of the editor's text, so the cursor steps over it and Backspace removes it whole.
import { describe, expect, it } from 'vitest'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { LineEditor } from '../../src/chat/interactive/editor.js'
import { layoutInput } from '../../src/chat/interactive/layout.js'
import { fakeTerminal, scriptedSession, sentCount } from './interactive-fakes.js'

const sixty = Array.from({ length: 60 }, (_, i) => `line ${i + 1} of the log`).join('\n')

describe('a long paste in the prompt', () => {
  it('is one label in the text: shown folded, sent whole, stepped over and deleted as one', () => {
    const e = new LineEditor([])
    e.handle({ name: 'text', text: 'see: ' })
    e.handle({ name: 'paste', text: sixty })
    e.handle({ name: 'text', text: ' ok?' })
    const rows = layoutInput(e.text, e.cursor, { prompt: '› ', continuation: '· ', columns: 80, labels: e.folds }).rows
    expect(rows).toEqual([{ prefix: '› ', text: 'see: [pasted 60 lines] ok?' }])
    expect(e.handle({ name: 'enter' })).toEqual({ type: 'submit', text: `see: ${sixty} ok?` })
    for (let i = 0; i < 4; i++) e.handle({ name: 'left' })
    e.handle({ name: 'left' })
    expect(e.text.slice(0, e.cursor)).toBe('see: ')
    e.handle({ name: 'right' })
    e.handle({ name: 'backspace' })
    expect(e.message).toBe('see:  ok?')
  })

  it('folds a long single line by its characters, and leaves a short paste as it is', () => {
    const e = new LineEditor([])
    e.handle({ name: 'paste', text: 'x'.repeat(1500) })
    e.handle({ name: 'paste', text: 'alpha\nbeta\ngamma' })
    expect([...e.folds.values()]).toEqual(['[pasted 1500 characters]'])
    expect(e.message).toBe(`${'x'.repeat(1500)}alpha\nbeta\ngamma`)
  })

  it('in the chat: the prompt shows the label, the message goes out whole, the history keeps it whole', async () => {
    const t = fakeTerminal()
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('chat with demo')
    t.type(`summarize: \x1b[200~${sixty}\x1b[201~`)
    await t.waitFor('› summarize: [pasted 60 lines]')
    t.type('\r')
    await sentCount(s, 1)
    expect(s.sent).toEqual([`summarize: ${sixty}`])
    s.turns[0]!.push({ end: 'done' })
    t.type('\x04')
    expect(await done).toBe(0)
    expect(t.screen()).not.toContain('line 30 of the log')
  })
})
