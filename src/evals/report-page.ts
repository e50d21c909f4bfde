// The style and the one script of the HTML report (src/evals/report-html.ts writes them into the page). The script
// renders the matrix from the page's JSON data, every string through textContent (never as markup), invisible and
// bidi characters as marked labels (the pattern of report-visible.ts); rows open by click, Enter or Space (each case
// is a button); filters by text (descriptions, inputs, answers, errors), target, tag, verdict and error hide rows
// without closing the open ones, and the count line counts what matches. The rows that match are shown 500 at a time
// ("show more"), each made when first shown, so a 10,000-case report opens and filters quickly.
import { invisibleNames, invisibleSource } from './report-visible.js'

export const style = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#f6f8fa;--panel:#fff;--line:#d0d7de;--head:#eaeef2;--hover:#f3f4f6;--good:#1a7f37;--bad:#cf222e;--warn:#9a6700;--inv:#8250df;--focus:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--line:#30363d;--head:#21262d;--hover:#1f242c;--good:#3fb950;--bad:#f85149;--warn:#d29922;--inv:#d2a8ff;--focus:#58a6ff}}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:var(--fg);background:var(--bg)}
header{padding:12px 16px;background:var(--panel);border-bottom:1px solid var(--line)}
h1{font-size:20px;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:16px;margin:16px 16px 8px}
.meta{color:var(--muted);overflow-wrap:anywhere}
.controls{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;padding:12px 16px}
.controls input,.controls select{font:inherit;color:inherit;background:var(--panel);border:1px solid var(--line);border-radius:4px;padding:4px 8px;max-width:100%}
.controls label{display:inline-flex;align-items:center;gap:4px;max-width:100%;min-width:0}
.controls select{min-width:0;flex:1 1 auto;text-overflow:ellipsis}
.controls input[type=search]{flex:1 1 220px;min-width:0}
.scroll{overflow-x:auto;margin:0 16px 16px;max-width:calc(100vw - 32px)}
table{border-collapse:collapse;background:var(--panel)}
th,td{border:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top}
th{background:var(--head)}
td.d{min-width:12em;max-width:40em}
button.open{all:unset;cursor:pointer;display:block;overflow-wrap:anywhere}
button.open::before{content:"▸ ";color:var(--muted)}
button.open[aria-expanded=true]::before{content:"▾ "}
button.open:focus-visible,summary:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
tr.case:hover{background:var(--hover)}
.v{font-weight:600;border-radius:4px;padding:1px 6px;white-space:nowrap}
.pass{color:var(--good)}
.fail{color:#fff;background:var(--bad)}
.error{color:#fff;background:var(--warn)}
.chg{font-size:12px;border:1px solid currentColor;border-radius:10px;padding:0 6px;margin-left:6px;white-space:nowrap}
.regressed{color:var(--bad)}.fixed{color:var(--good)}.new{color:var(--muted)}
.tag{font-size:12px;color:var(--muted);border:1px solid var(--line);border-radius:10px;padding:0 6px;margin:0 4px 0 0;display:inline-block}
.num{color:var(--muted);font-size:12px;margin-left:6px}
.details>td{background:var(--bg)}
.side{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,280px),1fr));gap:12px}
.tbox{border:1px solid var(--line);background:var(--panel);padding:8px;min-width:0}
.answer{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--panel);border:1px solid var(--line);padding:8px;margin:4px 0;max-height:360px;overflow:auto;font:13px/1.4 ui-monospace,monospace}
.inv{color:var(--inv);border:1px dashed var(--inv);border-radius:3px;font:11px ui-monospace,monospace;padding:0 2px}
.ev .answer{color:var(--fg);font-weight:400}
.ev{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,200px),1fr));gap:8px}
ul.asserts{margin:4px 0;padding-left:20px}
li.bad{color:var(--bad);font-weight:600}
li.good{color:var(--good)}
.label{font-size:12px;color:var(--muted);margin-top:6px}
.inputs{margin-bottom:8px}
.chg-h{font-size:14px;margin:8px 0 4px}ul.changes{margin:0 0 8px;padding-left:20px}
#more{margin:8px 0;font:inherit;color:inherit;background:var(--panel);border:1px solid var(--line);border-radius:4px;padding:4px 12px;cursor:pointer}
.notice{margin:16px;padding:12px;border:1px solid var(--warn);background:var(--panel)}
[hidden],.hidden{display:none!important}
@media (max-width:600px){header,.controls{padding:8px}.scroll{margin:0 8px 8px;max-width:calc(100vw - 16px)}h2{margin:12px 8px 6px}td.d{min-width:9em}}
`

// One script; strings become text nodes only. Written as plain JavaScript (the page has no build step).
const body = String.raw`
(() => {
  const data = JSON.parse(document.getElementById('data').textContent);
  const INV = new RegExp(INV_SOURCE, 'gu');
  const label = (ch) => { const hex = ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0'); const n = INV_NAMES[hex]; return '[U+' + hex + (n ? ' ' + n : '') + ']'; };
  /** appends untrusted text to e: text nodes, each invisible character a marked label */
  const put = (e, s) => {
    s = String(s); INV.lastIndex = 0;
    if (!INV.test(s)) { e.appendChild(document.createTextNode(s)); return e; }
    INV.lastIndex = 0; let at = 0, m;
    while ((m = INV.exec(s))) { if (m.index > at) e.appendChild(document.createTextNode(s.slice(at, m.index))); const i = document.createElement('span'); i.className = 'inv'; i.textContent = label(m[0]); e.appendChild(i); at = m.index + m[0].length; }
    if (at < s.length) e.appendChild(document.createTextNode(s.slice(at)));
    return e;
  };
  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined && text !== null) put(e, text); return e; };
  const T = data.targets;
  const verdictOf = (c) => c.verdict;
  const badge = (c) => el('span', 'v ' + verdictOf(c), verdictOf(c));
  const figures = (c) => (c.latencyMs === null ? '— ms' : c.latencyMs + ' ms') + (c.tokens !== null ? ' · ' + c.tokens + ' tok' : '');
  const body = document.getElementById('rows');
  const search = document.getElementById('search'), fTarget = document.getElementById('f-target'), fTag = document.getElementById('f-tag'), fVerdict = document.getElementById('f-verdict'), fError = document.getElementById('f-error');
  const colStyle = document.getElementById('col-style');
  const opt = (sel, value, text) => { const o = el('option', '', text); o.value = value; sel.appendChild(o); };
  T.forEach((t, i) => opt(fTarget, String(i), t));
  data.tags.forEach((t) => opt(fTag, t, t));
  if (data.comparison) { opt(fVerdict, 'regressed', 'regressed since --compare'); opt(fVerdict, 'fixed', 'fixed since --compare'); opt(fVerdict, 'new', 'new since --compare'); }
  const errors = new Map();
  for (const r of data.rows) for (const t of T) { const c = r.cells[t]; if (c && c.error !== null) errors.set(c.error, (errors.get(c.error) || 0) + 1); }
  [...errors].sort((a, b) => b[1] - a[1]).slice(0, 100).forEach(([e, n]) => opt(fError, e, (e.length > 80 ? e.slice(0, 80) + '…' : e) + ' (' + n + ')'));
  fError.parentElement.hidden = errors.size === 0;

  function runBox(run, expected, box) {
    if (run.error !== null) { box.appendChild(el('div', 'label', 'error')); box.appendChild(el('div', 'answer', run.error)); }
    if (run.turns) run.turns.forEach((turn, i) => {
      box.appendChild(el('div', 'label', 'turn ' + (i + 1) + ' · user · ' + turn.latencyMs + ' ms'));
      box.appendChild(el('div', 'answer', turn.user));
      box.appendChild(el('div', 'label', 'answer'));
      box.appendChild(el('div', 'answer', turn.answer === null ? '(no answer)' : turn.answer));
      box.appendChild(asserts(turn.assertions, null, turn.answer));
    });
    if (run.answer !== null) { box.appendChild(el('div', 'label', 'answer (' + (run.finishReason || 'no finish reason') + ')')); box.appendChild(el('div', 'answer' + (run.answer === '' ? ' num' : ''), run.answer === '' ? '(empty)' : run.answer)); }
    if (run.toolCalls.length) box.appendChild(el('div', 'num', 'tool calls: ' + run.toolCalls.map((t) => t.name + '(' + t.arguments + ')').join(', ')));
    box.appendChild(asserts(run.assertions, expected, run.answer));
  }
  function asserts(list, expected, answer) {
    const ul = el('ul', 'asserts');
    list.forEach((a, i) => {
      const li = el('li', a.pass ? 'good' : 'bad', (a.pass ? '✓ ' : '✗ ') + a.type + ': ' + a.reason);
      const e = expected && expected[i] && expected[i].type === a.type ? expected[i] : null;
      const exp = e ? e.expected : null;
      if (!a.pass && e && e.compare) {
        const ev = el('div', 'ev');
        const e1 = el('div'); e1.appendChild(el('div', 'label', 'expected')); e1.appendChild(el('div', 'answer', exp)); ev.appendChild(e1);
        const e2 = el('div'); e2.appendChild(el('div', 'label', 'actual')); e2.appendChild(el('div', 'answer', answer === null ? '(no answer)' : answer)); ev.appendChild(e2);
        li.appendChild(ev);
      } else if (exp !== null && exp !== '') li.appendChild(el('span', 'num', 'expects ' + exp));
      if (a.judge) li.appendChild(el('div', 'num', 'judge ' + a.judge.agent + ': ' + (a.judge.pass ? 'pass' : 'fail') + ' (score ' + a.judge.score + ') — ' + a.judge.reason));
      ul.appendChild(li);
    });
    return ul;
  }
  function details(x) {
    const r = x.r;
    const d = el('tr', 'details'); d.id = 'd' + x.i; const td = el('td'); td.colSpan = T.length + 1; d.appendChild(td);
    const inputs = el('div', 'inputs');
    for (const m of r.messages) { inputs.appendChild(el('div', 'label', m.role)); inputs.appendChild(el('div', 'answer', m.content)); }
    if (r.input && !r.messages.some((m) => m.content === r.input)) { inputs.appendChild(el('div', 'label', 'scenario input')); inputs.appendChild(el('div', 'answer', r.input)); }
    const vars = Object.keys(r.vars);
    if (vars.length) { inputs.appendChild(el('div', 'label', 'variables')); inputs.appendChild(el('div', 'answer', vars.map((k) => k + ' = ' + (typeof r.vars[k] === 'string' ? r.vars[k] : JSON.stringify(r.vars[k]))).join('\n'))); }
    if (r.row) { inputs.appendChild(el('div', 'label', 'dataset row at line ' + r.row.line)); inputs.appendChild(el('div', 'answer', JSON.stringify(r.row.vars))); }
    td.appendChild(inputs);
    const side = el('div', 'side');
    T.forEach((t, ti) => {
      const c = r.cells[t]; if (!c) return;
      const box = el('div', 'tbox'); box.dataset.t = String(ti);
      box.appendChild(el('strong', '', t + ' ')); box.appendChild(badge(c));
      if (c.change) box.appendChild(el('span', 'chg ' + c.change, c.change));
      box.appendChild(el('span', 'num', c.passed + ' of ' + c.counted + ' runs passed' + (c.runs > 1 ? ', needs ' + c.needed + ' · pass^' + c.counted + ' ' + Math.round(c.passHatN * 100) + '%' : '') + (c.errored ? ' · ' + c.errored + ' errored' : '') + ' · ' + figures(c)));
      const shown = c.results.find((x) => !x.pass) || c.results[0];
      if (c.runs > 1) {
        c.results.forEach((run) => {
          const det = el('details'); if (run === shown) det.open = true;
          det.appendChild(el('summary', '', 'run ' + (run.repeat + 1) + ': ' + (run.error !== null ? 'error' : run.pass ? 'pass' : 'fail') + ' · ' + run.latencyMs + ' ms' + (run.tokens !== null ? ' · ' + run.tokens + ' tok' : '')));
          runBox(run, r.expected, det); box.appendChild(det);
        });
      } else if (shown) runBox(shown, r.expected, box);
      side.appendChild(box);
    });
    td.appendChild(side);
    if (x.tr.parentNode) x.tr.after(d);
    x.open = d; x.btn.setAttribute('aria-expanded', 'true');
  }
  function toggle(x) {
    if (x.open) { x.open.remove(); x.open = null; x.btn.setAttribute('aria-expanded', 'false'); } else details(x);
  }
  /** a case's row, made when first shown */
  function rowOf(x) {
    if (x.tr) return x.tr;
    const r = x.r;
    const tr = el('tr', 'case'); tr.dataset.i = String(x.i);
    const first = el('td', 'd'); const btn = el('button', 'open', r.description); btn.type = 'button'; btn.setAttribute('aria-expanded', 'false'); btn.setAttribute('aria-controls', 'd' + x.i);
    first.appendChild(btn);
    for (const t of r.tags) first.appendChild(el('span', 'tag', t));
    tr.appendChild(first);
    for (const t of T) {
      const c = r.cells[t]; const td = el('td');
      if (c) { td.appendChild(badge(c)); td.appendChild(el('span', 'num', figures(c))); if (c.change) td.appendChild(el('span', 'chg ' + c.change, c.change)); }
      else td.appendChild(el('span', 'num', '—'));
      tr.appendChild(td);
    }
    x.tr = tr; x.btn = btn;
    return tr;
  }
  const rows = data.rows.map((r, i) => ({ i, r, failed: T.some((t) => r.cells[t] && !r.cells[t].pass), tr: null, btn: null, open: null, hay: null }));
  // the failing cases open at first (the first 20 of them)
  let opened = 0;
  for (const x of rows) if (x.failed && opened++ < 20) { rowOf(x); details(x); }
  body.addEventListener('click', (ev) => { const tr = ev.target.closest('tr.case'); if (tr) toggle(rows[Number(tr.dataset.i)]); });

  const hay = (x) => {
    if (x.hay === null) {
      const r = x.r; const parts = [r.description, r.key, r.input, r.tags.join(' ')];
      for (const m of r.messages) parts.push(m.content);
      for (const k in r.vars) parts.push(String(r.vars[k]));
      for (const t in r.cells) for (const run of r.cells[t].results) { if (run.answer !== null) parts.push(run.answer); if (run.error !== null) parts.push(run.error); if (run.turns) for (const turn of run.turns) parts.push(turn.user, turn.answer || ''); }
      x.hay = parts.join('\n').toLowerCase();
    }
    return x.hay;
  };
  // the rows that match are shown a page at a time (a table of 10,000 rows is slow to lay out and to read)
  const PAGE = 500;
  const countEl = document.getElementById('count'), moreBtn = document.getElementById('more');
  let matched = [], limit = PAGE;
  function render() {
    const f = document.createDocumentFragment();
    for (const x of matched.slice(0, limit)) { f.appendChild(rowOf(x)); if (x.open) f.appendChild(x.open); }
    body.replaceChildren(f);
    const rest = matched.length - limit;
    moreBtn.hidden = rest <= 0;
    moreBtn.textContent = 'show ' + Math.min(rest, PAGE) + ' more (' + rest + ' not shown)';
  }
  moreBtn.addEventListener('click', () => { limit += PAGE; render(); });
  function apply() {
    const q = search.value.trim().toLowerCase(), ti = fTarget.value, tag = fTag.value, verdict = fVerdict.value, err = fError.value;
    const targets = ti === '' ? T : [T[Number(ti)]];
    colStyle.textContent = ti === '' ? '' : '#matrix tr>:nth-child(n+2):not(:nth-child(' + (Number(ti) + 2) + ')){display:none} .tbox:not([data-t="' + ti + '"]){display:none}';
    const n = { pass: 0, fail: 0, error: 0 };
    matched = [];
    for (const x of rows) {
      const cells = targets.map((t) => x.r.cells[t]).filter(Boolean);
      let show = cells.length > 0 && (tag === '' || x.r.tags.includes(tag));
      if (show && verdict !== '') show = cells.some((c) => verdict === 'failing' ? !c.pass : verdict === verdictOf(c) || c.change === verdict);
      if (show && err !== '') show = cells.some((c) => c.error === err);
      if (show && q !== '') show = hay(x).includes(q);
      if (show) { matched.push(x); for (const c of cells) n[verdictOf(c)]++; }
    }
    limit = PAGE;
    render();
    countEl.textContent = 'showing ' + matched.length + ' of ' + rows.length + ' cases: ' + n.pass + ' passed, ' + n.fail + ' failed, ' + n.error + ' errors (' + (ti === '' ? 'all targets' : T[Number(ti)]) + ')';
  }
  let timer = 0;
  const later = () => { clearTimeout(timer); timer = setTimeout(apply, rows.length > 2000 ? 120 : 0); };
  search.addEventListener('input', later);
  for (const s of [fTarget, fTag, fVerdict, fError]) s.addEventListener('change', apply);
  apply();
  document.getElementById('controls').hidden = false;
  document.body.dataset.ready = '1';
})();
`

/** The page's script, with the invisible characters' pattern and names written in. */
export const script = body
  .replace('INV_SOURCE', JSON.stringify(invisibleSource))
  .replace('INV_NAMES', JSON.stringify(invisibleNames))
