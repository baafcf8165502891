/**
 * Playing strength on Superhero Gladiators — mcts ≥ heuristic > random — through the
 * runner's own game loop, paired games (same seed, seats swapped; the pair is the
 * unit, a t interval over pair means). Mirror matches (the same sample hero on both
 * sides), because in an uneven matchup the hero, not the player, decides most games and
 * seat rotation then pins every agent near 1/2.
 *
 * The MCTS is the bare `mcts` of this game (TUNED_MCTS in agents/index.ts), written out
 * here so the games are exactly those of the measurement below:
 *
 *   mcts:iterations=800,rollout=evaluate,plies=2,opponents=heuristic
 *
 * The tree branches only on the decider's own actions (the foe answers with the
 * heuristic's move), two plies deep (its action and the foe's answer), each leaf scored
 * by evaluate — since issue #27 a chance of winning (race.ts: a damage race to a
 * knockout or the turn cap), every iteration a fresh draw of the dice.
 * Before #27 (Oomph-share evaluate, a heuristic that traded blows it would lose) this
 * search beat the heuristic, 0.671 [0.579, 0.763] over 60 pairs on seed shg-mcts-a, mostly
 * by standing off and letting the heuristic step into reach first and walk through the
 * river (agents/README.md). The heuristic now closes in only when the fight pays and
 * otherwise steps out of reach, and in the Amazon mirror, where careful play is a
 * stand-off, the two are level: 0.500 (± 0.094 standard error) over the first 23 pairs of
 * the same seed, measured just before the #26 rule changes (`crucible play superhero-gladiators --agents <spec>,heuristic --paired
 * --games 80 --seed shg-mcts-a --workers 1 --options '{"teams":[["Amazon"],["Amazon"]]}'`).
 * Asserted: the tuned search is not shown weaker than the heuristic (its interval over
 * these 40 pairs reaches above 1/2) — what the evidence supports; the build-edge and
 * probe tests (superhero-gladiators-probes.strength.test.ts) show what it does better.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/sim/runner.js';
import type { MatchConfig } from '../../src/sim/types.js';
import { pairedShare, unitScores, type PairedShare } from '../../src/analysis/stats/paired.js';
import { wilson } from '../../src/core/wilson.js';

/** The tuned spec (what a bare `mcts` resolves to on this game). */
const MCTS = 'mcts:iterations=800,rollout=evaluate,plies=2,opponents=heuristic';

function shareOfFirst(agents: [string, string], games: number, hero: string, seed: string): PairedShare & { pairsWon: number } {
  const config: MatchConfig = { gameId: 'superhero-gladiators', options: { teams: [[hero], [hero]] }, agents, games, seed, paired: true };
  const records = [];
  for (let i = 0; i < games; i++) {
    const record = playGame(config, i);
    expect(record.error).toBeUndefined();
    records.push(record);
  }
  return { ...pairedShare(records, 0), pairsWon: unitScores(records, 0).filter((u) => u.score > 0.5).length };
}

const show = (r: ReturnType<typeof shareOfFirst>) => `${r.mean.toFixed(3)} [${r.lo.toFixed(3)}, ${r.hi.toFixed(3)}], ${r.n} pairs of ${r.games} games, ${r.pairsWon} pairs won outright`;

describe('strength on superhero-gladiators (mirror matches, paired games, 95% intervals)', () => {
  it('the heuristic beats random play', { timeout: 600_000 }, () => {
    const r = shareOfFirst(['heuristic', 'random'], 100, 'Webspinner', 'shg-strength-hr');
    console.log(`heuristic vs random (Webspinner mirror): ${show(r)}`);
    // Every pair is won, so the t interval has no width: the pairs won (Wilson) carry the evidence.
    expect(r.lo).toBeGreaterThan(0.5);
    expect(wilson(r.pairsWon, r.n).lo).toBeGreaterThan(0.5);
  });

  it('mcts is not shown weaker than the heuristic', { timeout: 900_000 }, () => {
    const r = shareOfFirst([MCTS, 'heuristic'], 80, 'Amazon', 'shg-mcts-a');
    console.log(`mcts vs heuristic (Amazon mirror): ${show(r)}`);
    expect(r.hi).toBeGreaterThan(0.5);
  });
});
