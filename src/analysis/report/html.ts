/**
 * HTML for a report folder and the reports index. Every user-provided string (names,
 * options, titles, table cells) goes through `escapeHtml`; data handed to scripts goes
 * through `scriptJson`, so a hostile name cannot inject markup or script.
 */
import type { Report, ReportBlock, ReportTable, YourContent } from '../report-model.js';
import { describeItem, yourContentChart } from './yours.js';

export function escapeHtml(text: unknown): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON safe inside a <script> element: no "<", so no "</script>" or "<!--". */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}


const STYLE = `
body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{margin-bottom:.2em}.question{font-size:1.1em;color:#444}
.verdicts{list-style:none;padding:0}.verdicts li{margin:.4em 0;padding:.5em .8em;border-left:6px solid}
.verdicts li.supported{border-color:#2e7d32;background:#eef7ee}
.verdicts li.inconclusive{border-color:#999;background:#f4f4f4;color:#555}
.verdicts li.warning{border-color:#e65100;background:#fff3e0}
.banner{border:2px solid #e65100;background:#fff3e0;padding:.6em 1em;margin:1em 0}
.headlines li{margin:.5em 0}
.badge{font-size:.8em;text-transform:uppercase;letter-spacing:.05em;margin-right:.6em;font-weight:bold}
.evidence{display:block;font-size:.9em;color:#555}
figure{margin:1.5em 0}figcaption{color:#444;font-size:.95em}.files{font-size:.85em}
table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}
.meta{font-size:.85em;color:#555}code{background:#f4f4f4;padding:0 .2em}
details.folded summary{cursor:pointer}.off{display:none}.scroll{overflow-x:auto}
table.data th{cursor:pointer}details.columns{font-size:.85em;margin:.3em 0}details.columns label{white-space:nowrap;margin-right:.6em}details.folded summary h2{display:inline}
.your-content{border:2px solid #ef6c00;border-radius:6px;padding:0 1em;margin:1em 0;background:#fffaf3}`;

/** Tables wider than this open with their first WIDE_SHOWN columns; a chooser shows the rest. */
export const WIDE_TABLE = 10;
const WIDE_SHOWN = 8;

function tableHtml(t: ReportTable): string {
  const columns = [...new Set(t.rows.flatMap((r) => Object.keys(r)))];
  const wide = columns.length > WIDE_TABLE;
  const head = columns.map((c, i) => `<th${wide && i >= WIDE_SHOWN ? ' class="off"' : ''} title="click to sort">${escapeHtml(c)}</th>`).join('');
  const body = t.rows
    .map((r) => `<tr>${columns.map((c, i) => `<td${wide && i >= WIDE_SHOWN ? ' class="off"' : ''}>${escapeHtml(formatCell(r[c]))}</td>`).join('')}</tr>`)
    .join('\n');
  const chooser = wide
    ? `<details class="columns"><summary>Columns: ${WIDE_SHOWN} of ${columns.length} shown — choose</summary>${columns.map((c, i) => `<label><input type="checkbox" data-col="${i}"${i < WIDE_SHOWN ? ' checked' : ''}> ${escapeHtml(c)}</label>`).join(' ')}</details>`
    : '';
  return `${chooser}<div class="scroll"><table class="data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function formatCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' && !Number.isInteger(v)) return v.toFixed(3);
  return String(v);
}

function blockHtml(block: ReportBlock): string {
  switch (block.kind) {
    case 'text':
      return block.text
        .split(/\n\s*\n/)
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join('\n');
    case 'chart':
      return `<figure>
<div class="chart" id="chart-${block.id}" data-chart="${block.id}"></div>
<figcaption><strong>${escapeHtml(block.title)}</strong>${block.caption ? ' — ' + escapeHtml(block.caption) : ''}
<span class="files">(<a href="${block.id}.svg">SVG</a> · <a href="${block.id}.png">PNG</a> · <a href="${block.id}.vl.json">Vega-Lite</a>)</span></figcaption>
<noscript><img src="${block.id}.svg" alt="${escapeHtml(block.title)}"></noscript>
</figure>`;
    case 'table':
      return `<figure>
<figcaption><strong>${escapeHtml(block.title)}</strong>${block.caption ? ' — ' + escapeHtml(block.caption) : ''}
<span class="files">(<a href="${block.id}.csv">CSV</a> · <a href="${block.id}.json">JSON</a>)</span></figcaption>
${tableHtml(block)}
</figure>`;
  }
}

/** The "Your content" section: each user item by name, its verdict, interval and rank, then the chart. */
function yourContentHtml(content: YourContent): string {
  const items = content.items
    .map(
      (i) =>
        `<li class="${i.strength}"><span class="badge">${i.strength}</span><strong class="your-name">${escapeHtml(i.name)}</strong> — ${escapeHtml(i.verdict)}<span class="evidence">${escapeHtml(describeItem(i, content))}</span></li>`,
    )
    .join('\n');
  return `<section id="your-content" class="your-content"><h2>Your content</h2>
<ul class="verdicts yours">${items}</ul>
${blockHtml(yourContentChart(content))}</section>`;
}

/** Sections a reader opens on demand (who played, how it was measured): folded away under <details>. */
const FOLDED = /^(Agents behind|Method|Evidence:)/;

/** A script element loading `src` (a path relative to the page). */
function scriptSrc(src: string): string {
  return `<script src="${escapeHtml(src)}"></script>`;
}

/** The report page: the user's content first (when given), verdicts, then sections; charts drawn by vega-embed. */
export function reportHtml(report: Report, libs: readonly string[], meta: Record<string, unknown>): string {
  const charts: Record<string, unknown> = {};
  const yours = report.yourContent && report.yourContent.items.length > 0 ? report.yourContent : undefined;
  if (yours) charts[yourContentChart(yours).id] = yourContentChart(yours).spec;
  for (const s of report.sections) for (const b of s.blocks) if (b.kind === 'chart') charts[b.id] = b.spec;
  const tables = report.sections.flatMap((s) => s.blocks.filter((b): b is ReportTable => b.kind === 'table'));
  const verdicts = report.verdicts.length
    ? `<ul class="verdicts">${report.verdicts
        .map(
          (v) =>
            `<li class="${v.strength}"><span class="badge">${v.strength === 'warning' ? 'read first' : v.strength}</span>${escapeHtml(v.statement)}<span class="evidence">${escapeHtml(v.evidence)}</span></li>`,
        )
        .join('\n')}</ul>`
    : '<p>No verdicts.</p>';
  const sections = report.sections
    .map((s) =>
      FOLDED.test(s.heading)
        ? `<details class="folded"><summary><h2>${escapeHtml(s.heading)}</h2></summary>\n${s.blocks.map(blockHtml).join('\n')}</details>`
        : `<section><h2>${escapeHtml(s.heading)}</h2>\n${s.blocks.map(blockHtml).join('\n')}</section>`,
    )
    .join('\n');
  const sizes = Object.entries(report.meta.sampleSizes)
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${STYLE}</style>
${libs.map(scriptSrc).join('\n')}
</head><body>
<p class="meta"><a href="../index.html">All reports</a> · game <code>${escapeHtml(report.gameId)}</code></p>
<h1>${escapeHtml(report.title)}</h1>
<p class="question">${escapeHtml(report.question)}</p>
${report.quick ? `<p class="banner"><strong>Quick sample — leads, not conclusions.</strong> ${escapeHtml(report.quick)}</p>` : ''}
${yours ? yourContentHtml(yours) : ''}
<h2>Verdicts</h2>
${verdicts}
${sections}
<h2>Reproduce</h2>
<p class="meta">Command: <code>${escapeHtml(report.meta.command)}</code> · seed <code>${escapeHtml(report.meta.seed)}</code><br>${sizes}<br>
Versions: ${escapeHtml(Object.entries((meta['versions'] as Record<string, string>) ?? {}).map(([k, v]) => `${k} ${v}`).join(', '))} (<a href="meta.json">meta.json</a>)${tables.length ? `<br>
Data: every table as CSV (${tables.map((t) => `<a href="${t.id}.csv">${t.id}.csv</a>`).join(' · ')}) and JSON, next to this page.` : ''}</p>
<script>
// Tables: a click on a header sorts by that column (numbers as numbers; again to reverse);
// a wide table's chooser shows or hides columns.
for (const table of document.querySelectorAll('table.data')) {
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, col) => th.addEventListener('click', () => {
    const down = th.dataset.sorted !== 'down';
    heads.forEach((h) => delete h.dataset.sorted);
    th.dataset.sorted = down ? 'down' : 'up';
    const key = (tr) => { const t = tr.cells[col].textContent.trim(); const x = Number(t); return t !== '' && Number.isFinite(x) ? x : t; };
    const rows = [...table.tBodies[0].rows].sort((a, b) => {
      const x = key(a), y = key(b);
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return down ? -c : c;
    });
    table.tBodies[0].append(...rows);
  }));
  const chooser = table.parentElement.previousElementSibling;
  if (chooser && chooser.classList.contains('columns')) {
    for (const box of chooser.querySelectorAll('input[data-col]')) {
      box.addEventListener('change', () => {
        const col = Number(box.dataset.col);
        for (const row of table.rows) row.cells[col].classList.toggle('off', !box.checked);
      });
    }
  }
}
const CHARTS = ${scriptJson(charts)};
for (const [id, spec] of Object.entries(CHARTS)) {
  vegaEmbed('#chart-' + id, spec, { renderer: 'svg', actions: { export: true, source: false, compiled: false, editor: false } })
    .catch((err) => console.error('chart ' + id + ' failed: ' + err));
}
</script>
</body></html>
`;
}

export interface IndexEntry {
  readonly dir: string;
  readonly title: string;
  readonly gameId: string;
  /** The game's name for the panel heading (default: its id). */
  readonly gameName?: string;
  readonly question: string;
  readonly seed: string | number;
  readonly sampleSizes: Record<string, number>;
  readonly supported: number;
  readonly inconclusive: number;
  /** Verdicts of the report in its own order (it leads with its most important). */
  readonly verdicts?: readonly { statement: string; evidence: string; strength: string }[];
  /** Quick-sample banner text, when the report is a quick run. */
  readonly quick?: string;
  /** The user's content as the report measured it (its "Your content" section). */
  readonly yourContent?: YourContent;
  /** Chart ids of the report, in page order (the panel shows the first as a small picture). */
  readonly charts?: readonly string[];
}

/** Key findings per game panel on the index. */
const FINDINGS_PER_GAME = 3;
/** Warnings a panel shows before "and N more". */
const WARNINGS_PER_GAME = 2;
/** Words in a finding's short form on the index (its full text is a click away). */
export const SHORT_WORDS = 20;

/** Words a shortened sentence must not end on. */
const DANGLING = /\s+(and|or|but|the|a|an|of|to|with|in|at|by|for|than|its|their|is|are)$/i;

/**
 * A verdict's short form for the index: its first sentence without parentheses and the
 * "played by …" phrase (the report names the agents), cut at the first dash or semicolon
 * after the subject, then at SHORT_WORDS words ("…" marks a cut).
 */
export function shortFinding(statement: string): string {
  let s = statement.split(/(?<=[.!?])\s+(?=[A-Z"])/)[0]!.trim();
  s = s.replace(/\s*\([^()]*\)/g, '').replace(/,?\s*played by "[^"]*"[^.;:]*/g, '').trim();
  const cut = s.search(/\s[—–]\s|;\s/);
  if (cut > 20) s = s.slice(0, cut).trim();
  s = s.replace(/[.:,;]+$/, '');
  const words = s.split(/\s+/);
  if (words.length > SHORT_WORDS) return words.slice(0, SHORT_WORDS - 1).join(' ').replace(/[,:;]$/, '').replace(DANGLING, '') + ' …';
  return s.replace(DANGLING, '') + '.';
}

/** Replicated or full-run findings first, then quick ones, each in its report's order. */
function findingRank(v: { statement: string }, quick: boolean): number {
  if (/replicated/i.test(v.statement) && !/not replicated/i.test(v.statement)) return 0;
  return quick ? 2 : 1;
}

function gamePanel(game: string, entries: readonly IndexEntry[]): string {
  const warnings = entries.flatMap((e) => (e.verdicts ?? []).filter((v) => v.strength === 'warning').map((v) => ({ v, e })));
  const findings = entries
    .flatMap((e) => (e.verdicts ?? []).filter((v) => v.strength === 'supported').map((v, i) => ({ v, e, i })))
    .sort((a, b) => findingRank(a.v, !!a.e.quick) - findingRank(b.v, !!b.e.quick) || a.i - b.i)
    .slice(0, FINDINGS_PER_GAME);
  const link = (e: IndexEntry, text: string, hash = '') => `<a href="${encodeURIComponent(e.dir)}/index.html${hash}">${escapeHtml(text)}</a>`;
  const tag = (e: IndexEntry) => (e.quick ? '<span class="tag quick" title="quick sample: a lead, not a conclusion">quick</span>' : '<span class="tag full">full</span>');
  const warn = warnings
    .slice(0, WARNINGS_PER_GAME)
    .map(({ v, e }) => `<li class="warning"><span class="badge">read first</span>${escapeHtml(shortFinding(v.statement))} ${link(e, 'details →')}</li>`)
    .join('\n') + (warnings.length > WARNINGS_PER_GAME ? `<li class="warning">and ${warnings.length - WARNINGS_PER_GAME} more warnings in these reports (read first in each).</li>` : '');
  const found = findings
    .map(({ v, e }) => `<li class="supported">${tag(e)}<span class="short" title="${escapeHtml(v.statement)}">${escapeHtml(shortFinding(v.statement))}</span> ${link(e, 'details →')}</li>`)
    .join('\n');
  const pictured = findings[0]?.e ?? entries.find((e) => (e.charts ?? []).length > 0);
  const chart = pictured?.charts?.[0];
  const img = pictured && chart ? `<a href="${encodeURIComponent(pictured.dir)}/index.html"><img class="thumb" src="${encodeURIComponent(pictured.dir)}/${encodeURIComponent(chart)}.svg" alt="${escapeHtml(pictured.title)}: first chart"></a>` : '';
  const reports = entries.map((e) => `${link(e, e.title.replace(/^[^:]*:\s*/, ''))}${e.quick ? ' <em>(quick)</em>' : ''}`).join(' · ');
  return `<section class="panel" data-game="${escapeHtml(game)}"><h3>${escapeHtml(entries[0]!.gameName ?? game)}</h3>
${warn || found ? `<ul class="findings">${warn}${found}</ul>` : '<p class="meta">No supported finding yet in these reports.</p>'}
${img}
<p class="meta">${reports}</p></section>`;
}

/** The index's first card when any report measured the user's own content. */
function yourContentCard(entries: readonly IndexEntry[]): string {
  const rows = entries.flatMap((e) =>
    (e.yourContent?.items ?? []).map(
      (i) =>
        `<li class="${i.strength}">${e.quick ? '<span class="tag quick">quick</span>' : '<span class="tag full">full</span>'}<strong class="your-name">${escapeHtml(i.name)}</strong> — ${escapeHtml(shortFinding(i.verdict))} <span class="evidence">${escapeHtml(describeItem(i, e.yourContent!))} · <a href="${encodeURIComponent(e.dir)}/index.html#your-content">${escapeHtml(e.title)} →</a></span></li>`,
    ),
  );
  if (rows.length === 0) return '';
  return `<section id="your-content" class="your-content card"><h2>Your content</h2>
<ul class="verdicts yours">${rows.join('\n')}</ul></section>`;
}

const INDEX_STYLE = `
.dashboard{display:grid;grid-template-columns:repeat(auto-fill,minmax(330px,1fr));gap:1em}
.panel{border:1px solid #ccc;border-radius:6px;padding:.2em 1em .6em;background:#fcfcfc}
.panel h3{margin:.5em 0}.findings{list-style:none;padding:0;margin:.3em 0}.findings li{margin:.35em 0;padding:.2em .5em;border-left:5px solid}
.findings li.supported{border-color:#2e7d32}.findings li.warning{border-color:#e65100;background:#fff3e0}
.thumb{max-width:100%;max-height:220px;display:block;margin:.4em auto}
.tag{font-size:.72em;text-transform:uppercase;border-radius:3px;padding:0 .35em;margin-right:.45em;font-weight:bold}
.tag.quick{background:#ffe0b2;color:#8a3b00}.tag.full{background:#c8e6c9;color:#1b5e20}`;

export function indexHtml(entries: readonly IndexEntry[]): string {
  const anyQuick = entries.some((e) => e.quick);
  const games = [...new Set(entries.map((e) => e.gameId))];
  const panels = games.map((g) => gamePanel(g, entries.filter((e) => e.gameId === g))).join('\n');
  const rows = entries
    .map(
      (e) => `<tr><td><a href="${encodeURIComponent(e.dir)}/index.html">${escapeHtml(e.title)}</a>${e.quick ? ' <em>(quick)</em>' : ''}</td><td><code>${escapeHtml(e.gameId)}</code></td>
<td style="text-align:left">${escapeHtml(e.question)}</td><td>${e.supported} supported, ${e.inconclusive} not</td>
<td style="text-align:left">${escapeHtml(Object.entries(e.sampleSizes).map(([k, v]) => `${k}: ${v}`).join('; '))}</td><td>${escapeHtml(e.seed)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Crucible reports</title><style>${STYLE}${INDEX_STYLE}</style></head><body>
<h1>Crucible reports</h1>
${yourContentCard(entries)}
${anyQuick ? '<p class="banner"><strong>Quick sample — leads, not conclusions.</strong> Findings tagged <span class="tag quick">quick</span> ran the small sample sizes of <code>npm start</code>; rerun a study with <code>--full</code> for the sample sizes a published verdict needs.</p>' : ''}
<h2>Headline findings</h2>
<div class="dashboard">
${panels}
</div>
<p class="meta">Per game: warnings (failed games, games stopped at a cap), then up to ${FINDINGS_PER_GAME} supported findings — replicated and full-run ones first — in short form; hover for the full sentence, follow "details" for the evidence.</p>
<h2>All reports</h2>
<p>${entries.length} report${entries.length === 1 ? '' : 's'}. Each folder holds index.html (opens offline), every chart as SVG/PNG/Vega-Lite JSON, every table as CSV/JSON, and meta.json to reproduce it.</p>
<table><thead><tr><th>report</th><th>game</th><th>question</th><th>verdicts</th><th>sample sizes</th><th>seed</th></tr></thead>
<tbody>${rows}</tbody></table>
</body></html>
`;
}
