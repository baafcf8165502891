/**
 * Is the leaf-batched PUCT (agents/learned/batched-puct.ts) as strong as `mcts:prior=net`,
 * whose leaves are scored one at a time? Seat-swapped pairs on one game seed each (the pair
 * is the unit: a t interval over pair means), the shipped model of the game, tfjs on the
 * backend initTf() picks. The batched side's CPU seconds and the other's are printed, so
 * an "equal time" run can be checked to be one (raise the batched iterations until they
 * match). README, "Learned models and the tfjs backend".
 *
 *   node --import tsx bench/batched-puct-strength.ts GAME PAIRS BATCHED_ITERATIONS BATCH ONE_ROW_ITERATIONS
 *   node --import tsx bench/batched-puct-strength.ts gladiator-duel 300 100 16 100   # equal iterations
 *   node --import tsx bench/batched-puct-strength.ts gladiator-duel 300 144 16 100   # equal CPU time
 */
import type { Agent } from '../src/core/agent.js';
import { getGame } from '../src/games/index.js';
import { loadModel } from '../agents/learned/model-files.js';
import { createAgent } from '../agents/index.js';
import { Rng } from '../src/core/rng.js';
import { describeBackend, initTf } from '../src/core/tf.js';
import { unitShareInterval } from '../src/analysis/stats/paired.js';

await initTf();
const [gameId = 'gladiator-duel', pairsArg = '100', batchedIterations = '100', batchArg = '16', oneRowIterations = '100'] = process.argv.slice(2);
const pairs = Number(pairsArg);
const batch = Number(batchArg);
const game = getGame(gameId);
const model = loadModel(`models/${gameId}`, game, 'batched-puct-strength');
const options = game.optionsSchema.parse(model.manifest.options) as object;
// The agent spec users run (agents/learned/batched-spec.ts builds the leaf-batched PUCT).
const batched = (rng: Rng): Agent => createAgent(`mcts:prior=net:model=models/${gameId},iterations=${batchedIterations},batch=${batch}`, game, rng);
const oneRow = (rng: Rng): Agent => createAgent(`mcts:prior=net:model=models/${gameId},iterations=${oneRowIterations}`, game, rng);
/** CPU seconds spent deciding: [batched, one row a leaf]. */
const cpu = [0, 0];

/** Plays game `seed` with the batched search in seat `seat`; its return. */
function play(seed: number, seat: number): number {
  const agents = [0, 1].map((s) => (s === seat ? batched : oneRow)(new Rng(seed * 7 + s * 3 + 1)));
  let state = game.setup(options, seed);
  while (!game.isTerminal(state)) {
    const joint = game.toMove(state).map((p) => {
      const c = process.cpuUsage();
      const action = agents[p]!.act({ game, options, obs: game.observe(state, p), player: p, legal: game.legalActions(state, p) });
      const used = process.cpuUsage(c);
      cpu[p === seat ? 0 : 1] += (used.user + used.system) / 1e6;
      return action;
    });
    state = game.apply(state, joint);
  }
  return game.returns(state)[seat]!;
}

const scores: number[] = [];
for (let i = 0; i < pairs; i++) {
  scores.push((play(10_000 + i, 0) + play(10_000 + i, 1)) / 2);
  // A running line every 20 pairs (stderr), so a long run can be read before it ends.
  if ((i + 1) % 20 === 0 && i + 1 < pairs) {
    const s = unitShareInterval(scores);
    process.stderr.write(`  ${i + 1} pairs: share ${s.mean.toFixed(3)} [${s.lo.toFixed(3)}, ${s.hi.toFixed(3)}]; CPU seconds deciding ${cpu[0]!.toFixed(1)} against ${cpu[1]!.toFixed(1)}\n`);
  }
}
const share = unitShareInterval(scores);
process.stdout.write(
  `${gameId}: batched PUCT (${batchedIterations} iterations, ${batch} leaves a call) against mcts:prior=net (${oneRowIterations} iterations): ` +
    `share ${share.mean.toFixed(3)} [${share.lo.toFixed(3)}, ${share.hi.toFixed(3)}] over ${pairs} pairs; CPU seconds deciding ${cpu[0]!.toFixed(1)} against ${cpu[1]!.toFixed(1)}; ${describeBackend()}\n`,
);
