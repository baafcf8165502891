/**
 * The Ophidian studies end to end at their quick (tiny) sizes, in-process: each writes a
 * report with its verdicts, charts and tables; a rerun into the same run folder resumes
 * (no game replayed) and gives the same report; a user's deck file joins the studies.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectDesignPowerStated, expectMdeOnInconclusive } from './mde-check.js';
import { endingVerdict, ophidianFlowStudy } from '../../experiments/ophidian/flow.js';
import { wilson } from '../../src/core/wilson.js';
import { ophidianTeamsStudy, pairingTestable } from '../../experiments/ophidian/teams.js';
import { GameLedger } from '../../experiments/ledger.js';
import type { Study } from '../../experiments/study.js';
import type { Report } from '../../src/analysis/report-model.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-studies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(study: Study, runDir: string, extra: Record<string, string> = {}): Promise<{ report: Report; ledger: GameLedger }> {
  const ledger = new GameLedger(() => undefined);
  const report = await study.run({ seed: 3, full: false, workers: 1, runDir: join(dir, runDir), command: 'test', progress: false, ledger, ...extra });
  expectMdeOnInconclusive(report.verdicts);
  if (study.power) expectDesignPowerStated(study, report);
  return { report, ledger };
}

const blocks = (r: Report) => r.sections.flatMap((s) => s.blocks);

describe('ophidian-flow end to end', () => {
  it('reports the first-Flow advantage, the Wave log, the endings and the quality panel; a rerun resumes to the same report', async () => {
    const first = await run(ophidianFlowStudy, 'flow');
    expect(first.ledger.failed).toBe(0);
    expect(first.ledger.games).toBe(60);
    expect(first.report.verdicts[0]!.statement).toMatch(/first Flow/);
    // 60 games on 3 seeds (game i of every matchup shares seed i): the seed is the unit (issue #28), not the 30 seat-swapped pairs.
    expect(first.report.verdicts[0]!.evidence).toMatch(/n=3 seeds/);
    // "A match lasts … Waves" is a description, not a test: never a 'supported' verdict.
    expect(first.report.verdicts.some((v) => /A match lasts/.test(v.statement))).toBe(false);
    expect(blocks(first.report).some((b) => b.kind === 'text' && /A match lasts .* over 3 seeds/.test(b.text))).toBe(true);
    const ids = blocks(first.report).map((b) => ('id' in b ? b.id : ''));
    for (const id of ['first-flow', 'waves', 'endings', 'length-waves', 'quality']) expect(ids).toContain(id);
    // Every quality row says what its lo/hi are and on how many games; the decisions row is a spread, not an interval.
    const quality = blocks(first.report).find((b) => b.kind === 'table' && b.id === 'quality');
    const qrows = quality && quality.kind === 'table' ? quality.rows : [];
    for (const r of qrows) expect(typeof r['range'] === 'string' && typeof r['n'] === 'number').toBe(true);
    expect(qrows.find((r) => String(r['measure']).startsWith('length, decisions'))!['range']).toBe('10% and 90% points of the games (spread, not an interval)');
    const again = await run(ophidianFlowStudy, 'flow');
    expect(again.report).toEqual(first.report);
  });
});

describe('ophidian-flow: how matches end, as strongly as the intervals allow', () => {
  const e = (name: string, k: number, n: number) => ({ name, ...(({ p, lo, hi }) => ({ share: p, lo, hi }))(wilson(k, n)) });
  it('"most" only above 0.5, "most often" only above the runner-up, else no ending singled out', () => {
    // The full run's figures: Crowd Riot 0.449, most VP after Wave 4 0.411, 12 VP 0.130 of 2,600.
    const full = endingVerdict([e('Points: most VP after Wave 4', 1069, 2600), e('Crowd Riot (15 Cheer)', 1167, 2600), e('Points: 12 VP at once', 338, 2600)], 2600, 'p');
    expect(full.strength).toBe('inconclusive');
    expect(full.statement).toMatch(/^No one way of ending is shown to be the commonest: Crowd Riot \(15 Cheer\) 0\.449 and Points: most VP after Wave 4 0\.411/);
    expect(full.statement).not.toMatch(/Most matches/);
    const clear = endingVerdict([e('A', 450, 1000), e('B', 300, 1000), e('C', 250, 1000)], 1000, 'p');
    expect(clear).toMatchObject({ strength: 'supported', statement: 'Matches end most often by A (0.450 of them), though not in a majority, p.' });
    const most = endingVerdict([e('A', 41, 60), e('B', 19, 60)], 60, 'p');
    expect(most).toMatchObject({ strength: 'supported', statement: 'Most matches end by A: 0.683 of them, p.' });
  });
});

describe('ophidian-teams end to end', () => {
  it('rates a seeded sample of legal teams (BT, Nash, α-Rank) and a user deck joins the matrix', async () => {
    const decks = join(dir, 'mine.yaml');
    writeFileSync(decks, `decks:\n  - {id: mine, team: [hammerhands, ironsides, simon-bantus], arsenal: {arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 3, crowd-pleaser: 2}}\n`);
    const { report, ledger } = await run(ophidianTeamsStudy, 'teams', { deckFile: decks });
    expect(ledger.failed).toBe(0);
    expect(report.meta.sampleSizes['teams played']).toBe(6);
    const table = blocks(report).find((b) => b.kind === 'table' && b.id === 'teams');
    expect(table && table.kind === 'table' ? table.rows.map((r) => r['id']) : []).toContain('mine');
    expect(report.verdicts.length).toBe(6);
    for (const v of report.verdicts) expect(v.statement).not.toMatch(/\bpower\b/);
    // "Your content" (issue #29): the user's deck by its name, its field share at its Holm level (of 6 teams), ranked among the 5 sampled teams.
    const yours = report.yourContent!;
    expect(yours.items.map((i) => i.name)).toEqual(['mine (your deck)']);
    expect(yours.field).toHaveLength(5);
    const item = yours.items[0]!;
    const row = (table && table.kind === 'table' ? table.rows : []).find((r) => r['id'] === 'mine')!;
    expect(item.estimate).toBeCloseTo(Number(row['fieldShare']), 3);
    expect(item.n).toBe(row['units']);
    // The field share's unit is the seed (issue #28): game i of every table plays seed i, so a
    // team's pairs against its 5 opponents on one seed are one unit — 3 seeds, not 15 pairs.
    for (const r of table && table.kind === 'table' ? table.rows : []) expect(r['units']).toBe(3);
    expect(report.verdicts.some((v) => /n=3 seed indices/.test(v.evidence))).toBe(true);
    expect(item.level).toBeGreaterThanOrEqual(0.95);
    expect(item.level).toBeLessThanOrEqual(1 - 0.05 / 6);
    expect(item.verdict).toMatch(/^is (neither shown dominant nor dominated|dominant|dominated|the only team|(strictly|weakly) dominated)/);
    expect(item.lo >= 0 && item.hi <= 1 && item.lo <= item.estimate && item.estimate <= item.hi).toBe(true);
    // Shares are quoted inside [0, 1]; a pairing interval exists only from three teams whose shares differ.
    for (const v of report.verdicts) for (const m of v.evidence.matchAll(/\[(-?[0-9.]+), (-?[0-9.]+)\]/g)) expect(Number(m[1]) >= 0 && Number(m[2]) <= 1).toBe(true);
    const pairings = blocks(report).find((b) => b.kind === 'table' && b.id === 'pairings-table');
    for (const r of pairings && pairings.kind === 'table' ? pairings.rows : []) if (r['lo'] !== null) expect(r['teams']).toBeGreaterThanOrEqual(3);
  });

  it('a discipline pairing is tested only with three or more teams whose field shares differ', () => {
    expect(pairingTestable([0.542, 0.542])).toBe(false);
    expect(pairingTestable([0.4, 0.6])).toBe(false);
    expect(pairingTestable([0.542, 0.542, 0.542])).toBe(false);
    expect(pairingTestable([0.5, 0.542, 0.542])).toBe(true);
  });
});
