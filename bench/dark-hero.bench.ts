/**
 * Dark Hero: engine speed under random play (4 and 10 heroes, one core; target
 * 20,000 4-hero games/s), the draw-a-card variant, MCTS iterations, and runner scaling.
 */
import { getGame } from '../src/games/index.js';
import { fmt, measureMcts, measureRandomPlay, measureWorkers, report, reportScaling } from './harness.js';

export async function run(): Promise<void> {
  const game = getGame('dark-hero');

  const four = measureRandomPlay(game, { players: 4 }, { seconds: 3 });
  report('random play, 4 heroes, one core', `${fmt(four.gamesPerSec)} games/s`, { ok: four.gamesPerSec >= 20_000, text: '>= 20,000 games/s' });
  report('applied actions, 4 heroes', `${fmt(four.actionsPerSec)} actions/s`);
  report('mean game length, 4 heroes', `${fmt(four.meanLength, 1)} actions`);

  const ten = measureRandomPlay(game, { players: 10 }, { seconds: 2 });
  report('random play, 10 heroes, one core', `${fmt(ten.gamesPerSec)} games/s`);
  report('applied actions, 10 heroes', `${fmt(ten.actionsPerSec)} actions/s`);

  const draw = measureRandomPlay(game, { players: 4, map: { layout: 'draw' } }, { seconds: 1 });
  report('random play, draw-a-card map, 4 heroes', `${fmt(draw.gamesPerSec)} games/s`);

  const mcts = measureMcts(game, { players: 4 }, 'mcts:iterations=200', { seconds: 3 });
  report('MCTS iterations (IS-MCTS, max^n)', `${fmt(mcts.iterationsPerSec)} it/s`);

  const [one, two] = await measureWorkers({ gameId: 'dark-hero', options: { players: 4 }, agents: ['heuristic', 'random'], games: 4000, seed: 'bench' }, [1, 2]);
  report('runner, 1 worker (heuristic v random)', `${fmt(one!.gamesPerSec)} games/s`);
  report('runner, 2 workers', `${fmt(two!.gamesPerSec)} games/s`);
  reportScaling(one!, two!);
}
