/**
 * Chart layout as a reader sees it, in headless Chromium: axis labels of the charts the
 * review found crowded (duel matrix, first mover, seat shares) never overlap, and
 * legends of numbered groups read 2, 4, 6, 10 (natural order), not 10, 2, 4, 6.
 * Needs /usr/bin/chromium (skipped locally without it, required on CI).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import * as charts from '../../src/analysis/charts.js';
import type { Report } from '../../src/analysis/report-model.js';
import { writeReport } from '../../src/analysis/report/write.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const onCi = Boolean(process.env['CI']);

const POWERS = ['Galactic Ray Gun', 'Combat Training', 'Hidden Clone', 'Regeneration', 'Tough Skin', 'Flight'];

function layoutReport(): Report {
  const cells: charts.MatchupCell[] = [];
  for (const row of POWERS) for (const col of POWERS) if (row !== col) cells.push({ row, col, share: 0.5, lo: 0.4, hi: 0.6, n: 80 });
  const seats = ['1:mcts:iterations=400,rollout=evaluate', '2:heuristic', '3:heuristic', '4:random'].map((seat) => ({ seat, share: 0.25, lo: 0.2, hi: 0.3, n: 100 }));
  const groups = [10, 2, 6, 4].map((players) => ({ label: `${players} heroes, Bent 1`, estimate: 0.01 * players, lo: -0.1, hi: 0.2, n: 200, group: `${players} heroes` }));
  const chart = (id: string, spec: unknown) => ({ kind: 'chart' as const, id, title: id, spec: spec as Record<string, unknown> });
  return {
    id: 'layout',
    title: 'Layout',
    gameId: 'rumble',
    question: 'q',
    verdicts: [],
    sections: [
      {
        heading: 'Charts',
        blocks: [
          chart('duel-matrix', charts.matchupHeatmap(cells, { title: 'Duels', order: POWERS })),
          chart('first-mover', charts.seatShareBars([{ seat: 'moves first', share: 0.55, lo: 0.5, hi: 0.6, n: 480 }, { seat: 'moves second', share: 0.45, lo: 0.4, hi: 0.5, n: 480 }], { title: 'First mover', fair: 0.5 })),
          chart('seat-shares', charts.seatShareBars(seats, { title: 'Seats' })),
          chart('fairness', charts.forestPlot(groups, { title: 'Gap by table size', xTitle: 'gap' })),
        ],
      },
    ],
    meta: { command: 'test', seed: 1, sampleSizes: {} },
  };
}

describe.skipIf(!available && !onCi)('chart layout in a browser', () => {
  let browser: Browser;
  let root: string;

  beforeAll(async () => {
    if (!available) throw new Error(`${CHROMIUM} is missing; CI must install Debian's chromium (apt-get install -y chromium)`);
    root = mkdtempSync(join(tmpdir(), 'crucible-layout-'));
    await writeReport(layoutReport(), join(root, 'layout'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('no two axis labels overlap, and numbered legends are in natural order', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(root, 'layout', 'index.html')).href, { waitUntil: 'load' });
    await page.waitForFunction("[...document.querySelectorAll('.chart')].every((c) => c.querySelector('svg.marks') !== null)", undefined, { timeout: 20_000 });
    // For every chart and every axis: the label boxes, pairwise overlaps (1 px tolerance), and the legend labels in order.
    const result = (await page.evaluate(`(() => {
      const out = {};
      for (const chart of document.querySelectorAll('.chart')) {
        const overlaps = [];
        for (const axis of chart.querySelectorAll('g.role-axis-label')) {
          // Labels Vega hid to avoid overlap (opacity 0) are not drawn. Each label's own box (shrunk by 1 px), turned with the label: slanted labels are
          // compared as the rotated rectangles they are (separating-axis test).
          const quads = [...axis.querySelectorAll('text')].filter((t) => t.textContent && t.getAttribute('opacity') !== '0' && getComputedStyle(t).opacity !== '0').map((t) => {
            const b = t.getBBox(), m = t.getScreenCTM();
            const pts = [[b.x + 1, b.y + 1], [b.x + b.width - 1, b.y + 1], [b.x + b.width - 1, b.y + b.height - 1], [b.x + 1, b.y + b.height - 1]];
            return { text: t.textContent, pts: pts.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]) };
          });
          const separated = (p, q) => {
            for (const poly of [p, q])
              for (let k = 0; k < 4; k++) {
                const [x1, y1] = poly[k], [x2, y2] = poly[(k + 1) % 4];
                const nx = y2 - y1, ny = x1 - x2;
                const proj = (pts) => pts.map(([x, y]) => x * nx + y * ny);
                const a = proj(p), b = proj(q);
                if (Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a)) return true;
              }
            return false;
          };
          for (let i = 0; i < quads.length; i++)
            for (let j = i + 1; j < quads.length; j++)
              if (!separated(quads[i].pts, quads[j].pts)) overlaps.push(quads[i].text + ' / ' + quads[j].text);
        }
        const legend = [...chart.querySelectorAll('g.role-legend-label text')].map((t) => t.textContent);
        out[chart.id] = { overlaps, legend };
      }
      return out;
    })()`)) as Record<string, { overlaps: string[]; legend: string[] }>;
    await page.close();
    const ids = Object.keys(result);
    expect(ids.length).toBe(4);
    for (const id of ids) expect(result[id]!.overlaps, id).toEqual([]);
    const fairness = ids.find((id) => id.includes('fairness'))!;
    expect(result[fairness]!.legend).toEqual(['2 heroes', '4 heroes', '6 heroes', '10 heroes']);
  });
});
