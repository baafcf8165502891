/**
 * Opens a generated report in headless Chromium over file:// and checks that every chart
 * drew, the console shows no error and no request left the machine (the report works
 * offline). Needs Debian's chromium at /usr/bin/chromium: without it the test is
 * skipped locally and fails on CI (process.env.CI set).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { writeReport, writeReportsIndex } from '../../src/analysis/report/write.js';
import { sampleReport } from '../analysis/report/fixture.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const onCi = Boolean(process.env['CI']);

// Skipped (not passed) where Chromium is missing and CI is not set: install it with apt-get install -y chromium.
describe.skipIf(!available && !onCi)('report in a browser', () => {
  let browser: Browser;
  let root: string;

  beforeAll(async () => {
    if (!available) throw new Error(`${CHROMIUM} is missing; CI must install Debian's chromium (apt-get install -y chromium)`);
    root = mkdtempSync(join(tmpdir(), 'crucible-browser-'));
    // A quick run with the user's own content: the report and the index open with it.
    const yourContent = {
      measure: 'field share',
      fieldName: 'the 3 random heroes',
      nullValue: 0.5,
      items: [{ name: 'Glass Cannon', estimate: 0.7, lo: 0.55, hi: 0.82, level: 0.95, n: 12, verdict: 'wins more than half its duels.', strength: 'supported' as const }],
      field: [0.35, 0.5, 0.8].map((x, i) => ({ name: `random hero ${i + 1}`, estimate: x, lo: x - 0.1, hi: x + 0.1 })),
    };
    await writeReport({ ...sampleReport(), yourContent, quick: 'quick sizes' }, join(root, 'sample'));
    // A 12-column table (ophidian-cards has 40): sortable, opening with 8 columns and a chooser.
    const wideRows = [3, 1, 2].map((k) => Object.fromEntries(Array.from({ length: 12 }, (_, c) => [`col ${c + 1}`, c === 0 ? `card ${k}` : k * 10 + c])));
    await writeReport({ ...sampleReport(), id: 'wide', quick: 'quick sizes', sections: [{ heading: 'Cards', blocks: [{ kind: 'table', id: 'wide-table', title: 'every card', rows: wideRows }] }] }, join(root, 'wide'));
    writeReportsIndex(root);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('draws every chart offline with no console error and no network request', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const remote: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) remote.push(r.url());
    });
    await page.goto(pathToFileURL(join(root, 'sample', 'index.html')).href, { waitUntil: 'load' });
    const ids = await page.$$eval('.chart', (els) => els.map((e) => e.id));
    expect(ids).toHaveLength(9);
    expect(ids[0]).toBe('chart-your-content');
    // "Your content" opens the page, above the verdicts, naming the user's hero.
    const yours = await page.$eval('#your-content', (el) => el.textContent ?? '');
    expect(yours).toContain('Glass Cannon');
    expect(yours).toMatch(/2nd of 4 by field share/);
    // vega-embed renders asynchronously: wait until each container holds a drawn SVG.
    // (A string expression: it runs in the page, whose DOM types this Node project lacks.)
    await page.waitForFunction("[...document.querySelectorAll('.chart')].every((c) => c.querySelector('svg.marks') !== null)", undefined, {
      timeout: 20_000,
    });
    const marks = await page.$$eval('.chart', (els) => els.map((e) => e.querySelector('svg.marks')!.querySelectorAll('path, rect, line, text').length));
    for (const n of marks) expect(n).toBeGreaterThan(3);
    // The hostile name was shown as text, never run.
    expect(await page.title()).toContain('<script>alert(1)</script>');
    expect(errors).toEqual([]);
    expect(remote).toEqual([]);
    await page.close();
  });

  it('a wide table opens with 8 of its columns, shows more on demand and sorts on a header click', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(root, 'wide', 'index.html')).href);
    const visible = () => page.$eval('table.data thead tr', (tr) => Array.from((tr as unknown as { cells: ArrayLike<{ offsetWidth: number }> }).cells).filter((th) => th.offsetWidth > 0).length);
    expect(await visible()).toBe(8);
    await page.click('details.columns summary');
    await page.check('details.columns input[data-col="10"]');
    expect(await visible()).toBe(9);
    const secondColumn = () => page.$$eval('table.data tbody tr', (trs) => trs.map((tr) => (tr as unknown as { cells: { textContent: string }[] }).cells[1]!.textContent));
    await page.click('table.data thead th:nth-child(2)');
    expect(await secondColumn()).toEqual(['31', '21', '11']);
    await page.click('table.data thead th:nth-child(2)');
    expect(await secondColumn()).toEqual(['11', '21', '31']);
    await page.close();
  });

  it('the reports index opens with "Your content", tags quick findings and links to the report', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(root, 'index.html')).href);
    const hrefs = await page.$$eval('a', (as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain('sample/index.html');
    expect(hrefs).toContain('sample/index.html#your-content');
    // The first card of the page is the user's content.
    const first = await page.$eval('body > section', (el) => el.id);
    expect(first).toBe('your-content');
    expect(await page.$eval('#your-content', (el) => el.textContent ?? '')).toContain('Glass Cannon');
    // Every finding of the quick run carries a visible "quick" tag.
    const findings = await page.$$eval('.panel .findings li.supported', (els) => els.map((e) => e.querySelector('.tag.quick') !== null));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every(Boolean)).toBe(true);
    // The panel's small chart loads (a broken image has naturalWidth 0).
    await page.waitForFunction("[...document.querySelectorAll('img.thumb')].every((i) => i.complete)");
    const widths = await page.$$eval('img.thumb', (els) => els.map((e) => (e as unknown as { naturalWidth: number }).naturalWidth));
    expect(widths.length).toBe(1);
    expect(widths[0]).toBeGreaterThan(0);
    await page.close();
  });
});
