/**
 * Strength of the shipped Rumble model (models/rumble) in 4-hero games with the auction:
 * one learned agent against three heuristics, seats rotating with the game index, 95%
 * Wilson interval of its share against the fair 1/4. Seeded, so every run plays the same
 * games (the forward pass is plain JavaScript: the same numbers on every machine).
 *
 * Asserted — the Rumble target, and the policy's direction (agents/README.md,
 * "Measured strength: Rumble"; the figures below are these very games):
 *   - net-guided MCTS (decoupled PUCT at the simultaneous nodes, `sm=puct`: the policy
 *     head's prior, the value head at the leaves, one round deep) beats three heuristics:
 *     lower bound above the fair 1/4 (measured 0.444 [0.313, 0.584] over these 48 games;
 *     0.407 [0.323, 0.496] over the first 120 of the seed);
 *   - the policy alone (`net`, no search) beats three heuristics (measured 0.419 [0.317, 0.528] over these
 *     80 games; 0.396 [0.313, 0.485] over 120).
 * Most of these games end at the 50-round cap, where the most Energy wins: the learned agent
 * outlasts the heuristics rather than outfighting them (agents/README.md gives the split).
 * Not asserted: "bids better than the heuristic" — measured and not met (bench/rumble-bidding.ts).
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/sim/runner.js';
import { wilson } from '../../src/analysis/stats/wilson.js';

const NET_MCTS = 'mcts:prior=net:model=models/rumble,iterations=100,plies=1,backup=paranoid,final=most,sm=puct';
const POLICY = 'net:model=models/rumble';
// The first games of the measurement's seed (bench/rumble-learned.ts --seed rl2 plays these
// very games), as few as show the direction with margin: 48 of net-guided MCTS (about 40 s at
// load 6 on the shared 2-core machine), 80 of the policy (about 10 s).
const NET_GAMES = 48;
const NET_SEED = 'rl2';
const POLICY_GAMES = 80;
const POLICY_SEED = 'rl2';

function shareAgainstHeuristics(spec: string, games: number, seed: string) {
  const agents = [spec, 'heuristic', 'heuristic', 'heuristic'];
  let sum = 0;
  let capped = 0;
  for (let i = 0; i < games; i++) {
    const r = playGame({ gameId: 'rumble', options: {}, agents, games, seed }, i);
    expect(r.error).toBeUndefined();
    sum += r.returns[r.slots.indexOf(0)]!;
    if (r.tags['endReason'] === 'cap') capped++;
  }
  const share = wilson(sum, games);
  const shown = `${spec} vs three heuristics: ${share.p.toFixed(3)} [${share.lo.toFixed(3)}, ${share.hi.toFixed(3)}], n = ${games} (${capped} at the round cap)`;
  console.log(shown);
  return { share, shown };
}

describe('strength of the learned Rumble agents (4 heroes, auction, 95% Wilson intervals)', () => {
  it('net-guided MCTS beats three heuristics (lower bound above the fair 1/4)', { timeout: 600_000 }, () => {
    const { share, shown } = shareAgainstHeuristics(NET_MCTS, NET_GAMES, NET_SEED);
    expect(share.lo, shown).toBeGreaterThan(0.25);
  });

  it('the policy alone beats three heuristics (lower bound above the fair 1/4)', { timeout: 600_000 }, () => {
    const { share, shown } = shareAgainstHeuristics(POLICY, POLICY_GAMES, POLICY_SEED);
    expect(share.lo, shown).toBeGreaterThan(0.25);
  });
});
