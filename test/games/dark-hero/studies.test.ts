/**
 * The measures the Dark Hero studies rest on, checked on hand-made game records:
 * team shares, the underdog gap, paired differences and verdict wording.
 */
import { describe, expect, it } from 'vitest';
import { allLost, differenceVerdict, favouredGoal, pairedByGame, teamShare, underdogGap } from '../../../experiments/dark-hero/measures.js';
import type { GameRecord } from '../../../src/sim/types.js';

function record(index: number, returns: number[], bentRoll: number, seed = index): GameRecord {
  const goals = returns.map((_, i) => (i % 2 === 0 ? 'free' : 'safe'));
  return { index, seed, seats: goals.map(() => 'heuristic'), slots: goals.map(() => 0), returns, length: 10, tags: { goals, bentRoll, builds: goals.map(() => 'F1 I1 R2') } };
}

describe('dark-hero study measures', () => {
  it('reads team shares and the side the Bent favours', () => {
    const r = record(0, [1, 0, 1, 0], 1);
    expect(teamShare(r, 'free')).toBe(1);
    expect(teamShare(r, 'safe')).toBe(0);
    expect(favouredGoal(r)).toBe('free');
    expect(underdogGap(r)).toBe(1);
    expect(underdogGap(record(0, [1, 0, 1, 0], 4))).toBe(-1); // Safe favoured, Safe lost
    expect(allLost(record(0, [0, 0, 0, 0], 2))).toBe(1);
    expect(allLost(record(0, [0.5, 0.5, 0.5, 0.5], 2))).toBe(0);
  });

  it('pairs games by index and seed only', () => {
    const a = [record(0, [1, 0], 1), record(1, [0.5, 0.5], 1), record(2, [1, 0], 1, 99)];
    const b = [record(0, [0.5, 0.5], 1), record(1, [0.5, 0.5], 1), record(2, [0, 1], 1)];
    const d = pairedByGame(a, b, underdogGap);
    expect(d.n).toBe(2); // game 2's seeds differ
    expect(d.mean).toBe(0.5);
  });

  it('states a difference only when its interval excludes zero', () => {
    const clear = differenceVerdict('X', { mean: 0.2, lo: 0.1, hi: 0.3, n: 100 }, 'up', 'down');
    expect(clear.strength).toBe('supported');
    expect(clear.statement).toContain('up');
    const down = differenceVerdict('X', { mean: -0.2, lo: -0.3, hi: -0.1, n: 100 }, 'up', 'down');
    expect(down.statement).toContain('down');
    const unclear = differenceVerdict('X', { mean: 0.05, lo: -0.01, hi: 0.11, n: 100 }, 'up', 'down');
    expect(unclear.strength).toBe('inconclusive');
    expect(unclear.statement).toContain('no difference shown');
  });
});
