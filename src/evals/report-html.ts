// `--report report.html`: one self-contained page (no network, no CDN: it opens from a CI artifact or a disk) with the
// matrix of cases × targets, each answer, the failing assertions highlighted, latency and tokens, and filters.
// Hostile answers stay text: the data rides in a JSON <script type="application/json"> with <, >, & and the line
// separators escaped (so no answer can close the element), the page's own script puts every string into the page
// with textContent (never as markup), and a Content-Security-Policy allows that one script by its hash and nothing
// else (no other script, no network, no images from anywhere).
import { createHash } from 'node:crypto'
import type { Cell } from './results.js'

/** What the page is about. */
export interface ReportMeta {
  title: string
  file: string
  summary: string
  startedAt: number
  targets: string[]
}

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f8fa}
header{padding:16px 24px;background:#fff;border-bottom:1px solid #d0d7de}
h1{font-size:20px;margin:0 0 4px}
.meta{color:#57606a}
.controls{display:flex;gap:16px;align-items:center;padding:12px 24px}
input[type=search]{padding:4px 8px;min-width:260px}
table{border-collapse:collapse;margin:0 24px 24px;background:#fff}
th,td{border:1px solid #d0d7de;padding:6px 10px;text-align:left;vertical-align:top}
th{background:#eaeef2}
tr.case{cursor:pointer}
tr.case:hover{background:#f3f4f6}
.v{font-weight:600;border-radius:4px;padding:1px 6px}
.pass{color:#1a7f37}
.fail{color:#fff;background:#cf222e}
.error{color:#fff;background:#9a6700}
.num{color:#57606a;font-size:12px;margin-left:6px}
.details td{background:#fafbfc}
.answer{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #d0d7de;padding:8px;margin:4px 0;max-height:360px;overflow:auto;font:13px/1.4 ui-monospace,monospace}
ul.asserts{margin:4px 0;padding-left:20px}
li.bad{color:#cf222e;font-weight:600}
li.good{color:#1a7f37}
.target{margin:8px 0 16px}
.hidden{display:none}
`

// The page's one script: renders the rows from the JSON data, every string through textContent.
const script = `
(() => {
  const data = JSON.parse(document.getElementById('data').textContent);
  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = String(text); return e; };
  const body = document.getElementById('rows');
  const onlyFailed = document.getElementById('failed');
  const search = document.getElementById('search');
  const rows = [];
  const fragment = document.createDocumentFragment();
  let opened = 0;
  const badge = (c) => el('span', 'v ' + (c.error !== null ? 'error' : c.pass ? 'pass' : 'fail'), c.error !== null ? 'error' : c.pass ? 'pass' : 'fail');
  function details(cs, tr) {
    const d = el('tr', 'details'); const td = el('td'); td.colSpan = data.targets.length + 1; d.appendChild(td);
    for (const c of cs) {
      if (!c) continue;
      const box = el('div', 'target'); box.appendChild(el('strong', '', c.target + ' ')); box.appendChild(badge(c));
      box.appendChild(el('span', 'num', c.passed + '/' + c.runs + ' runs · ' + c.latencyMs + ' ms' + (c.tokens !== null ? ' · ' + c.tokens + ' tokens' : '')));
      if (c.error !== null) box.appendChild(el('div', 'answer', c.error));
      if (c.answer !== null) box.appendChild(el('div', 'answer', c.answer));
      if (c.toolCalls.length) box.appendChild(el('div', 'num', 'tool calls: ' + c.toolCalls.map((t) => t.name + '(' + t.arguments + ')').join(', ')));
      const ul = el('ul', 'asserts');
      for (const a of c.assertions) {
        const li = el('li', a.pass ? 'good' : 'bad', (a.pass ? '✓ ' : '✗ ') + a.type + ': ' + a.reason);
        if (a.judge) li.appendChild(el('div', 'num', 'judge ' + a.judge.agent + ': ' + (a.judge.pass ? 'pass' : 'fail') + ' (score ' + a.judge.score + ') — ' + a.judge.reason));
        ul.appendChild(li);
      }
      box.appendChild(ul); td.appendChild(box);
    }
    tr.after(d); return d;
  }
  for (const r of data.rows) {
    const tr = el('tr', 'case'); tr.appendChild(el('td', '', r.description));
    let failed = false;
    for (const t of data.targets) {
      const c = r.cells[t]; const td = el('td');
      if (c) { td.appendChild(badge(c)); td.appendChild(el('span', 'num', c.latencyMs + ' ms' + (c.tokens !== null ? ' · ' + c.tokens + ' tok' : ''))); if (!c.pass) failed = true; }
      else td.appendChild(el('span', 'num', '—'));
      tr.appendChild(td);
    }
    if (failed) tr.dataset.failed = '1';
    let open = null;
    tr.addEventListener('click', () => { if (open) { open.remove(); open = null; } else open = details(data.targets.map((t) => r.cells[t]), tr); });
    fragment.appendChild(tr); rows.push({ tr, r, failed, close: () => { if (open) { open.remove(); open = null; } } });
    if (failed && ++opened <= 20) open = details(data.targets.map((t) => r.cells[t]), tr);
  }
  body.appendChild(fragment);
  function apply() {
    const q = search.value.toLowerCase();
    for (const x of rows) {
      const show = (!onlyFailed.checked || x.failed) && (q === '' || x.r.description.toLowerCase().includes(q));
      x.tr.classList.toggle('hidden', !show); if (!show) x.close();
    }
  }
  onlyFailed.addEventListener('change', apply); search.addEventListener('input', apply);
  document.getElementById('count').textContent = rows.filter((x) => x.failed).length + ' of ' + rows.length + ' cases failed on some target';
})();
`

const scriptHash = createHash('sha256').update(script).digest('base64')

/** Text safe in HTML content and attribute values. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** JSON that cannot end the <script> element it sits in, nor start a comment or CDATA there. */
const jsonInScript = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** The report page of a run's cells. */
export function htmlReport(meta: ReportMeta, cells: readonly Cell[]): string {
  const rows = new Map<number, { description: string; cells: Record<string, unknown> }>()
  for (const c of cells) {
    const row = rows.get(c.caseIndex) ?? { description: c.description, cells: {} }
    const s = c.shown
    row.cells[c.target] = {
      target: c.target,
      pass: c.pass,
      error: c.error,
      runs: c.runs,
      passed: c.passed,
      latencyMs: c.latencyMs,
      tokens: c.tokens,
      answer: s.answer,
      toolCalls: s.toolCalls,
      assertions: s.assertions,
    }
    rows.set(c.caseIndex, row)
  }
  const data = { targets: meta.targets, rows: [...rows.values()] }
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(meta.title)}</title>
<style>${style}</style>
</head>
<body>
<header>
<h1>${escapeHtml(meta.title)}</h1>
<div class="meta">${escapeHtml(meta.file)} · ${escapeHtml(new Date(meta.startedAt).toISOString())}</div>
<div class="meta" id="summary">${escapeHtml(meta.summary)}</div>
</header>
<div class="controls">
<label><input type="checkbox" id="failed"> only failed cases</label>
<input type="search" id="search" placeholder="filter by description" aria-label="filter by description">
<span class="meta" id="count"></span>
</div>
<table>
<thead><tr><th>case</th>${meta.targets.map((t) => `<th>${escapeHtml(t)}</th>`).join('')}</tr></thead>
<tbody id="rows"></tbody>
</table>
<script type="application/json" id="data">${jsonInScript(data)}</script>
<script>${script}</script>
</body>
</html>
`
}
