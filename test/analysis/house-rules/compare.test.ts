import { vi, describe, expect, it } from 'vitest';
import { compareReport, compareRules } from '../../../src/analysis/house-rules/compare.js';
import { getPath, setPath } from '../../../src/analysis/house-rules/paths.js';
import { UserError } from '../../../src/core/errors.js';
import { resolveCoin } from './coin-game.js';
import { wilson } from '../../../src/core/wilson.js';

// Ceiling for this file (vitest.config.ts): its slowest test 12.2 s on a near-idle CI run (a whole comparison); 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const base = { gameId: 'coin', agents: ['random'], seed: 11 } as const;

describe('compareRules', () => {
  it('detects a real rule difference and stops early by SPRT', async () => {
    const cfg = { ...base, optionsA: { bias: 0.5 }, optionsB: { bias: 0.7 }, games: 2000, batch: 100 };
    // Without a resolver, a game outside the registry is a UserError listing the games.
    await expect(compareRules(cfg)).rejects.toThrow(/unknown game "coin"/);
    const res = await compareRules(cfg, { resolveGame: resolveCoin });
    expect(res.sprt.decision).toBe('raises');
    expect(res.gamesPerSide).toBeLessThan(2000);
    const first = res.changes.find((c) => c.label.startsWith('seat 1'))!;
    expect(first.lo).toBeGreaterThan(0);
    expect(first.diff).toBeGreaterThan(0.1);
    expect(first.diff).toBeLessThan(0.3);
    const report = compareReport(cfg, res, { id: 'coin-ab', command: 'test' });
    expect(report.verdicts.find((v) => v.statement.startsWith('Seat 1'))!.strength).toBe('supported');
    // Two players, constant sum: seat 2's share is 1 − seat 1's, so it is not a second verdict.
    expect(res.changes.some((c) => c.label.startsWith('seat 2'))).toBe(false);
    expect(report.verdicts.every((v) => v.strength === 'warning' || v.statement.includes('every seat played by random'))).toBe(true);
  });

  it('reports no change for identical rule sets (intervals contain zero, common seeds)', async () => {
    const cfg = { ...base, optionsA: { bias: 0.6 }, optionsB: { bias: 0.6 }, games: 400, batch: 200 };
    const res = await compareRules(cfg, { resolveGame: resolveCoin });
    for (const c of res.changes) {
      expect(c.diff).toBe(0); // same seeds, same rules: every game is identical
      expect(c.n).toBe(res.gamesPerSide / 2); // the unit is the seat-swapped pair, not the game
    }
    const report = compareReport(cfg, res, { id: 'coin-same', command: 'test' });
    expect(report.verdicts.every((v) => v.strength === 'inconclusive')).toBe(true);
    // Inconclusive says how large a change could have gone unseen: the MDE at 80% power (issue #28).
    for (const v of report.verdicts) {
      if (/not estimable/.test(v.evidence)) expect(v.statement).toMatch(/none can be measured here/); // every unit's change 0: no zero-width "[0, 0]"
      else {
        expect(v.statement).toMatch(/no change larger than [0-9.]+ shown .*80% of the time/);
        expect(v.evidence).toMatch(/MDE [0-9.]+ at 80% power\)$/);
      }
    }
    expect(report.verdicts.some((v) => /MDE [0-9.]+ at 80% power/.test(v.evidence))).toBe(true);
  });

  it('rejects bad options with a UserError naming the field', async () => {
    const cfg = { ...base, optionsA: { bias: 2 }, optionsB: {}, games: 10 };
    await expect(compareRules(cfg, { resolveGame: resolveCoin })).rejects.toThrow(/bias is 2/);
    await expect(compareRules({ ...cfg, optionsA: {}, h0: 0.1, h1: 0 }, { resolveGame: resolveCoin })).rejects.toBeInstanceOf(UserError);
    // An odd count would leave the last batch unpaired among the pairs: refused before any game.
    await expect(compareRules({ ...cfg, optionsA: {}, games: 201 }, { resolveGame: resolveCoin })).rejects.toThrow(/--games is 201; allowed: an even integer >= 2/);
  });
});

describe('option paths', () => {
  it('sets nested paths and tuple indices without mutating the input', () => {
    const o = Object.freeze({ a: Object.freeze({ b: 1 }), list: Object.freeze([Object.freeze({ s: 3 }), Object.freeze({ s: 4 })]) });
    const p = setPath(o, 'list.1.s', 9);
    expect(getPath(p, 'list.1.s')).toBe(9);
    expect(getPath(o, 'list.1.s')).toBe(4);
    expect(p['a']).toBe(o.a); // structural sharing off the path
    expect(() => setPath(o, 'a.c', 1)).toThrow(/field "a.c" does not exist/);
    expect(() => setPath(o, 'list.5.s', 1)).toThrow(/index "5" is out of range/);
  });
});

describe('seat gap (balance)', () => {
  it('shrinks when a biased coin is made fair, with a bootstrap interval below zero', async () => {
    const cfg = { ...base, optionsA: { bias: 0.75 }, optionsB: { bias: 0.5 }, games: 600, batch: 600 };
    const res = await compareRules(cfg, { resolveGame: resolveCoin });
    const gap = res.changes[0]!;
    expect(gap.label).toMatch(/seat gap/);
    expect(gap.a).toBeGreaterThan(0.35); // about 0.75 − 0.25
    expect(gap.b).toBeLessThan(0.15);
    expect(gap.hi).toBeLessThan(0);
    expect(gap.lo).toBeLessThan(gap.diff);
  });
});

describe('compare --a-a calibration (false alarms on unchanged rules)', () => {
  it('shows a "supported" change in at most 5% of 200 null reports (gladiator-duel, deterministic heuristics, 12 pairs each)', async () => {
    // Heuristic duels are deterministic: both games of a seat-swapped pair are usually the
    // same game. Counting them as two independent games made 10.8% of single verdicts and
    // a third of reports false alarms; with the pair as unit and Holm over the measures,
    // a report's false-alarm rate is at most 5%.
    let alarms = 0;
    let sprtAlarms = 0;
    const seeds = 200;
    for (let seed = 0; seed < seeds; seed++) {
      const cfg = { gameId: 'gladiator-duel', optionsA: {}, optionsB: {}, agents: ['heuristic'], games: 24, batch: 24, seed, aa: true };
      const res = await compareRules(cfg, { workers: 1 });
      expect(res.units).toBe(12);
      const report = compareReport(cfg, res, { id: 'aa', command: 'test' });
      if (report.verdicts.some((v) => v.strength === 'supported')) alarms++;
      if (res.sprt.decision === 'raises' || res.sprt.decision === 'lowers') sprtAlarms++;
    }
    // Calibrated, not merely conservative: the rate is not shown above the stated 5% (its 95%
    // Wilson interval reaches 5%); a calibrated test lands above 5% in about half of such runs
    // (measured 12 of 200 = 0.06 [0.035, 0.10] since #28 dropped compare's pseudo-unit padding,
    // which covered a null 100% of the time at this size: 6 of 200 before).
    expect(wilson(alarms, seeds).lo).toBeLessThanOrEqual(0.05);
    expect(wilson(sprtAlarms, seeds).lo).toBeLessThanOrEqual(0.05);
  });

  it('reports failed games as its first verdict, with the count and the error', async () => {
    const cfg = { ...base, optionsA: { bias: 0.5 }, optionsB: { bias: 0.5 }, games: 20, batch: 20 };
    const res = await compareRules(cfg, { resolveGame: resolveCoin });
    const broken = { ...res, failed: { a: 3, b: 1, example: 'power "boom" threw' } };
    const report = compareReport(cfg, broken, { id: 'coin-failed', command: 'test' });
    expect(report.verdicts[0]!.strength).toBe('warning');
    expect(report.verdicts[0]!.statement).toMatch(/^4 of 40 games failed/);
    expect(report.verdicts[0]!.evidence).toMatch(/boom/);
  });
});

describe('fairness measures a game declares', () => {
  it('Dark Hero is compared on the underdog gap and team shares, not seat shares, with no lead-change chart', async () => {
    const cfg = { gameId: 'dark-hero', optionsA: {}, optionsB: {}, agents: ['heuristic'], games: 20, batch: 20, seed: 3, aa: true };
    const res = await compareRules(cfg, { workers: 1 });
    const labels = res.changes.map((c) => c.label);
    expect(labels[0]).toMatch(/^underdog gap/);
    expect(labels).toContain('everyone-loses rate');
    expect(labels.some((l) => l.startsWith('seat'))).toBe(false);
    expect(res.primary).toMatch(/^underdog gap/);
    const report = compareReport(cfg, res, { id: 'dh', command: 'test' });
    const charts = report.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'chart').map((b) => (b as { id: string }).id);
    expect(charts.includes('lead-changes')).toBe(labels.includes('lead changes per game'));
  });
});
