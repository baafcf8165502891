/**
 * Issue #10, "Honesty about the evidence": quick runs carry a visible "quick sample — leads, not
 * conclusions" banner. Issue #29: the index is a dashboard — the user's content first, then one
 * panel per game with its warnings and up to three short supported findings (replicated and
 * full-run first, each tagged quick or full), each linking to its evidence.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, indexHtml, reportHtml, shortFinding, type IndexEntry } from '../../../src/analysis/report/html.js';
import { sampleReport } from './fixture.js';

const verdict = (strength: string, statement: string) => ({ statement, evidence: `evidence of ${statement}`, strength });
const entry = (dir: string, verdicts: IndexEntry['verdicts'], quick?: string): IndexEntry => ({
  dir, title: `Report ${dir}`, gameId: 'rumble', question: 'q?', seed: 1, sampleSizes: { games: 10 },
  supported: verdicts!.filter((v) => v.strength === 'supported').length, inconclusive: 0, verdicts, quick,
});

describe('report index: a dashboard, one panel per game', () => {
  const long = 'Heavy beats Light more often than not in the duel under MCTS play, at every sample size we tried here (0.62 [0.55, 0.69]); the edge holds in both seats and at both arena sizes.';
  const html = indexHtml([
    entry('a', [verdict('supported', 'A1 holds'), verdict('inconclusive', 'A2 unclear'), verdict('supported', 'A3 holds'), verdict('supported', 'A4 holds'), verdict('supported', 'A5 holds')], 'ran small'),
    entry('b', [verdict('supported', 'B1 holds, replicated on fresh seeds'), verdict('warning', 'B games failed')], 'ran small'),
    { ...entry('c', [verdict('supported', long)]), gameId: 'gladiator-duel' },
  ]);
  const dashboard = html.slice(html.indexOf('<h2>Headline findings</h2>'), html.indexOf('<h2>All reports</h2>'));
  const panel = (game: string) => dashboard.slice(dashboard.indexOf(`data-game="${game}"`), dashboard.indexOf('</section>', dashboard.indexOf(`data-game="${game}"`)));

  it('puts the panels before the table of reports, one per game', () => {
    expect(html.indexOf('Headline findings')).toBeLessThan(html.indexOf('All reports'));
    expect(dashboard.match(/class="panel"/g)).toHaveLength(2);
  });
  it("a game's panel: its warnings, then at most three supported findings (replicated first), never an inconclusive one, each linking to its report", () => {
    const rumble = panel('rumble');
    expect(rumble).toContain('B games failed');
    expect(rumble).not.toContain('A2 unclear');
    expect(rumble).not.toContain('A4 holds');
    expect(rumble.indexOf('B games failed')).toBeLessThan(rumble.indexOf('B1 holds'));
    expect(rumble.indexOf('B1 holds')).toBeLessThan(rumble.indexOf('A1 holds')); // replicated ranks first
    expect(rumble).toContain('A3 holds');
    expect(rumble).toContain('href="a/index.html"');
    expect(rumble).toContain('href="b/index.html"');
  });
  it('tags every quick-run finding "quick" and every full-run one "full"', () => {
    expect(panel('rumble').match(/<span class="tag quick"/g)).toHaveLength(3);
    expect(panel('gladiator-duel')).toContain('<span class="tag full">full</span>');
  });
  it('ranks a full-run finding before a quick one in the same panel, each tagged (issue #28)', () => {
    const mixed = indexHtml([entry('q', [verdict('supported', 'Q1 from a quick run')], 'ran small'), entry('f', [verdict('supported', 'F1 from a full run')])]);
    const p = mixed.slice(mixed.indexOf('data-game="rumble"'), mixed.indexOf('</section>', mixed.indexOf('data-game="rumble"')));
    expect(p.indexOf('F1 from a full run')).toBeLessThan(p.indexOf('Q1 from a quick run'));
    expect(p).toMatch(/<span class="tag full">full<\/span><span class="short"[^>]*>F1/);
    expect(p).toMatch(/<span class="tag quick"[^>]*>quick<\/span><span class="short"[^>]*>Q1/);
  });
  it('shows findings in at most 20 words, the full sentence a hover or a click away', () => {
    const short = shortFinding(long);
    expect(short.split(/\s+/).length).toBeLessThanOrEqual(20);
    expect(panel('gladiator-duel')).toContain(escapeHtml(short));
    expect(panel('gladiator-duel')).toContain(`title="${escapeHtml(long)}"`);
    expect(shortFinding('Light wins.')).toBe('Light wins.');
  });
  it('shows the quick banner when any report is a quick run, and marks that report', () => {
    expect(html).toMatch(/Quick sample — leads, not conclusions/);
    expect(html).toContain('Report b</a> <em>(quick)</em>');
    expect(indexHtml([entry('a', [verdict('supported', 'A1 holds')])])).not.toMatch(/Quick sample/);
  });
  it('says so when a game has no supported finding', () => {
    expect(indexHtml([entry('a', [verdict('inconclusive', 'nothing')])])).toContain('No supported finding yet');
  });
  it("opens with the user's content when a report measured it", () => {
    const yourContent = { measure: 'field share', fieldName: 'the 3 random heroes', nullValue: 0.5, items: [{ name: 'Glass Cannon', estimate: 0.7, lo: 0.55, hi: 0.82, level: 0.95, n: 12, verdict: 'wins more than half its duels.', strength: 'supported' as const }], field: [0.4, 0.5, 0.8].map((x, i) => ({ name: `random ${i}`, estimate: x, lo: x - 0.1, hi: x + 0.1 })) };
    const withYours = indexHtml([{ ...entry('a', [verdict('supported', 'A1 holds')]), yourContent }]);
    const card = withYours.indexOf('id="your-content"');
    expect(card).toBeGreaterThan(0);
    expect(card).toBeLessThan(withYours.indexOf('Headline findings'));
    expect(withYours).toContain('Glass Cannon');
    expect(withYours).toMatch(/2nd of 4 by field share/);
    expect(withYours).toContain('href="a/index.html#your-content"');
    expect(indexHtml([entry('a', [verdict('supported', 'A1 holds')])])).not.toContain('id="your-content"');
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

describe('a report with user content opens with "Your content"', () => {
  it('each item by name with verdict, interval and rank, before the verdicts, with its chart', () => {
    const yourContent = { measure: 'field share', fieldName: 'the 2 random heroes', nullValue: 0.5, items: [{ name: 'Glass <Cannon>', estimate: 0.7, lo: 0.55, hi: 0.82, level: 0.95, n: 12, verdict: 'wins more than half its duels.', strength: 'supported' as const }], field: [{ name: 'r1', estimate: 0.8, lo: 0.7, hi: 0.9 }, { name: 'r2', estimate: 0.4, lo: 0.3, hi: 0.5 }] };
    const html = reportHtml({ ...sampleReport(), yourContent }, [], {});
    const at = html.indexOf('<h2>Your content</h2>');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(html.indexOf('<h2>Verdicts</h2>'));
    expect(html).toContain('Glass &lt;Cannon&gt;');
    expect(html).toContain('0.700 [0.550, 0.820] (95% interval, n = 12); 2nd of 3 by field share, among the 2 random heroes and yours');
    expect(html).toContain('id="chart-your-content"');
  });
});
