/**
 * Dark Hero: the engine next to its limit (a hand-written mutable loop of the same rules,
 * bench/dark-hero/limit.ts; interleaved in this process; target ≥ 0.25×) with a
 * faithfulness check, engine speed under random play (4 and 10 heroes, one core; target
 * 20,000 4-hero games/s), the draw-a-card variant, MCTS iterations, and runner scaling.
 */
import { getGame } from '../../src/games/index.js';
import { fmt, measureMcts, measureRandomPlay, measureWorkers, report, reportScaling } from '../harness.js';
import { faithfulness, versusLimit, zOfMeans } from './vs-limit.js';

export async function run(): Promise<void> {
  const game = getGame('dark-hero');

  // Side by side with the limit: rates per CPU-second, median of per-round ratios.
  const vs = versusLimit({ players: 4 }, { rounds: 7, seconds: 1 });
  report('limit (hand-written loop), 4 heroes', `${fmt(vs.limit)} games/s, ${fmt(1e9 / vs.limitActions)} ns/action`);
  report('project (randomPlayout), 4 heroes', `${fmt(vs.project)} games/s, ${fmt(1e9 / vs.projectActions)} ns/action`);
  report('project / limit (median of 7 rounds)', `${fmt(vs.ratio, 3)}x (rounds ${fmt(Math.min(...vs.ratios), 3)}–${fmt(Math.max(...vs.ratios), 3)})`, { ok: vs.ratio >= 0.25, text: '>= 0.25x' });
  // Faithfulness: both play the same game (uniform random legal decisions).
  const N = 20_000;
  const f = faithfulness({ players: 4 }, N);
  const len = (x: typeof f.limit) => ({ n: x.games, sum: x.steps, sum2: x.steps2 });
  const zLen = zOfMeans(len(f.limit), len(f.project));
  report(`faithful: mean length (${fmt(N)} games each)`, `${fmt(f.limit.steps / N, 2)} vs ${fmt(f.project.steps / N, 2)} (z ${fmt(zLen, 2)})`, { ok: Math.abs(zLen) < 3, text: '|z| < 3' });
  // Returns are in [0, 1]; heroes of one goal share one return per game, so the unit is the
  // game, and mean(1 − mean) bounds the variance (a conservative standard error).
  for (const goal of ['free', 'safe'] as const) {
    const heroes = f.heroes[goal] * N;
    const a = f.limit[goal] / heroes;
    const b = f.project[goal] / heroes;
    const se = Math.sqrt((a * (1 - a)) / N + (b * (1 - b)) / N);
    const z = (a - b) / se;
    report(`faithful: mean return of ${goal} heroes`, `${fmt(a, 4)} vs ${fmt(b, 4)} (z ${fmt(z, 2)})`, { ok: Math.abs(z) < 3, text: '|z| < 3' });
  }

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
