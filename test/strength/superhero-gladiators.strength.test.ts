/**
 * Playing strength on Superhero Gladiators — mcts >= heuristic > random — through the
 * runner's own game loop, paired games (same seed, seats swapped; the pair is the
 * unit, a t interval over pair means). Mirror matches (the same sample hero on both
 * sides), because in an uneven matchup the hero, not the player, decides most games and
 * seat rotation then pins every agent near 1/2.
 *
 *   mcts:iterations=200,rollout=evaluate,depth=4
 *
 * Random rollouts of 4 decisions scored by the game's evaluate (each side's share of
 * its Oomph left). With the heuristic as a prior (prior=heuristic,bias=2, with or
 * without a turns horizon) the search returned the heuristic's own move in every game
 * measured (every seed pair split exactly 1/2 against the heuristic), so that variant
 * says nothing; this one searches on its own. The claim asserted is the issue's
 * "mcts >= heuristic" in its weak form: the MCTS is not shown worse (the interval's top
 * is above 1/2); the printed share gives the margin.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/sim/runner.js';
import type { MatchConfig } from '../../src/sim/types.js';
import { pairedShare, type PairedShare } from '../../src/analysis/stats/paired.js';

const MCTS = 'mcts:iterations=200,rollout=evaluate,depth=4';

function shareOfFirst(agents: [string, string], games: number, hero: string, seed: string): PairedShare {
  const config: MatchConfig = { gameId: 'superhero-gladiators', options: { teams: [[hero], [hero]] }, agents, games, seed, paired: true };
  const records = [];
  for (let i = 0; i < games; i++) {
    const record = playGame(config, i);
    expect(record.error).toBeUndefined();
    records.push(record);
  }
  return pairedShare(records, 0);
}

const show = (r: PairedShare) => `${r.mean.toFixed(3)} [${r.lo.toFixed(3)}, ${r.hi.toFixed(3)}], ${r.n} pairs of ${r.games} games`;

describe('strength on superhero-gladiators (mirror matches, paired games, 95% intervals)', () => {
  it('the heuristic beats random play', { timeout: 600_000 }, () => {
    const r = shareOfFirst(['heuristic', 'random'], 100, 'Webspinner', 'shg-strength-hr');
    console.log(`heuristic vs random (Webspinner mirror): ${show(r)}`);
    expect(r.lo).toBeGreaterThan(0.5);
  });

  it('mcts is at least as strong as the heuristic', { timeout: 900_000 }, () => {
    const r = shareOfFirst([MCTS, 'heuristic'], 80, 'Amazon', 'shg-strength-mh');
    console.log(`mcts vs heuristic (Amazon mirror): ${show(r)}`);
    expect(r.hi).toBeGreaterThan(0.5); // not worse; see the printed share for the margin
  });
});
