/**
 * Strength of the shipped gladiator-duel model (models/gladiator-duel), paired games
 * (same seed, seats swapped; a pair is one unit, 95% t interval over pair means).
 *
 * Asserted here — the directions measured with room to spare:
 *   - net-guided MCTS (PUCT, value-head leaves, 300 iterations) beats plain MCTS at the
 *     same 300 iterations (random rollouts): the network replaces what the tuned spec
 *     gets from the hand-written evaluate and heuristic prior;
 *   - the network's policy alone (`net`, no search) beats random play.
 * Measured but not asserted (agents/README.md, "Learned agents"): net-guided MCTS against
 * the heuristic and against the tuned MCTS spec; neither reaches the 0.55 lower
 * bound.
 */
import { describe, expect, it } from 'vitest';
import { shareOfFirst } from '../agents/paired-share.js';

const NET_MCTS = 'mcts:prior=net:model=models/gladiator-duel,iterations=300';

describe('strength of the learned gladiator-duel agents (paired games, 95% intervals)', () => {
  it('net-guided MCTS beats plain MCTS at equal iterations', { timeout: 900_000 }, () => {
    const result = shareOfFirst([NET_MCTS, 'mcts:iterations=300'], 120, 'strength-net-plain');
    process.stdout.write(`net-guided vs plain mcts: ${result.mean.toFixed(3)} [${result.lo.toFixed(3)}, ${result.hi.toFixed(3)}] n=${result.n} pairs\n`);
    expect(result.lo).toBeGreaterThan(0.55);
  });

  it('the policy alone beats random play', { timeout: 900_000 }, () => {
    const result = shareOfFirst(['net:model=models/gladiator-duel', 'random'], 60, 'strength-net-random');
    process.stdout.write(`net vs random: ${result.mean.toFixed(3)} [${result.lo.toFixed(3)}, ${result.hi.toFixed(3)}] n=${result.n} pairs\n`);
    expect(result.lo).toBeGreaterThan(0.55);
  });
});
