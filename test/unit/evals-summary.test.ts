// The Markdown summary of `agentry test` (--summary-md, $GITHUB_STEP_SUMMARY): what a case names cannot become markup
// or break the table, and however many cells fail, the comment stays under GitHub's 65,536 characters and says how
// many rows it left out.
import { describe, expect, it } from 'vitest'
import { type Cell, cellsOf, compareRuns, type TestResult } from '../../src/evals/results.js'
import { htmlReport } from '../../src/evals/report-html.js'
import { markdownSummary } from '../../src/evals/summary.js'

const result = (i: number, description: string, pass: boolean): TestResult => ({
  case: description,
  description,
  caseIndex: i,
  tags: [],
  target: 't',
  repeat: 0,
  passRate: 1,
  vars: {},
  pass,
  score: pass ? 1 : 0,
  answer: 'a',
  toolCalls: [],
  finishReason: 'stop',
  usage: null,
  latencyMs: 5,
  error: null,
  assertions: [{ type: 'contains', pass, score: pass ? 1 : 0, weight: 1, reason: 'x'.repeat(400) }],
})

describe('markdownSummary', () => {
  it('stays under 65,536 characters with thousands of long failing rows, and counts the ones left out', () => {
    const cells: Cell[] = cellsOf(
      Array.from({ length: 3000 }, (_, i) => result(i, `case ${i} ${'y'.repeat(400)}`, false)),
    )
    const earlier = new Map(
      cells.map((c) => [`${c.case}\nt`, { ...c, pass: true, tokens: null, answer: 'was fine' }] as const),
    )
    const md = markdownSummary('t', 'line', cells, compareRuns('before.ndjson', earlier, cells, new Set()))
    expect(md.length).toBeLessThan(65_536)
    expect(md).toMatch(/… and 2900 more/)
    expect(md).toContain('#### Failing now (3000)')
  })

  it('escapes what a case names: no markup, no link, no broken table row, no entity, strike-through or mention', () => {
    const cells = cellsOf([
      result(0, 'a | b <img src=x> [link](http://x) `code` *em*\nnext &amp; ~~x~~ @team :tada:', false),
    ])
    const md = markdownSummary('<b>title</b>', 'line', cells, undefined)
    expect(md).toContain(
      '| a \\| b &lt;img src=x&gt; \\[link\\](http\\://x) \\`code\\` \\*em\\* next &amp;amp; \\~\\~x\\~\\~ \\@team \\:tada\\: | t |',
    )
    expect(md).toContain('### &lt;b&gt;title&lt;/b&gt;')
  })
})

describe('htmlReport: what the server writes as HTML', () => {
  it('escapes hostile names in the figures, the comparison and the no-JavaScript list, and labels invisible characters', () => {
    const hostile = '<img src=x onerror=alert(1)>\u202eexe.txt'
    const r = { ...result(0, hostile, false), target: hostile }
    const cells = cellsOf([r])
    const earlier = new Map([
      [`${hostile}\n${hostile}`, { ...cells[0]!, pass: true, tokens: null, answer: 'was fine' }] as const,
    ])
    const html = htmlReport(
      { title: hostile, file: 'f.yaml', summary: hostile, startedAt: 0, targets: [hostile] },
      cells,
      compareRuns('b.ndjson', earlier, cells, new Set()),
    )
    const outside = html.replace(/<script type="application\/gzip\+base64" id="data">[^<]*<\/script>/, '')
    expect(outside).not.toContain('<img')
    expect(outside).not.toContain('\u202e')
    expect(outside).toContain('&lt;img src=x onerror=alert(1)&gt;<span class="inv">[U+202E RLO]</span>exe.txt')
    expect(outside).toMatch(/Regressed \(1\)/)
  })
})
