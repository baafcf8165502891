/**
 * Agent order, seeded: the heuristic beats random play, and a small MCTS beats random
 * play. Seats alternate (games 2k and 2k + 1 share a seed with the seats swapped), so a
 * seat advantage cancels; the pair is the unit. MCTS against the heuristic needs
 * hundreds of slow games: it is measured in the README, not asserted here.
 */
import { vi, describe, expect, it } from 'vitest';
import { playGame } from '../../../src/sim/runner.js';
import { wilson } from '../../../src/core/wilson.js';

// Ceiling for this file (vitest.config.ts): its slowest test 11.9 s on a near-idle CI run (MCTS games); 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

/** Seat-swapped pairs (the unit): a pair scores 1 when slot 0's mean share is above 1/2, 1/2 when equal. */
function pairs(agents: string[], count: number, options: Record<string, unknown>, seed: string): { sum: number; n: number } {
  let sum = 0;
  for (let k = 0; k < count; k++) {
    let mine = 0;
    for (const i of [2 * k, 2 * k + 1]) {
      const r = playGame({ gameId: 'superhero-gladiators', options, agents, games: 2 * count, seed, paired: true }, i);
      expect(r.error).toBeUndefined();
      r.slots.forEach((slot, seat) => {
        if (slot === 0) mine += r.returns[seat]! / 2;
      });
    }
    sum += mine > 0.5 ? 1 : mine === 0.5 ? 0.5 : 0;
  }
  return { sum, n: count };
}

describe('superhero-gladiators agents', () => {
  it('the heuristic beats random play (two matchups, seats swapped)', () => {
    const a = pairs(['heuristic', 'random'], 10, { teams: [['Lightning Lass'], ['Ironclad']] }, 'shg-h-r');
    const b = pairs(['heuristic', 'random'], 10, { teams: [['Mimic'], ['Shade']] }, 'shg-h-r');
    const w = wilson(a.sum + b.sum, a.n + b.n);
    const shown = `heuristic wins ${w.p.toFixed(3)} of seat-swapped pairs vs random [${w.lo.toFixed(3)}, ${w.hi.toFixed(3)}], n = ${a.n + b.n} pairs`;
    console.log(shown);
    expect(w.lo, shown).toBeGreaterThan(0.5);
  });

  // At 40 iterations the search declines exchanges it cannot force (evaluate prices the
  // foe's right to walk away, issue #27), so most of these games end at the turn cap with no
  // blow landed — on main before that change as well — and a pair can split on an Oomph lost
  // to water. The sanity claim is that it never loses a pair to random play and wins most.
  it('MCTS (rollout=evaluate) does not lose to random play (sanity, seats swapped)', () => {
    const r = pairs(['mcts:iterations=40,rollout=evaluate,depth=6', 'random'], 3, { teams: [['Amazon'], ['Speedster']] }, 'shg-m-r');
    expect(r.sum, `MCTS won ${r.sum} of ${r.n} seat-swapped pairs`).toBeGreaterThanOrEqual(r.n - 0.5);
  });

  it('the heuristic plays every legal decision kind without error in team games', () => {
    const r = playGame({ gameId: 'superhero-gladiators', options: { teams: [['Webspinner', 'Mimic', 'Amazon'], ['Ironclad', 'Shade', 'Mole King']], turnCap: 10 }, agents: ['heuristic', 'heuristic'], games: 1, seed: 'team' }, 0);
    expect(r.error).toBeUndefined();
    expect(r.returns.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
  });
});
