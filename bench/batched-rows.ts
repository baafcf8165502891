/**
 * Would batching leaves across concurrent games in a worker pay beyond batching inside one
 * search? Both only change how many rows one tfjs call scores, so this measures that
 * directly: per game with a shipped model, the leaf-batched search (`mcts:prior=net,
 * batch=B`) at B = 16 and 64 on the same decision states — rows per call, the share of
 * CPU time inside the tfjs calls, and decisions per CPU-second. Scoring 4 games' rounds of
 * 16 together would give each call the rows of B = 64 without its extra virtual loss, so
 * the CPU it could save is at most the tfjs time at B = 16 minus that at B = 64.
 *
 *   node --import tsx bench/batched-rows.ts [ITERATIONS=100] [STATES=40]
 */
import { createAgent } from '../agents/index.js';
import { BatchForward } from '../agents/learned/batch-forward.js';
import type { BatchedPuctAgent } from '../agents/learned/batched-puct.js';
import { loadModel } from '../agents/learned/model-files.js';
import { Rng } from '../src/core/rng.js';
import { describeBackend, initTf } from '../src/core/tf.js';
import { getGame } from '../src/games/index.js';
import { decisionStates } from './learned.bench.js';

const iterations = Number(process.argv[2] ?? 100);
const count = Number(process.argv[3] ?? 40);
await initTf();
process.stdout.write(`${describeBackend()}; ${iterations} iterations a decision, ${count} decision states a game, process CPU time\n`);

// CPU time inside BatchForward.run (the tfjs call, its upload and download).
let inCalls = 0;
const run = BatchForward.prototype.run;
BatchForward.prototype.run = function (this: BatchForward, ...args: Parameters<typeof run>) {
  const c = process.cpuUsage();
  run.apply(this, args);
  const u = process.cpuUsage(c);
  inCalls += (u.user + u.system) / 1e6;
};

for (const id of ['gladiator-duel', 'superhero-gladiators', 'ophidian', 'dark-hero']) {
  const game = getGame(id);
  const dir = `models/${id}`;
  const options = game.optionsSchema.parse(loadModel(dir, game, 'bench').manifest.options) as object;
  const states = decisionStates(game, options, count, 7);
  const measure = (batch: number) => {
    let calls = 0;
    let rows = 0;
    inCalls = 0;
    const c = process.cpuUsage();
    states.forEach((d, i) => {
      const agent = createAgent(`mcts:prior=net:model=${dir},iterations=${iterations},batch=${batch}`, game, new Rng(100 + i)) as BatchedPuctAgent;
      agent.act({ game, options, obs: game.observe(d.s, d.p), player: d.p, legal: d.legal });
      calls += agent.calls;
      rows += agent.rows;
    });
    const u = process.cpuUsage(c);
    const cpu = (u.user + u.system) / 1e6;
    return { cpu, calls, rows, inCalls };
  };
  measure(16);
  measure(64);
  for (let pass = 1; pass <= 2; pass++) {
    const line: string[] = [];
    for (const batch of [16, 64]) {
      const m = measure(batch);
      line.push(`B=${batch}: ${(m.rows / m.calls).toFixed(1)} rows a call, ${(m.inCalls / m.rows * 1e6).toFixed(1)} µs a row in calls, tfjs ${((100 * m.inCalls) / m.cpu).toFixed(0)}% of ${m.cpu.toFixed(2)} CPU-s, ${(states.length / m.cpu).toFixed(0)} decisions/CPU-s`);
    }
    process.stdout.write(`${id} pass ${pass}: ${line.join('; ')}\n`);
  }
}
