/**
 * Where an Ophidian rollout step's time goes (issue #30): records the rollout steps of the
 * bare `mcts` on search-throughput's sampled decision states, then replays them in order,
 * timing each part alone (CPU time): observe, the heuristic's choice, legal actions, apply.
 *
 *   node --import tsx bench/ophidian/rollout-parts.ts [states] [rounds]
 */
import { createAgent } from '../../agents/index.js';
import { randomPlayout } from '../../src/core/game.js';
import type { AnyGame } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { getGame } from '../../src/games/index.js';
import { cpuMs } from '../search-throughput.js';

const [statesArg, roundsArg] = process.argv.slice(2);
const game = getGame('ophidian') as AnyGame;
const options = game.optionsSchema.parse({}) as object;
interface Step { state: unknown; player: number }
const steps: Step[] = [];
let recording = false;
const recorder: AnyGame = { ...game, observe: (s: unknown, p: number) => { if (recording) steps.push({ state: s, player: p }); return game.observe(s, p); } };
const rng = Rng.fromSeed('rollout-parts');
let done = 0;
while (done < Number(statesArg ?? 6)) {
  const seed = rng.u32() | 0;
  const len = randomPlayout(game, game.setup(options, seed), new Rng(seed)).steps;
  const st = randomPlayout(game, game.setup(options, seed), new Rng(seed), rng.int(len)).state;
  const movers = game.toMove(st);
  if (movers.length === 0) continue;
  const p = movers[0]!;
  const legal = game.legalActions(st, p);
  if (legal.length < 2) continue;
  const agent = createAgent('mcts', recorder, Rng.fromSeed('rp', done));
  recording = true;
  agent.act({ game: recorder, options, obs: game.observe(st, p), player: p, legal });
  recording = false;
  done++;
}
const heuristic = createAgent('heuristic', game, new Rng(1));
const obs = steps.map((x) => game.observe(x.state, x.player));
const legals = steps.map((x) => game.legalActions(x.state, x.player));
// The heuristic's move in each step (the one the rollout played), applied alone below.
const moves = steps.map((x, i) => heuristic.act({ game, options, obs: obs[i], player: x.player, legal: legals[i]! }));
const time = (name: string, f: (i: number) => unknown): number => {
  const t0 = cpuMs();
  for (let i = 0; i < steps.length; i++) f(i);
  const us = ((cpuMs() - t0) * 1000) / steps.length;
  console.log(`${name.padEnd(14)} ${us.toFixed(2)} µs a step`);
  return us;
};
for (let r = 0; r < Number(roundsArg ?? 3); r++) {
  console.log(`round ${r + 1}: ${steps.length} rollout steps`);
  time('observe', (i) => game.observe(steps[i]!.state, steps[i]!.player));
  time('heuristic', (i) => heuristic.act({ game, options, obs: obs[i], player: steps[i]!.player, legal: legals[i]! }));
  time('legalActions', (i) => game.legalActions(steps[i]!.state, steps[i]!.player));
  time('apply', (i) => game.apply(steps[i]!.state, [moves[i]]));
}
