// The style and the one script of the HTML report (src/evals/report-html.ts writes them into the page). The script
// renders the matrix from the page's JSON data, every string through textContent (never as markup), invisible and
// bidi characters as marked labels (the pattern of report-visible.ts); rows open by click, Enter or Space (each case
// is a button); filters by text (descriptions, inputs, answers, errors), target, tag, verdict and error hide rows
// without closing the open ones, and the count line counts what matches. The rows that match are shown 500 at a time
// ("show more"), each made when first shown, so a 10,000-case report opens and filters quickly. Views: only the cases
// whose targets differ (verdict or answer), only the cells changed since --compare; sorting by case, latency, tokens or
// verdict; a regressed cell shows the earlier answer beside the new one, and the Regressed/Fixed lists open their row
// (by click or Enter: the row is shown, opened and focused). The data is read by position (report-data.ts).
import { cellAt, changeCodes, runAt, verdictCodes } from './report-data.js'
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
button.open::before{content:"▸ " / "";color:var(--muted)}
button.open[aria-expanded=true]::before{content:"▾ " / ""}
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
.was{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,200px),1fr));gap:8px;margin:4px 0}
ul.changes a{color:inherit}
[hidden],.hidden{display:none!important}
@media (max-width:600px){header,.controls{padding:8px}.scroll{margin:0 8px 8px;max-width:calc(100vw - 16px)}h2{margin:12px 8px 6px}td.d{min-width:9em}}
`

// One script; strings become text nodes only. Written as plain JavaScript (the page has no build step).
const body = String.raw`
(async () => {
  // the data: gzipped JSON in base64 (report-html.ts), inflated by the browser
  const packed = document.getElementById('data').textContent;
  const bytes = Uint8Array.fromBase64 ? Uint8Array.fromBase64(packed) : Uint8Array.from(atob(packed), (ch) => ch.charCodeAt(0));
  // written whole and read piece by piece into one string (a Blob stream through Response.text() took ~0.5 s more)
  const gunzip = new DecompressionStream('gzip'), writer = gunzip.writable.getWriter(), reader = gunzip.readable.getReader(), utf8 = new TextDecoder();
  writer.write(bytes).catch(() => {}); writer.close().catch(() => {});
  let json = '';
  for (let piece = await reader.read(); !piece.done; piece = await reader.read()) json += utf8.decode(piece.value, { stream: true });
  const data = JSON.parse(json + utf8.decode());
  const S = data.strings, CA = CELL_AT, RA = RUN_AT, VERDICTS = VERDICT_CODES, CHANGES = CHANGE_CODES;
  const str = (i) => i < 0 ? null : S[i];
  const parsed = (i) => i < 0 ? null : JSON.parse(S[i]);
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
  /** a cell without its runs (0: the case does not run on that target) */
  const cellOf = (a) => a === 0 ? null : { verdict: VERDICTS[a[CA.verdict]], passed: a[CA.passed], counted: a[CA.counted], needed: a[CA.needed], errored: a[CA.errored], runs: a[CA.runs], latencyMs: a[CA.latencyMs], tokens: a[CA.tokens], passHatN: a[CA.passHatN], change: CHANGES[a[CA.change]] || null, earlier: str(a[CA.earlier]), raw: a };
  const runsOf = (c) => c.raw[CA.results].map((r) => ({ repeat: r[RA.repeat], pass: r[RA.pass] === 1, score: r[RA.score], answer: str(r[RA.answer]), toolCalls: parsed(r[RA.toolCalls]) || [], finishReason: str(r[RA.finishReason]), latencyMs: r[RA.latencyMs], tokens: r[RA.tokens], error: str(r[RA.error]), assertions: r[RA.assertions].map((a) => ({ type: S[a[0]], pass: a[1] === 1, reason: S[a[2]], judge: parsed(a[3]) })), turns: parsed(r[RA.turns]) }));
  const verdictOf = (c) => c.verdict;
  const badge = (c) => el('span', 'v ' + verdictOf(c), verdictOf(c));
  const figures = (c) => (c.latencyMs === null ? '—' : c.latencyMs + ' ms') + (c.tokens !== null ? ' · ' + c.tokens + ' tok' : '');
  const body = document.getElementById('rows');
  const search = document.getElementById('search'), fTarget = document.getElementById('f-target'), fTag = document.getElementById('f-tag'), fVerdict = document.getElementById('f-verdict'), fError = document.getElementById('f-error'), fView = document.getElementById('f-view'), fSort = document.getElementById('f-sort');
  const colStyle = document.getElementById('col-style');
  const opt = (sel, value, text) => { const o = el('option', '', text); o.value = value; sel.appendChild(o); };
  T.forEach((t, i) => opt(fTarget, String(i), t));
  data.tags.forEach((t) => opt(fTag, t, t));
  if (data.comparison) { opt(fVerdict, 'regressed', 'regressed since --compare'); opt(fVerdict, 'fixed', 'fixed since --compare'); opt(fVerdict, 'new', 'new since --compare'); opt(fView, 'changed', 'only changes since ' + data.comparison.file); }

  const rows = data.rows.map((r, i) => {
    const cells = T.map((t, ti) => cellOf(r.c[ti]));
    const present = cells.filter(Boolean);
    const firstAnswer = (c) => c.raw[CA.results].length ? c.raw[CA.results][0][RA.answer] : -1;
    const differ = present.length > 1 && present.some((c) => c.verdict !== present[0].verdict || firstAnswer(c) !== firstAnswer(present[0]));
    return { i, r, description: S[r.d], tags: r.t.map((k) => S[k]), cells, differ, failed: present.some((c) => c.verdict === 'fail' || c.verdict === 'error'), tr: null, btn: null, open: null, hay: null };
  });
  const errors = new Map();
  for (const x of rows) for (const c of x.cells) if (c && c.errored) for (const run of c.raw[CA.results]) if (run[RA.error] >= 0) { const e = S[run[RA.error]]; errors.set(e, (errors.get(e) || 0) + 1); }
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
    const messages = r.m.map(([role, content]) => ({ role: S[role], content: S[content] }));
    for (const m of messages) { inputs.appendChild(el('div', 'label', m.role)); inputs.appendChild(el('div', 'answer', m.content)); }
    if (r.i >= 0) { inputs.appendChild(el('div', 'label', 'scenario input')); inputs.appendChild(el('div', 'answer', S[r.i])); }
    const vars = parsed(r.v) || {};
    const names = Object.keys(vars);
    if (names.length) { inputs.appendChild(el('div', 'label', 'variables')); inputs.appendChild(el('div', 'answer', names.map((k) => k + ' = ' + (typeof vars[k] === 'string' ? vars[k] : JSON.stringify(vars[k]))).join('\n'))); }
    if (r.w) { inputs.appendChild(el('div', 'label', 'dataset row at line ' + r.w[0])); inputs.appendChild(el('div', 'answer', S[r.w[1]])); }
    td.appendChild(inputs);
    const expected = r.e.map(([type, exp, compare]) => ({ type: S[type], expected: S[exp], compare: compare === 1 }));
    const side = el('div', 'side');
    T.forEach((t, ti) => {
      const c = x.cells[ti]; if (!c) return;
      const box = el('div', 'tbox'); box.dataset.t = String(ti);
      box.appendChild(el('strong', '', t + ' ')); box.appendChild(badge(c));
      if (c.change) box.appendChild(el('span', 'chg ' + c.change, c.change));
      box.appendChild(el('span', 'num', c.passed + ' of ' + c.counted + ' runs passed' + (c.runs > 1 ? ', needs ' + c.needed + ' · pass^' + c.counted + ' ' + Math.round(c.passHatN * 100) + '%' : '') + (c.errored ? ' · ' + c.errored + ' errored' : '') + ' · ' + figures(c)));
      const results = runsOf(c);
      const shown = results.find((x) => !x.pass) || results[0];
      if ((c.change === 'regressed' || c.change === 'fixed') && c.earlier !== null && shown) {
        // the earlier answer beside the new one (the failing assertion's expected and actual follow, under the run)
        const was = el('div', 'was'); was.dataset.change = c.change;
        const w1 = el('div'); w1.appendChild(el('div', 'label', 'earlier answer (' + (c.change === 'regressed' ? 'passed' : 'failed') + ' in ' + data.comparison.file + ')')); w1.appendChild(el('div', 'answer earlier', c.earlier)); was.appendChild(w1);
        const w2 = el('div'); w2.appendChild(el('div', 'label', 'answer now (' + (c.change === 'regressed' ? 'fails' : 'passes') + ')')); w2.appendChild(el('div', 'answer now', shown.answer === null ? '(no answer: ' + shown.error + ')' : shown.answer)); was.appendChild(w2);
        box.appendChild(was);
      }
      if (c.runs > 1) {
        results.forEach((run) => {
          const det = el('details'); if (run === shown) det.open = true;
          det.appendChild(el('summary', '', 'run ' + (run.repeat + 1) + ': ' + (run.error !== null ? 'error' : run.pass ? 'pass' : 'fail') + ' · ' + run.latencyMs + ' ms' + (run.tokens !== null ? ' · ' + run.tokens + ' tok' : '')));
          runBox(run, expected, det); box.appendChild(det);
        });
      } else if (shown) runBox(shown, expected, box);
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
    const tr = el('tr', 'case'); tr.dataset.i = String(x.i); tr.id = 'case-' + x.i;
    const first = el('td', 'd'); const btn = el('button', 'open', x.description); btn.type = 'button'; btn.setAttribute('aria-expanded', 'false'); btn.setAttribute('aria-controls', 'd' + x.i);
    first.appendChild(btn);
    for (const t of x.tags) first.appendChild(el('span', 'tag', t));
    tr.appendChild(first);
    x.cells.forEach((c) => {
      const td = el('td');
      if (c) { td.appendChild(badge(c)); td.appendChild(el('span', 'num', figures(c))); if (c.change) td.appendChild(el('span', 'chg ' + c.change, c.change)); }
      else td.appendChild(el('span', 'num', '—'));
      tr.appendChild(td);
    });
    x.tr = tr; x.btn = btn;
    return tr;
  }
  // the failing cases open at first (the first 20 of them)
  let opened = 0;
  for (const x of rows) if (x.failed && opened++ < 20) { rowOf(x); details(x); }
  body.addEventListener('click', (ev) => { const tr = ev.target.closest('tr.case'); if (tr) toggle(rows[Number(tr.dataset.i)]); });

  const hay = (x) => {
    if (x.hay === null) {
      const r = x.r; const parts = [x.description, str(r.k) || '', r.i >= 0 ? S[r.i] : '', x.tags.join(' ')];
      for (const m of r.m) parts.push(S[m[1]]);
      const vars = parsed(r.v) || {};
      for (const k in vars) parts.push(String(vars[k]));
      for (const c of x.cells) if (c) for (const run of c.raw[CA.results]) { if (run[RA.answer] >= 0) parts.push(S[run[RA.answer]]); if (run[RA.error] >= 0) parts.push(S[run[RA.error]]); if (run[RA.turns] >= 0) for (const turn of JSON.parse(S[run[RA.turns]])) parts.push(turn.user, turn.answer || ''); }
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
    moreBtn.textContent = 'show ' + Math.min(rest, PAGE) + ' more cases (' + rest + ' not shown)';
  }
  moreBtn.addEventListener('click', () => { limit += PAGE; render(); count(); });
  const RANK = { error: 0, fail: 1, skip: 2, pass: 3 };
  const sorts = {
    latency: (cells) => -Math.max(-1, ...cells.map((c) => c.latencyMs === null ? -1 : c.latencyMs)),
    tokens: (cells) => -Math.max(-1, ...cells.map((c) => c.tokens === null ? -1 : c.tokens)),
    verdict: (cells) => Math.min(...cells.map((c) => RANK[c.verdict])),
  };
  let counts = null;
  function count() {
    const n = counts;
    const shown = Math.min(limit, matched.length);
    const parts = [n.pass + ' passed', n.fail + ' failed', n.error + ' errored'].concat(n.skip ? [n.skip + ' skipped'] : []);
    countEl.textContent = 'showing ' + matched.length + ' of ' + rows.length + ' cases' + (shown < matched.length ? ' (the first ' + shown + ' listed)' : '') + ' · ' + n.cells + (n.cells === 1 ? ' cell: ' : ' cells: ') + parts.join(', ') + ' (' + n.label + ')';
  }
  function apply() {
    const q = search.value.trim().toLowerCase(), ti = fTarget.value, tag = fTag.value, verdict = fVerdict.value, err = fError.value, view = fView.value, sort = fSort.value;
    const wanted = ti === '' ? T.map((t, i) => i) : [Number(ti)];
    colStyle.textContent = ti === '' ? '' : '#matrix tr>:nth-child(n+2):not(:nth-child(' + (Number(ti) + 2) + ')){display:none} .tbox:not([data-t="' + ti + '"]){display:none}';
    const n = { pass: 0, fail: 0, error: 0, skip: 0, cells: 0, label: ti === '' ? 'all targets' : T[Number(ti)] };
    matched = [];
    for (const x of rows) {
      const cells = wanted.map((i) => x.cells[i]).filter(Boolean);
      let show = cells.length > 0 && (tag === '' || x.tags.includes(tag));
      if (show && view === 'differ') show = x.differ;
      if (show && view === 'changed') show = cells.some((c) => c.change !== null);
      if (show && verdict !== '') show = cells.some((c) => verdict === 'failing' ? c.verdict === 'fail' || c.verdict === 'error' : verdict === c.verdict || c.change === verdict);
      if (show && err !== '') show = cells.some((c) => c.errored && c.raw[CA.results].some((run) => str(run[RA.error]) === err));
      if (show && q !== '') show = hay(x).includes(q);
      if (show) { matched.push(x); for (const c of cells) if (view !== 'changed' || c.change !== null) { n[c.verdict]++; n.cells++; } }
    }
    if (sort !== '') { const key = sorts[sort]; const k = new Map(matched.map((x) => [x, key(wanted.map((i) => x.cells[i]).filter(Boolean))])); matched.sort((a, b) => k.get(a) - k.get(b) || a.i - b.i); }
    limit = PAGE;
    counts = n;
    render();
    count();
  }
  /** shows, opens and focuses a case's row (a link of the Regressed or Fixed list): filters that hide it are cleared */
  function reveal(i) {
    const x = rows[i]; if (!x) return;
    if (!matched.includes(x)) { search.value = ''; for (const s of [fTarget, fTag, fVerdict, fError, fView]) s.value = ''; apply(); }
    const at = matched.indexOf(x);
    if (at >= limit) { limit = Math.ceil((at + 1) / PAGE) * PAGE; render(); count(); }
    if (!x.open) details(x);
    x.btn.focus();
    x.tr.scrollIntoView({ block: 'start' });
  }
  const comparison = document.getElementById('comparison');
  if (comparison) comparison.addEventListener('click', (ev) => {
    const a = ev.target.closest('a[href^="#case-"]'); if (!a) return;
    ev.preventDefault(); history.replaceState(null, '', a.getAttribute('href')); reveal(Number(a.getAttribute('href').slice(6)));
  });
  let timer = 0;
  const later = () => { clearTimeout(timer); timer = setTimeout(apply, rows.length > 2000 ? 120 : 0); };
  search.addEventListener('input', later);
  for (const s of [fTarget, fTag, fVerdict, fError, fView, fSort]) s.addEventListener('change', apply);
  apply();
  if (/^#case-\d+$/.test(location.hash)) reveal(Number(location.hash.slice(6)));
  document.getElementById('controls').hidden = false;
  document.body.dataset.ready = '1';
})();
`

/** The page's script, with the data's positions and the invisible characters' pattern and names written in. */
export const script = body
  .replace('CELL_AT', JSON.stringify(cellAt))
  .replace('RUN_AT', JSON.stringify(runAt))
  .replace('VERDICT_CODES', JSON.stringify(verdictCodes))
  .replace('CHANGE_CODES', JSON.stringify(changeCodes))
  .replace('INV_SOURCE', JSON.stringify(invisibleSource))
  .replace('INV_NAMES', JSON.stringify(invisibleNames))
