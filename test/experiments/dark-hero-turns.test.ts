import { describe, expect, it } from 'vitest';
import { expectMdeOnInconclusive } from './mde-check.js';
import { pairedByGame, underdogGap } from '../../experiments/dark-hero/measures.js';
import { selectionFamily, turnCountVerdicts } from '../../experiments/dark-hero/turns.js';
import type { GameRecord } from '../../src/sim/types.js';

const TURNS = [6, 9, 12, 15, 18, 21, 24];
const N = 400;
const PLAYED = 'played by "heuristic" in every seat';

/** 4 heroes, goals Free/Safe alternating, Bent 1 (Free favoured). */
function game(index: number, outcome: 'favoured' | 'underdog' | 'all lose'): GameRecord {
  const returns = outcome === 'favoured' ? [1, 0, 1, 0] : outcome === 'underdog' ? [0, 1, 0, 1] : [0, 0, 0, 0];
  return { index, seed: 1000 + index, seats: ['heuristic', 'heuristic', 'heuristic', 'heuristic'], slots: [0, 0, 0, 0], returns, length: 50, tags: { goals: ['free', 'safe', 'free', 'safe'], bentRoll: 1 } };
}

/**
 * N games on shared seeds: games [0, lose) everyone loses, [lose, lose + fav) the favoured
 * team wins, the rest the underdog (thresholds, so paired differences have spread).
 */
function table(favoured: number, lose = 0): GameRecord[] {
  return Array.from({ length: N }, (_, i) => game(i, i < lose ? 'all lose' : i < lose + favoured ? 'favoured' : 'underdog'));
}

describe('dark-hero-house-rules "longer games": the whole curve, with the selection corrected', () => {
  it('a curve that peaks in the middle is described as fairer only up to the peak (both comparisons tested at 1 − 0.05/11)', () => {
    // Gap = 2·favoured/N − 1: 0.4, 0.25, 0.1, 0, 0.15, 0.3, 0.45.
    const gaps = [0.4, 0.25, 0.1, 0, 0.15, 0.3, 0.45];
    const byTurns = new Map(TURNS.map((t, k) => [t, table(Math.round(((1 + gaps[k]!) / 2) * N))]));
    const v = turnCountVerdicts(byTurns, TURNS, PLAYED, 12);
    expectMdeOnInconclusive(v.verdicts);
    expect(v.best.x).toBe(15);
    expect(v.family).toBe(11);
    expect(v.level).toBeCloseTo(1 - 0.05 / 11, 12);
    expect(v.rising!.mean).toBeCloseTo(0.4, 10);
    expect(v.falling!.mean).toBeCloseTo(0.45, 10);
    expect(v.verdicts[0]!.strength).toBe('supported');
    expect(v.verdicts[0]!.statement).toMatch(/^Longer games are fairer to the underdog only up to about 15 turns/);
    expect(v.verdicts[0]!.statement).toContain('holds only over part of the range');
    expect(v.verdicts[0]!.evidence).toContain('99.55% t intervals: Bonferroni over the 11 comparisons');
    // The tuning verdict never claims more than "smallest".
    expect(v.verdicts[2]!.strength).toBe('inconclusive');
    expect(v.verdicts[2]!.statement).toMatch(/^Tuning the turn count for fairness: 15 turns gives the smallest underdog gap/);
  });

  it('a gap that a plain 95% test would call shown after picking the best count is not shown once the pick is corrected for', () => {
    // Every setting is even (gap 0) except 6 turns, where 5 of 400 underdog wins turn
    // into favoured wins: t ≈ 2.25, inside 95% but not 99.55%.
    const even = N / 2;
    const byTurns = new Map(TURNS.map((t) => [t, table(t === 6 ? even + 5 : even)]));
    const v = turnCountVerdicts(byTurns, TURNS, PLAYED, 12);
    expectMdeOnInconclusive(v.verdicts);
    expect(v.best.x).toBe(9); // the first of the equally small gaps
    const plain = pairedByGame(byTurns.get(6)!, byTurns.get(9)!, underdogGap);
    expect(plain.lo).toBeGreaterThan(0); // what the uncorrected verdict would have claimed
    expect(v.rising!.lo).toBeLessThan(0);
    expect(v.verdicts[0]!.strength).toBe('inconclusive');
    expect(v.verdicts[0]!.statement).toMatch(/^The data do not show the underdog gap changing with the number of turns \(6–24\)/);
  });

  it('a gap that shrinks only because more games end with everyone losing is named for what it is', () => {
    // Among decided games the favoured team always wins 70%; the share where everyone
    // loses grows from 0 to 60%, so the gap falls 0.4 → 0.16 with no change in who wins.
    const lost = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
    const byTurns = new Map(
      TURNS.map((t, k) => {
        const lose = Math.round(lost[k]! * N);
        return [t, table(Math.round(0.7 * (N - lose)), lose)];
      }),
    );
    const v = turnCountVerdicts(byTurns, TURNS, PLAYED, 12);
    expectMdeOnInconclusive(v.verdicts);
    expect(v.best.x).toBe(24);
    expect(v.falling).toBeUndefined();
    expect(v.verdicts[0]!.statement).toMatch(/^Longer games are fairer to the underdog: the underdog gap is smallest at 24 turns, the longest setting tried/);
    const loses = v.verdicts[1]!;
    expect(loses.strength).toBe('supported');
    expect(loses.statement).toBe(
      'Games that everyone loses become more common as games get longer (0.0% at 6 turns, 60.0% at 24); the underdog gap scores them as "fair" (0), so the gap alone flatters long games. (played by "heuristic" in every seat.)',
    );
    expect(v.lossCurve.map((p) => p.value)).toEqual(lost);
  });

  it('no change in everyone-loses games is reported as none shown', () => {
    const byTurns = new Map(TURNS.map((t) => [t, table(200, 40)]));
    const v = turnCountVerdicts(byTurns, TURNS, PLAYED, 12);
    expectMdeOnInconclusive(v.verdicts);
    expect(v.verdicts[1]!.strength).toBe('inconclusive');
    expect(v.verdicts[1]!.statement).toMatch(/^Games that everyone loses: 10\.0% at 6 turns, 10\.0% at 24; no change with length is shown/);
  });

  it('the selection family counts each end against every other count once', () => {
    expect(selectionFamily(7)).toBe(11);
    expect(selectionFamily(3)).toBe(3); // 1v2, 1v3, 3v2
    expect(selectionFamily(2)).toBe(1);
  });
});
