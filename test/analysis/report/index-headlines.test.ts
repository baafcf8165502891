/**
 * Issue #10, "Honesty about the evidence": quick runs carry a visible "quick sample — leads, not
 * conclusions" banner, and the index leads with the headline findings across all reports
 * (warnings first, then each report's strongest supported verdicts, each linking to its evidence).
 */
import { describe, expect, it } from 'vitest';
import { indexHtml, reportHtml, type IndexEntry } from '../../../src/analysis/report/html.js';
import { sampleReport } from './fixture.js';

const verdict = (strength: string, statement: string) => ({ statement, evidence: `evidence of ${statement}`, strength });
const entry = (dir: string, verdicts: IndexEntry['verdicts'], quick?: string): IndexEntry => ({
  dir, title: `Report ${dir}`, gameId: 'rumble', question: 'q?', seed: 1, sampleSizes: { games: 10 },
  supported: verdicts!.filter((v) => v.strength === 'supported').length, inconclusive: 0, verdicts, quick,
});

describe('report index: headline findings first', () => {
  const html = indexHtml([
    entry('a', [verdict('supported', 'A1 holds'), verdict('inconclusive', 'A2 unclear'), verdict('supported', 'A3 holds'), verdict('supported', 'A4 holds')]),
    entry('b', [verdict('supported', 'B1 holds'), verdict('warning', 'B games failed')], 'ran small'),
  ]);
  const headlines = html.slice(html.indexOf('<h2>Headline findings</h2>'), html.indexOf('<h2>All reports</h2>'));

  it('puts the headlines before the table of reports', () => {
    expect(html.indexOf('Headline findings')).toBeGreaterThan(0);
    expect(html.indexOf('Headline findings')).toBeLessThan(html.indexOf('All reports'));
  });
  it("lists each report's warnings and at most two supported verdicts, never an inconclusive one, each linking to its report", () => {
    expect(headlines).toContain('A1 holds');
    expect(headlines).toContain('A3 holds');
    expect(headlines).not.toContain('A4 holds'); // only the first two supported
    expect(headlines).not.toContain('A2 unclear');
    expect(headlines).toContain('B games failed');
    expect(headlines.indexOf('B games failed')).toBeLessThan(headlines.indexOf('B1 holds')); // warnings first within a report
    expect(headlines).toContain('href="a/index.html"');
    expect(headlines).toContain('href="b/index.html"');
  });
  it('shows the quick banner when any report is a quick run, and marks that report', () => {
    expect(html).toMatch(/Quick sample — leads, not conclusions/);
    expect(html).toContain('Report b</a> <em>(quick)</em>');
    expect(indexHtml([entry('a', [verdict('supported', 'A1 holds')])])).not.toMatch(/Quick sample/);
  });
  it('says so when no report has a supported finding', () => {
    expect(indexHtml([entry('a', [verdict('inconclusive', 'nothing')])])).toContain('No report has a supported finding yet.');
  });
});

describe('a quick report carries the banner', () => {
  it('with the text of what --full adds; a full report has none', () => {
    const quick = reportHtml({ ...sampleReport(), quick: 'rerun with --full for 10× the games' }, [], {});
    expect(quick).toMatch(/<p class="banner"><strong>Quick sample — leads, not conclusions\.<\/strong> rerun with --full for 10× the games<\/p>/);
    const full = reportHtml({ ...sampleReport(), quick: undefined }, [], {});
    expect(full).not.toMatch(/Quick sample/);
  });
});
