/**
 * Ophidian 2350: random 2-player matches per second on one core with the sample decks
 * (issue target: 1,000 matches/s) and MCTS iterations (ISMCTS over determinized hands and Arsenals).
 */
import { getGame } from '../src/games/index.js';
import { fmt, measureMcts, measureRandomPlay, report } from './harness.js';

export async function run(): Promise<void> {
  const game = getGame('ophidian');
  const r = measureRandomPlay(game, {}, { seconds: 3 });
  report('random play, Abe v Betty decks, one core', `${fmt(r.gamesPerSec)} matches/s`, { ok: r.gamesPerSec >= 1000, text: '>= 1,000 matches/s' });
  report('applied actions', `${fmt(r.actionsPerSec)} actions/s`);
  report('mean match length', `${fmt(r.meanLength, 1)} actions`);
  const m = measureMcts(game, {}, 'mcts:iterations=200', { seconds: 3 });
  report('MCTS iterations (ISMCTS)', `${fmt(m.iterationsPerSec)} it/s`);
}
