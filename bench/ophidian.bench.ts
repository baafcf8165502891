/**
 * Ophidian 2350 (issue targets): random 2-player matches per second on one core with the
 * sample decks (>= 1,000 matches/s), and the median time of one ISMCTS decision of 1,000
 * iterations (< 50 ms). The decision is SO-ISMCTS (a determinization of the hidden hands
 * and Arsenals per iteration) with leaves scored by the game's `evaluate`; random
 * rollouts to the end of a ~320-action match cannot fit 1,000 of them in 50 ms, so their
 * rate is printed apart. Times are wall-clock on a shared machine: note the load.
 */
import os from 'node:os';
import { getGame } from '../src/games/index.js';
import { fmt, measureMcts, measureRandomPlay, report } from './harness.js';

export async function run(): Promise<void> {
  const game = getGame('ophidian');
  report('load average (1 min) / cores', `${fmt(os.loadavg()[0]!, 1)} / ${os.availableParallelism()}`);
  const r = measureRandomPlay(game, {}, { seconds: 4 });
  report('random play, Abe v Betty decks, one core', `${fmt(r.gamesPerSec)} matches/s`, { ok: r.gamesPerSec >= 1000, text: '>= 1,000 matches/s' });
  report('applied actions', `${fmt(r.actionsPerSec)} actions/s`);
  report('mean match length', `${fmt(r.meanLength, 1)} actions`);
  const spec = 'mcts:iterations=1000,rollout=evaluate';
  const m = measureMcts(game, {}, spec, { seconds: 6 });
  report(`ISMCTS decision (${spec})`, `${fmt(m.medianMsPerDecision, 1)} ms median`, { ok: m.medianMsPerDecision < 50, text: '< 50 ms' });
  report('  its iterations', `${fmt(m.iterationsPerSec)} it/s, ${m.decisions} decisions`);
  const rnd = measureMcts(game, {}, 'mcts:iterations=100', { seconds: 3 });
  report('ISMCTS, random rollouts to the end', `${fmt(rnd.iterationsPerSec)} it/s (${fmt(rnd.medianMsPerDecision, 1)} ms per 100)`);
  report('load average (1 min) after', fmt(os.loadavg()[0]!, 1));
}
