/**
 * Strength of the shipped Rumble model (models/rumble) in 4-hero games with the auction:
 * one learned agent against three heuristics, seats rotating with the game index, 95%
 * Wilson interval of its share against the fair 1/4. Seeded, so every run plays the same
 * games (the forward pass is plain JavaScript: the same numbers on every machine).
 *
 * Asserted — the issue's Rumble strength target: net-guided MCTS (decoupled PUCT at the
 * simultaneous nodes, `sm=puct`: the policy head's prior, the value head at the leaves, one
 * round deep) beats three heuristics, lower bound above the fair 1/4 (measured 0.354
 * [0.274, 0.443] over these 120 games, 59 of them at the round cap).
 * Not asserted:
 *   - the policy alone (`net`, no search): since the model imitates a search that buys 3.5
 *     powers a game it buys as many, but without the search it plays the rounds worse than
 *     the heuristics (0.196 [0.135, 0.276] over 120 games; agents/README.md);
 *   - "bids better than the heuristic": its bids' effect needs hundreds of games to show
 *     (bench/rumble/bidding.ts; agents/README.md, "Measured strength: Rumble").
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/sim/runner.js';
import { wilson } from '../../src/core/wilson.js';

const NET_MCTS = 'mcts:prior=net:model=models/rumble,iterations=100,plies=1,backup=paranoid,final=most,sm=puct';
// The first games of the measurement's seed (bench/rumble/learned.ts --seed rl2 plays these
// very games). The first 48 were enough for the previous model (0.444 [0.313, 0.584]); this
// one's edge is smaller (0.354 over 120), which 48 games would not show (120 take about
// 140 s at load 17 on the shared 2-core machine).
const NET_GAMES = 120;
const NET_SEED = 'rl2';

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
});
