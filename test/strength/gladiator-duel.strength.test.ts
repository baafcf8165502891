/**
 * Playing strength on gladiator-duel — mcts > heuristic > random — through the runner's
 * own game loop (playGame): paired games (same seed, seats swapped) so the luck of a
 * deal largely cancels, and each claim holds only when the 95% Wilson interval of the
 * win share excludes 1/2.
 *
 * The MCTS is the generic search with two generic aids (agents/README.md):
 *
 *   mcts:iterations=300,c=0.2,rollout=evaluate,turns=0,prior=heuristic,bias=2
 *
 * - turns=0: the tree covers the decider's own turn (a chain of steps, pivots and a
 *   strike) and scores each way of ending it with the game's positional evaluate,
 *   which prices the foe's reply in expectation over his AP roll. Past the turn an
 *   open-loop tree would average the foe's replies over every roll.
 * - prior=heuristic,bias=2: the heuristic's move is expanded first and biased, so the
 *   search starts from its plan and leaves it on evidence.
 *
 * Measured against the current heuristic (it fights on unless the turn cap is near),
 * share of the MCTS, 95% interval over seat-swapped pairs:
 *   this spec, this test's seed        0.545 [0.530, 0.561], 1000 pairs (~75 CPU-s); at
 *                                      300 pairs the interval reached below 1/2 (~0.52)
 *   this spec, seed tune-a             0.542 [0.515, 0.570], 300 pairs; iterations=600
 *                                      0.552, c=0.1 0.548, bias=4 0.546 (same deals)
 * Against the older heuristic (it fled when badly wounded and losing; Wilson intervals):
 *   this spec, this test's seed        0.557 [0.517, 0.596] n=600
 *   this spec, other seeds             q 0.600 [0.544, 0.654] n=300; z 0.633 [0.554, 0.706]
 *                                      n=150; w 0.613 [0.533, 0.688] n=150
 *                                      (all runs pooled: 879 / 1500 = 0.586)
 *   same, strength-share evaluate      0.510 [0.441, 0.578] n=200 (the evaluate matters)
 *   turns=0 without the prior          0.430 [0.337, 0.528] n=100
 *   prior without turns (bias 1..3)    0.46-0.55, n=100 each
 *   plain mcts:iterations=1000,rollout=evaluate,c=0.2 with the old evaluate: 0.308, n=60
 * MaxMCTS(λ) backups, 3000-10000 plain iterations, heuristic rollouts cut at 4-24 steps
 * and choosing the final move by mean stayed at 0.38-0.55. The edge is real but modest:
 * the fight is short and dice-heavy, and the heuristic already plans its turn exactly.
 * 2000 games keep the interval clear of 1/2 at this edge (about 0.545); 600 do not. This file is
 * the strength measurement (npm run strength), outside the fast suite (npm test).
 */
import { describe, expect, it } from 'vitest';
import { shareOfFirst } from '../agents/paired-share.js';

const MCTS = 'mcts:iterations=300,c=0.2,rollout=evaluate,turns=0,prior=heuristic,bias=2';

describe('strength on gladiator-duel: mcts beats the heuristic (paired games, 95% Wilson interval)', () => {
  // ~75 CPU-seconds; the generous timeout is for a loaded machine (this test checks
  // strength, not speed).
  it('mcts beats the heuristic', { timeout: 900_000 }, () => {
    const result = shareOfFirst([MCTS, 'heuristic'], 2000, 'strength-mcts-heuristic');
    expect(result.lo).toBeGreaterThan(0.5);
  });
});
