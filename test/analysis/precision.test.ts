/**
 * `--precision` and `--minutes` (issue #28, "Answers to a chosen precision"): play in
 * batches until every primary interval is at most the asked width, or the time is up,
 * or the plan is exhausted; the run says which rule stopped it and records the count.
 * Played on the toy high-card game (seat 0 holds the better card half the time; a
 * random challenger wins a showdown or splits), in-process and seeded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PrecisionClock, playToPrecision, slotIntervals, type PrecisionGoal } from '../../src/analysis/precision.js';
import { highCard } from '../../src/games/toy/index.js';
import type { MatchConfig } from '../../src/sim/types.js';
import { crucibleInProcess } from '../cli/helpers.js';
import { compareReport, compareRules, type CompareConfig } from '../../src/analysis/house-rules/compare.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-precision-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const config: MatchConfig = { gameId: highCard.id, options: {}, agents: ['random', 'random'], games: 4000, seed: 3, paired: true };
const resolveGame = () => highCard;
const run = (name: string, goal: PrecisionGoal, extra: Partial<MatchConfig> = {}, now?: () => number) =>
  playToPrecision({ ...config, ...extra }, goal, { batch: 40, outDir: path.join(dir, name), workers: 1, progress: false, resolveGame, ...(now ? { now } : {}) });

describe('playToPrecision', () => {
  it('--precision stops at the first batch where every anytime-valid interval is at most that wide, and not before', async () => {
    const r = await run('width', { width: 0.25 });
    expect(r.stop).toBe('target width reached');
    expect(r.batches).toBeGreaterThan(1);
    expect(r.games).toBe(40 * r.batches);
    for (const c of r.intervals) expect(c.hi - c.lo).toBeLessThanOrEqual(0.25);
    // One batch fewer (the same seeds: batch k is seeded by k alone) is still too wide.
    const before = await run('width-before', { width: 0.25 }, { games: r.games - 40 });
    expect(before.stop).toBe('plan exhausted');
    expect(Math.max(...before.intervals.map((c) => c.hi - c.lo))).toBeGreaterThan(0.25);
    // The same seed and width give the same games and the same answer.
    const again = await run('width-again', { width: 0.25 });
    expect(again.summary).toEqual(r.summary);
    expect(again.intervals).toEqual(r.intervals);
  });

  it('the verdict interval is anytime-valid, wider than the fixed-n t interval of the same pairs', async () => {
    const r = await run('wider', { width: 0.3 });
    const ci = r.intervals[0]!;
    const t = r.summary.shares[0]!;
    expect(ci.n).toBe(t.n);
    expect(ci.hi - ci.lo).toBeGreaterThan(t.hi - t.lo);
    // Two-player constant-sum: the second agent's interval mirrors the first (one test, not two).
    expect(r.intervals[1]!.lo).toBeCloseTo(1 - ci.hi, 9);
    expect(ci.level).toBe(0.95);
  });

  it('--minutes stops between batches when the time is up and records the count in meta.json; --games that count reproduces it', async () => {
    let t = 0;
    // A fake wall clock: each reading is 20 seconds later (the run starts at 0).
    const now = () => (t += 20_000) - 20_000;
    const r = await run('minutes', { minutes: 1 }, {}, now);
    expect(r.stop).toBe('time up');
    expect(r.games).toBeLessThan(config.games);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'minutes', 'meta.json'), 'utf8')) as { precision: { stoppedBy: string; games: number; batches: number } };
    expect(meta.precision).toMatchObject({ stoppedBy: 'time up', games: r.games, batches: r.batches });
    const replay = await run('minutes-replay', { width: 0.001 }, { games: meta.precision.games });
    expect(replay.stop).toBe('plan exhausted');
    expect(replay.summary).toEqual(r.summary);
  });

  it('the clock names the rule: width first, then time, then the plan', () => {
    const clock = new PrecisionClock({ width: 0.1, minutes: 5 }, () => 0);
    expect(clock.stop(0.05, true)).toBe('target width reached');
    expect(clock.stop(0.2, true)).toBeNull();
    expect(clock.stop(0.2, false)).toBe('plan exhausted');
  });

  it('unpaired runs use one unit per game', () => {
    const rec = (index: number, r0: number) => ({ index, seed: index, seats: ['a', 'b'], slots: [0, 1], returns: [r0, 1 - r0], length: 1, tags: {} });
    const cis = slotIntervals([rec(0, 1), rec(1, 0), rec(2, 0.5)], ['a', 'b'], false);
    expect(cis[0]!.n).toBe(3);
    expect(cis[0]!.unit).toBe('game');
  });
});

describe('compare --precision', () => {
  const cmp: CompareConfig = { gameId: highCard.id, optionsA: { cards: 4 }, optionsB: { cards: 4 }, aa: true, agents: ['random'], games: 2000, batch: 40, seed: 2, precision: { width: 0.5 } };
  it('stops when every primary change interval (a betting CS) is at most that wide, reads its verdicts from anytime-valid intervals and says the rule', async () => {
    const r = await compareRules(cmp, { resolveGame, runDir: path.join(dir, 'cmp') });
    expect(r.precision).toMatchObject({ stop: 'target width reached', looks: 50, primary: ['seat 1 win share (first seat)', 'draw rate'] });
    expect(r.gamesPerSide).toBeLessThan(2000);
    const primary = r.changes.filter((c) => r.precision!.primary.includes(c.label));
    for (const c of primary) {
      expect(c.anytime).toBe('sequence');
      expect(c.hi - c.lo).toBeLessThanOrEqual(0.5);
    }
    // Length is unbounded: valid over the run's at most 50 looks instead.
    expect(r.changes.find((c) => c.label === 'game length')!.anytime).toBe('looks');
    const report = compareReport(cmp, r, { id: 'x', command: 'crucible compare …' });
    const text = JSON.stringify(report);
    expect(text).toContain('Stopped by: target width reached');
    expect(text).toContain('anytime-valid interval (betting confidence sequence)');
    expect(report.meta.details).toMatchObject({ precision: { stoppedBy: 'target width reached', gamesPerSide: r.gamesPerSide } });
    // One batch fewer is not yet narrow enough (the batches are the same: seeded by index).
    const before = await compareRules({ ...cmp, games: r.gamesPerSide - 40 }, { resolveGame, runDir: path.join(dir, 'cmp') });
    expect(before.precision!.stop).toBe('plan exhausted');
  });

  it('--minutes stops between batches and the report records the games played', async () => {
    let t = 0;
    const now = () => (t += 30_000) - 30_000;
    const r = await compareRules({ ...cmp, precision: { minutes: 1 } }, { resolveGame, runDir: path.join(dir, 'cmp'), now });
    expect(r.precision!.stop).toBe('time up');
    const report = compareReport({ ...cmp, precision: { minutes: 1 } }, r, { id: 'y', command: 'crucible compare …' });
    expect(report.meta.details).toMatchObject({ precision: { stoppedBy: 'time up', gamesPerSide: r.gamesPerSide, batches: r.batches } });
  });
});

describe('bad --precision / --minutes / --batch: one line, exit 2, before any game', () => {
  for (const args of [
    ['compare', 'gladiator-duel', '--a', '{}', '--a-a', '--precision', '-0.1'],
    ['compare', 'gladiator-duel', '--a', '{}', '--a-a', '--minutes', 'soon'],
  ]) {
    it(args.join(' '), async () => {
      const r = await crucibleInProcess([...args, '--out', path.join(dir, 'never-reports')]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(fs.existsSync(path.join(dir, 'never-reports'))).toBe(false);
    });
  }
  for (const args of [
    ['--precision', '0'],
    ['--precision', '1.5'],
    ['--precision', 'narrow'],
    ['--minutes', '-3'],
    ['--minutes', ''],
    ['--precision', '0.1', '--paired', '--batch', '7'],
    ['--batch', '50'],
  ]) {
    it(`play ${args.join(' ')}`, async () => {
      const r = await crucibleInProcess(['play', 'gladiator-duel', ...args, '--out', path.join(dir, 'never')]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/--(precision|minutes|batch) is/);
      expect(fs.existsSync(path.join(dir, 'never'))).toBe(false);
    });
  }
});
