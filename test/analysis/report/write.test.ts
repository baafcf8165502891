import { statSync, mkdtempSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { toCsv } from '../../../src/analysis/table.js';
import { writeReport, writeReportsIndex } from '../../../src/analysis/report/write.js';
import { escapeHtml } from '../../../src/analysis/report/html.js';
import { svgToPng } from '../../../src/analysis/report/render.js';
import { HOSTILE, sampleReport } from './fixture.js';

let root: string;
let dir: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'crucible-report-'));
  dir = join(root, 'sample');
  await writeReport(sampleReport(), dir);
  writeReportsIndex(root);
});

const CHARTS = ['heatmap', 'forest', 'cost', 'ratings', 'nash', 'lengths', 'response', 'seats'];

describe('writeReport', () => {
  it('writes index.html, meta.json and every chart as .vl.json/.svg/.png and every table as .csv/.json', () => {
    const files = new Set(readdirSync(dir));
    for (const f of ['index.html', 'meta.json', 'table.csv', 'table.json']) expect(files).toContain(f);
    for (const c of CHARTS) for (const ext of ['.vl.json', '.svg', '.png']) expect(files).toContain(c + ext);
    for (const c of CHARTS) {
      const svg = readFileSync(join(dir, `${c}.svg`), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('<text'); // titles and axis labels were drawn
      const png = readFileSync(join(dir, `${c}.png`));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('renders text into the PNG (a font was found)', () => {
    const svg = readFileSync(join(dir, 'heatmap.svg'), 'utf8');
    const withoutText = svg.replace(/<text[^>]*>[^<]*<\/text>/g, '');
    expect(withoutText).not.toBe(svg);
    const pixels = (s: string) => new Resvg(s, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().pixels;
    expect(Buffer.compare(pixels(svg), pixels(withoutText))).not.toBe(0);
    expect(svgToPng(svg).length).toBeGreaterThan(svgToPng(withoutText).length);
  });

  it('records command, seed, versions and sample sizes in meta.json', () => {
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta.seed).toBe(7);
    expect(meta.command).toBe(`crucible study ${HOSTILE}`);
    expect(meta.sampleSizes).toEqual({ 'total games': 400 });
    expect(meta.versions.node).toBe(process.version);
    expect(meta.versions.crucible).toMatch(/^\d+\.\d+\.\d+/);
    expect(meta.versions['vega-lite']).toMatch(/^6\./);
    expect(meta.charts).toEqual(CHARTS);
  });

  it('escapes every user string in the HTML and keeps script data inert', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain(escapeHtml(HOSTILE));
    // The only raw <script> tag is the embed script; the three libraries load from the shared copy.
    expect(html.match(/<script>/g)!.length).toBe(1);
    expect(html.match(/<script src="\.\.\/vendor\/[a-z-]+\.min\.js"><\/script>/g)!.length).toBe(3);
    expect(html).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });

  it('puts the verdicts first, styled by strength, and needs no network', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const verdicts = html.indexOf('class="verdicts"');
    expect(verdicts).toBeGreaterThan(0);
    expect(verdicts).toBeLessThan(html.indexOf('<section>'));
    expect(html).toMatch(/<li class="supported">/);
    expect(html).toMatch(/<li class="inconclusive">/);
    // Offline: the libraries are one shared copy beside the report folders, nothing from the network.
    expect(html).not.toMatch(/<script[^>]+src="https?:|<link[^>]+href="https?:/);
    for (const lib of ['vega.min.js', 'vega-lite.min.js', 'vega-embed.min.js']) expect(statSync(join(dir, '..', 'vendor', lib)).size).toBeGreaterThan(10_000);
    for (const c of CHARTS) expect(html).toContain(`id="chart-${c}"`);
  });

  it('writes CSV with quoting, and rejects bad block ids', async () => {
    expect(toCsv([{ a: 'x, "y"', b: 1 }, { a: null, b: 2 }])).toBe('a,b\n"x, ""y""",1\n,2\n');
    const bad = sampleReport('bad id');
    await expect(writeReport(bad, join(root, 'bad'))).rejects.toThrow(/report id/);
  });
});

describe('writeReportsIndex', () => {
  it('links every report folder with its escaped title and game', () => {
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    expect(html).toContain('href="sample/index.html"');
    expect(html).toContain(escapeHtml(`Sample ${HOSTILE}`));
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('gladiator-duel');
    expect(existsSync(join(root, 'bad'))).toBe(false);
  });
});
