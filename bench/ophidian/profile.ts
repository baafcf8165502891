/**
 * Ophidian's engine alone, for profiling (`node --cpu-prof --import tsx bench/ophidian/profile.ts …`):
 *
 *   bench/ophidian/profile.ts [matches] [options JSON]      seeded random 2-player matches (the bench's workload)
 *   bench/ophidian/profile.ts --mcts [decisions] [spec]     ISMCTS decisions in states reached by random play
 *                                                           (default spec: the bench's mcts:iterations=1000,rollout=evaluate)
 *
 * Prints CPU milliseconds per match or per decision (CPU time: fair on a shared machine).
 */
import { createAgent } from '../../agents/index.js';
import { randomPlayout } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { ophidian } from '../../src/games/ophidian/index.js';

const cpu = () => process.cpuUsage().user / 1000;
const args = process.argv.slice(2);
if (args[0] === '--mcts') {
  const decisions = Number(args[1] ?? 40);
  const spec = args[2] ?? 'mcts:iterations=1000,rollout=evaluate';
  const options = ophidian.optionsSchema.parse({});
  const rng = new Rng(2);
  const times: number[] = [];
  while (times.length < decisions) {
    const full = randomPlayout(ophidian, ophidian.setup(options, rng.u32() | 0), rng);
    const s = randomPlayout(ophidian, ophidian.setup(options, rng.u32() | 0), rng, rng.int(Math.max(1, full.steps))).state;
    const [player] = ophidian.toMove(s);
    if (player === undefined) continue;
    const legal = ophidian.legalActions(s, player);
    if (legal.length < 2) continue;
    const agent = createAgent(spec, ophidian, rng.fork());
    const c0 = cpu();
    agent.act({ game: ophidian, options, obs: ophidian.observe(s, player), player, legal });
    times.push(cpu() - c0);
  }
  times.sort((a, b) => a - b);
  console.log(`${decisions} decisions (${spec}): median ${times[times.length >> 1]!.toFixed(1)} CPU ms, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)}`);
} else {
  const matches = Number(args[0] ?? 2000);
  const options = ophidian.optionsSchema.parse(JSON.parse(args[1] ?? '{}'));
  const rng = new Rng(1);
  const c0 = cpu();
  let steps = 0;
  for (let g = 0; g < matches; g++) steps += randomPlayout(ophidian, ophidian.setup(options, rng.u32() | 0), rng).steps;
  const ms = cpu() - c0;
  console.log(`${matches} matches, ${(steps / matches).toFixed(1)} actions each, ${(ms / matches).toFixed(3)} CPU ms a match (${((ms * 1e6) / steps).toFixed(0)} ns an action)`);
}
