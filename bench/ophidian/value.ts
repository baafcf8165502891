/**
 * How well does the shipped Ophidian model's value head predict the winner, against the
 * game's `evaluate`? Heuristic-vs-heuristic games on seeds the training never used; at every
 * decision with two or more legal moves, seat 0's predicted share (the value head from the
 * mover's observation; `evaluate` of the state) against seat 0's result: Brier score overall
 * and by thirds of the game (agents/README.md, "Measured strength: Ophidian").
 *
 *   npx tsx bench/ophidian/value.ts [games=200]
 */
import { getGame } from '../../src/games/index.js';
import { createAgent } from '../../agents/index.js';
import { loadModel } from '../../agents/learned/model-files.js';
import { NetEvaluator } from '../../agents/learned/evaluator.js';
import { Rng } from '../../src/core/rng.js';
const game = getGame('ophidian');
const options = game.optionsSchema.parse({});
const model = loadModel('models/ophidian', game, 'brier');
const ev = new NetEvaluator(game, model.net);
const sums = { net: [0, 0, 0], evaluate: [0, 0, 0], half: [0, 0, 0], n: [0, 0, 0] };
const G = Number(process.argv[2] ?? 200);
for (let g = 0; g < G; g++) {
  const rng = new Rng(777000 + g);
  const agents = [createAgent('heuristic', game, rng.fork()), createAgent('heuristic', game, rng.fork())];
  let s = game.setup(options, 990000 + g);
  const preds: [number, number][] = [];
  while (!game.isTerminal(s)) {
    const p = game.toMove(s)[0]!;
    const legal = game.legalActions(s, p);
    if (legal.length > 1) preds.push([ev.value(s, p)[0]!, game.evaluate!(s)[0]!]);
    s = game.apply(s, [agents[p]!.act({ game, options, obs: game.observe(s, p), player: p, legal })]);
  }
  const z = game.returns(s)[0]!;
  preds.forEach(([v, e], i) => {
    const third = Math.min(2, Math.floor((3 * i) / preds.length));
    sums.net[third] += (v - z) ** 2;
    sums.evaluate[third] += (e - z) ** 2;
    sums.half[third] += (0.5 - z) ** 2;
    sums.n[third]++;
  });
}
const all = (a: number[]) => a.reduce((x, y) => x + y, 0) / sums.n.reduce((x, y) => x + y, 0);
for (const k of ['net', 'evaluate', 'half'] as const) {
  console.log(`${k}: Brier ${all(sums[k]).toFixed(4)}; by third of the game ${sums[k].map((x, i) => (x / sums.n[i]!).toFixed(4)).join(' / ')}`);
}
console.log(`${G} heuristic games, ${sums.n.reduce((x, y) => x + y, 0)} decisions`);
