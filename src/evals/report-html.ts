// `--report report.html`: one self-contained page (no network, no CDN: it opens from a CI artifact or a disk) with the
// matrix of cases × targets, each case's inputs, every run's answer side by side per target, expected against actual,
// each target's pass rate, latency and tokens, the --compare differences, and filters (src/evals/report-page.ts).
// Hostile answers stay text: the data rides gzipped in base64 in a <script type="application/gzip+base64"> (so no
// answer can close the element), the page's own script puts every string into the page
// with textContent (never as markup), and a Content-Security-Policy allows that one script by its hash and nothing
// else (no other script, no network, no images from anywhere). What the server writes as HTML (the figures, the
// comparison, the failing cases for a browser without JavaScript) is escaped, invisible characters made visible.
import { createHash } from 'node:crypto'
import { gunzipSync, gzipSync } from 'node:zlib'
import { failureLines } from './junit.js'
import type { PlannedCase } from './load.js'
import { type PageComparison, type ReportData, reportData, type TargetStats } from './report-data.js'
import { script, style } from './report-page.js'
import { escapeHtml, visibleHtml, visibleText } from './report-visible.js'
import { type Cell, type Comparison, failing } from './results.js'

/** What the page is about. */
export interface ReportMeta {
  title: string
  file: string
  summary: string
  startedAt: number
  targets: string[]
  /** the cases that ran: their inputs and expectations are shown (without them, only the answers) */
  cases?: readonly PlannedCase[] | undefined
}

const scriptHash = createHash('sha256').update(script).digest('base64')

/**
 * The page's data as it sits in the page: its JSON gzipped, in base64 (the page's script inflates it with the
 * browser's DecompressionStream). Answers repeat much of each other: a 10,000-case report of two targets is 8 MB of
 * JSON and under 1 MB so, and the page opens as fast as it is small. Base64 has no <, > or &: nothing in it can end
 * the <script> element it sits in.
 */
const packed = (v: ReportData) => gzipSync(JSON.stringify(v), { level: 6 }).toString('base64')

/** The data of a report page (its tests read it so). */
export function reportDataOf(html: string): ReportData {
  const base64 = /<script type="application\/gzip\+base64" id="data">([^<]*)<\/script>/.exec(html)?.[1]
  if (base64 === undefined) throw new Error('not an agentry test report: no data')
  return JSON.parse(gunzipSync(Buffer.from(base64, 'base64')).toString('utf8')) as ReportData
}

/** Rows written as HTML (not by the script) are capped: the page stays small and quick however large the run. */
const staticRows = 200

const more = (n: number) => (n > staticRows ? `<p class="meta">… and ${n - staticRows} more</p>` : '')

function statsTable(stats: readonly TargetStats[]): string {
  const rows = stats.map((s) => {
    const rate = s.cells ? `${Math.round((s.passed / s.cells) * 1000) / 10}%` : '—'
    const tokens = s.tokens ? `${s.tokens.total} (${s.tokens.mean} a run)` : '—'
    return `<tr><td>${visibleHtml(s.target)}</td><td>${s.passed}/${s.cells}</td><td>${rate}</td><td>${s.errors}</td><td>${s.latencyMs ? `${s.latencyMs.mean} ms` : '—'}</td><td>${s.latencyMs ? `${s.latencyMs.p50} / ${s.latencyMs.p95} ms` : '—'}</td><td>${tokens}</td></tr>`
  })
  return `<h2>Targets</h2><div class="scroll"><table id="targets"><thead><tr><th>target</th><th>passed</th><th>pass rate</th><th>errors</th><th>mean latency</th><th>p50 / p95</th><th>tokens</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`
}

const signed = (before: number, after: number) => {
  const d = after - before
  return `${before} → ${after} (${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)})`
}

function comparisonSection(c: PageComparison): string {
  type Listed = PageComparison['regressions'][number]
  // each item links to its row: the page's script opens it, with the earlier answer beside the new one
  const name = (x: Listed) =>
    x.row >= 0 ? `<a href="#case-${x.row}">${visibleHtml(x.description)}</a>` : visibleHtml(x.description)
  const list = (title: string, cls: string, items: readonly Listed[], note: (x: Listed) => string) =>
    items.length === 0
      ? ''
      : `<h3 class="chg-h ${cls}">${title} (${items.length})</h3><ul class="changes">${items
          .slice(0, staticRows)
          .map((x) => `<li>${name(x)} <span class="num">${visibleHtml(x.target)}${note(x)}</span></li>`)
          .join('')}</ul>${more(items.length)}`
  const deltas = c.targets.map(
    (t) =>
      `<tr><td>${visibleHtml(t.target)}</td><td>${t.matched}</td><td>${signed(t.before.passed, t.after.passed)}</td><td>${t.before.latencyMs !== null && t.after.latencyMs !== null ? `${signed(t.before.latencyMs, t.after.latencyMs)} ms` : '—'}</td><td>${t.before.tokens !== null && t.after.tokens !== null ? signed(t.before.tokens, t.after.tokens) : '—'}</td></tr>`,
  )
  return `<section id="comparison"><h2>Since ${visibleHtml(c.file)}: ${c.regressions.length} regressed, ${c.fixes.length} fixed, ${c.added.length} new, ${c.removed.length} removed</h2><div class="scroll">${list('Regressed', 'regressed', c.regressions, (x) => ` · ${visibleHtml(x.how ?? '')}`)}${list('Fixed', 'fixed', c.fixes, (x) => ` · ${visibleHtml(x.how ?? '')}`)}${list('New', 'new', c.added, (x) => (x.pass ? ' · passes' : ' · fails'))}${list(
    'Removed',
    'new',
    c.removed.map((e) => ({ ...e, row: -1 })),
    (x) => (x.pass ? ' · passed' : ' · failed'),
  )}${
    deltas.length
      ? `<table><thead><tr><th>target</th><th>cases in both</th><th>passed</th><th>mean latency</th><th>mean tokens</th></tr></thead><tbody>${deltas.join('')}</tbody></table>`
      : ''
  }</div></section>`
}

/** For a browser without JavaScript: a notice, and the failing cells as plain HTML (why: as in the summary, junit.ts). */
function noScript(data: ReportData, cells: readonly Cell[]): string {
  const failed = cells.filter(failing)
  const items = failed
    .slice(0, staticRows)
    .map(
      (c) =>
        `<li>${visibleHtml(c.description)} <span class="num">${visibleHtml(c.target)}</span> — ${visibleHtml(failureLines(c).join('; '))}</li>`,
    )
  return `<noscript><div class="notice"><strong>This report shows its ${data.rows.length} cases with JavaScript, which is off.</strong> Open it in a browser with JavaScript on (the page runs one script of its own and loads nothing), or read the --results file. The summary, the targets and the comparison above are complete; the failing cells are:</div><div class="scroll"><ul>${items.join('') || '<li>none</li>'}</ul>${more(failed.length)}</div></noscript>`
}

/** The report page of a run's cells. */
export function htmlReport(meta: ReportMeta, cells: readonly Cell[], comparison?: Comparison): string {
  const data = reportData(meta.targets, cells, meta.cases, comparison)
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${visibleText(meta.title)}</title>
<style>${style}</style>
<style id="col-style"></style>
<noscript><style>#matrix,#cases-h{display:none}</style></noscript>
</head>
<body>
<header>
<h1>${visibleHtml(meta.title)}</h1>
<div class="meta">${visibleHtml(meta.file)} · ${escapeHtml(new Date(meta.startedAt).toISOString())}</div>
<div class="meta" id="summary">${visibleHtml(meta.summary)}</div>
</header>
<main>
${statsTable(data.stats)}
${data.comparison ? comparisonSection(data.comparison) : ''}
${noScript(data, cells)}
<h2 id="cases-h">Cases</h2>
<div class="controls" id="controls" role="search" hidden>
<input type="search" id="search" placeholder="search descriptions, inputs and answers" aria-label="search descriptions, inputs and answers">
<label>target <select id="f-target"><option value="">all</option></select></label>
<label>tag <select id="f-tag"><option value="">all</option></select></label>
<label>verdict <select id="f-verdict"><option value="">all</option><option value="failing">failed or error</option><option value="pass">pass</option><option value="fail">fail</option><option value="error">error</option></select></label>
<label>error <select id="f-error"><option value="">any</option></select></label>
<label>view <select id="f-view"><option value="">every case</option><option value="differ">only cases whose targets differ</option></select></label>
<label>sort <select id="f-sort"><option value="">by case</option><option value="latency">slowest first</option><option value="tokens">most tokens first</option><option value="verdict">failing first</option></select></label>
<span class="meta" id="count" role="status"></span>
</div>
<div class="scroll">
<table id="matrix">
<thead><tr><th>case</th>${meta.targets.map((t) => `<th>${visibleHtml(t)}</th>`).join('')}</tr></thead>
<tbody id="rows"></tbody>
</table>
<button type="button" id="more" hidden></button>
</div>
</main>
<script type="application/gzip+base64" id="data">${packed(data)}</script>
<script>${script}</script>
</body>
</html>
`
}
