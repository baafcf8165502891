/**
 * HTML for a report folder and the reports index. Every user-provided string (names,
 * options, titles, table cells) goes through `escapeHtml`; data handed to scripts goes
 * through `scriptJson`, so a hostile name cannot inject markup or script.
 */
import type { Report, ReportBlock, ReportTable } from '../report-model.js';

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

/** Inlines a library so the page needs no network; guards against a closing tag. */
export function inlineScript(source: string): string {
  return `<script>${source.replace(/<\/script/gi, '<\\/script')}</script>`;
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
.meta{font-size:.85em;color:#555}code{background:#f4f4f4;padding:0 .2em}`;

function tableHtml(t: ReportTable): string {
  const columns = [...new Set(t.rows.flatMap((r) => Object.keys(r)))];
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = t.rows
    .map((r) => `<tr>${columns.map((c) => `<td>${escapeHtml(formatCell(r[c]))}</td>`).join('')}</tr>`)
    .join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
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

/** The report page: verdicts first, then sections; charts drawn by vega-embed (inlined). */
export function reportHtml(report: Report, libs: readonly string[], meta: Record<string, unknown>): string {
  const charts: Record<string, unknown> = {};
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
    .map((s) => `<section><h2>${escapeHtml(s.heading)}</h2>\n${s.blocks.map(blockHtml).join('\n')}</section>`)
    .join('\n');
  const sizes = Object.entries(report.meta.sampleSizes)
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${STYLE}</style>
${libs.map(inlineScript).join('\n')}
</head><body>
<p class="meta"><a href="../index.html">All reports</a> · game <code>${escapeHtml(report.gameId)}</code></p>
<h1>${escapeHtml(report.title)}</h1>
<p class="question">${escapeHtml(report.question)}</p>
${report.quick ? `<p class="banner"><strong>Quick sample — leads, not conclusions.</strong> ${escapeHtml(report.quick)}</p>` : ''}
<h2>Verdicts</h2>
${verdicts}
${sections}
<h2>Reproduce</h2>
<p class="meta">Command: <code>${escapeHtml(report.meta.command)}</code> · seed <code>${escapeHtml(report.meta.seed)}</code><br>${sizes}<br>
Versions: ${escapeHtml(Object.entries((meta['versions'] as Record<string, string>) ?? {}).map(([k, v]) => `${k} ${v}`).join(', '))} (<a href="meta.json">meta.json</a>)${tables.length ? `<br>
Data: every table as CSV (${tables.map((t) => `<a href="${t.id}.csv">${t.id}.csv</a>`).join(' · ')}) and JSON, next to this page.` : ''}</p>
<script>
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
  readonly question: string;
  readonly seed: string | number;
  readonly sampleSizes: Record<string, number>;
  readonly supported: number;
  readonly inconclusive: number;
  /** Verdicts of the report in its own order (it leads with its most important). */
  readonly verdicts?: readonly { statement: string; evidence: string; strength: string }[];
  /** Quick-sample banner text, when the report is a quick run. */
  readonly quick?: string;
}

/** Headline findings per report on the index: every warning, then its first supported verdicts. */
const HEADLINES_PER_REPORT = 2;

export function indexHtml(entries: readonly IndexEntry[]): string {
  const headlines = entries.flatMap((e) => {
    const vs = e.verdicts ?? [];
    const warnings = vs.filter((v) => v.strength === 'warning');
    const supported = vs.filter((v) => v.strength === 'supported').slice(0, HEADLINES_PER_REPORT);
    return [...warnings, ...supported].map(
      (v) =>
        `<li class="${escapeHtml(v.strength)}"><span class="badge">${v.strength === 'warning' ? 'read first' : escapeHtml(v.strength)}</span>${escapeHtml(v.statement)} <a href="${encodeURIComponent(e.dir)}/index.html">${escapeHtml(e.title)} →</a><span class="evidence">${escapeHtml(v.evidence)}</span></li>`,
    );
  });
  const anyQuick = entries.some((e) => e.quick);
  const rows = entries
    .map(
      (e) => `<tr><td><a href="${encodeURIComponent(e.dir)}/index.html">${escapeHtml(e.title)}</a>${e.quick ? ' <em>(quick)</em>' : ''}</td><td><code>${escapeHtml(e.gameId)}</code></td>
<td style="text-align:left">${escapeHtml(e.question)}</td><td>${e.supported} supported, ${e.inconclusive} not</td>
<td style="text-align:left">${escapeHtml(Object.entries(e.sampleSizes).map(([k, v]) => `${k}: ${v}`).join('; '))}</td><td>${escapeHtml(e.seed)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Crucible reports</title><style>${STYLE}</style></head><body>
<h1>Crucible reports</h1>
${anyQuick ? '<p class="banner"><strong>Quick sample — leads, not conclusions.</strong> Reports marked (quick) ran the small sample sizes of <code>npm start</code>; rerun a study with <code>--full</code> for the sample sizes a published verdict needs.</p>' : ''}
<h2>Headline findings</h2>
${headlines.length ? `<ul class="verdicts headlines">${headlines.join('\n')}</ul>` : '<p>No report has a supported finding yet.</p>'}
<p class="meta">Each report's warnings, then up to ${HEADLINES_PER_REPORT} of its supported verdicts, in the report's own order; every finding links to the report with its charts, tables and the command that reproduces it.</p>
<h2>All reports</h2>
<p>${entries.length} report${entries.length === 1 ? '' : 's'}. Each folder holds index.html (opens offline), every chart as SVG/PNG/Vega-Lite JSON, every table as CSV/JSON, and meta.json to reproduce it.</p>
<table><thead><tr><th>report</th><th>game</th><th>question</th><th>verdicts</th><th>sample sizes</th><th>seed</th></tr></thead>
<tbody>${rows}</tbody></table>
</body></html>
`;
}
