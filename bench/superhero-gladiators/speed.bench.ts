/**
 * Superhero Gladiators: engine speed under random play on one core — 1v1 games/s over
 * every pairing of the sample heroes (default map), segments/s (target: 20,000 segments
 * resolved per second per core; a segment is one round of the turn flow, empty ones
 * included), decisions/s, and MCTS iterations/s.
 */
import { randomPlayout } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { superheroGladiators as game, parseOptions, SAMPLE_HEROES } from '../../src/games/superhero-gladiators/index.js';
import { fmt, measureMcts, report } from '../harness.js';

export async function run(): Promise<void> {
  const names = SAMPLE_HEROES.map((h) => h.name);
  const pairings: ReturnType<typeof parseOptions>[] = [];
  for (const a of names) for (const b of names) if (a !== b) pairings.push(parseOptions({ teams: [[a], [b]] }));
  // warm-up, then measure for about three seconds
  for (let i = 0; i < 200; i++) randomPlayout(game, game.setup(pairings[i % pairings.length]!, i), new Rng(i));
  let games = 0;
  let segments = 0;
  let decisions = 0;
  const start = performance.now();
  while (performance.now() - start < 3000) {
    for (let k = 0; k < 20; k++, games++) {
      const { state, steps } = randomPlayout(game, game.setup(pairings[games % pairings.length]!, games), new Rng(games));
      segments += state.round;
      decisions += steps;
    }
  }
  const secs = (performance.now() - start) / 1000;
  report('random 1v1 games, sample heroes, one core', `${fmt(games / secs)} games/s (${games} games)`);
  report('segments resolved, random 1v1', `${fmt(segments / secs)} segments/s`, { ok: segments / secs >= 20_000, text: '>= 20,000 segments/s' });
  report('decisions applied, random 1v1', `${fmt(decisions / secs)} decisions/s`);
  report('mean game length', `${fmt(segments / games, 1)} segments, ${fmt(decisions / games, 1)} decisions`);
  const mcts = measureMcts(game, { teams: [['Lightning Lass'], ['Ironclad']] }, 'mcts:iterations=200,rollout=evaluate,depth=12', { seconds: 3 });
  report('MCTS iterations (rollout=evaluate, depth 12)', `${fmt(mcts.iterationsPerSec)} it/s`);
}
