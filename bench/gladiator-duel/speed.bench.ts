/**
 * Gladiator duel: engine speed, MCTS speed against what its rollouts allow, and runner
 * scaling from one worker to two.
 */
import { getGame } from '../../src/games/index.js';
import { fmt, measureMcts, measureRandomPlay, measureWorkers, report, reportScaling } from '../harness.js';

export async function run(): Promise<void> {
  const game = getGame('gladiator-duel');
  const options = {};

  const play = measureRandomPlay(game, options, { seconds: 3 });
  report('random play, one core', `${fmt(play.gamesPerSec)} games/s`);
  report('applied actions, one core', `${fmt(play.actionsPerSec)} actions/s`, { ok: play.actionsPerSec >= 1_000_000, text: '>= 1,000,000 actions/s' });
  report('mean game length (random play)', `${fmt(play.meanLength, 1)} actions`);

  const mcts = measureMcts(game, options, 'mcts:iterations=200', { seconds: 4 });
  const ceiling = play.actionsPerSec / mcts.meanRolloutLength;
  const ratio = mcts.iterationsPerSec / ceiling;
  report('MCTS iterations (random rollouts)', `${fmt(mcts.iterationsPerSec)} it/s`);
  report('mean rollout length', `${fmt(mcts.meanRolloutLength, 1)} actions`);
  report('random rollouts from the same states', `${fmt(mcts.rolloutsPerSec)} rollouts/s`);
  report('MCTS vs actions/s / rollout length', `${fmt(ratio * 100, 1)}% of ${fmt(ceiling)} it/s`, { ok: ratio >= 0.6, text: '>= 60%' });

  const [inThread] = await measureWorkers({ gameId: 'gladiator-duel', options, agents: ['random'], games: 10_000, seed: 'bench' }, 1);
  report('runner in-thread, random agents', `${fmt(inThread!.gamesPerSec)} games/s (${fmt((100 * inThread!.gamesPerSec) / play.gamesPerSec)}% of raw play)`);

  const [one, two] = await measureWorkers({ gameId: 'gladiator-duel', options, agents: ['flatmc:playouts=2', 'random'], games: 300, seed: 'bench' }, [1, 2]);
  report('runner 1 worker, flatmc:playouts=2 v random', `${fmt(one!.gamesPerSec, 1)} games/s, ${fmt(one!.busyCores, 2)} cores busy`);
  report('runner 2 workers, same', `${fmt(two!.gamesPerSec, 1)} games/s, ${fmt(two!.busyCores, 2)} cores busy`);
  reportScaling(one!, two!);
  report('CPU per game, 1 worker / 2 workers', `${fmt(one!.cpuMsPerGame, 2)} / ${fmt(two!.cpuMsPerGame, 2)} ms`);
  if (two!.busyCores < 1.8) process.stdout.write('  (2 workers kept fewer than 1.8 cores busy: other processes shared the CPU, or workers sat idle: rerun on an idle machine to judge the target)\n');
}
