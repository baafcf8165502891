/**
 * Same-process A/B of two Ophidian engines (a speed change judged on a shared, loaded machine):
 * an old tree (a copy elsewhere, e.g. `git archive <commit> | tar -x -C /tmp/old` with
 * node_modules linked) and this tree are loaded into one process; slices of seeded random
 * 2-player matches alternate between them (the order swaps every round), on the same seeds,
 * timed in this process's CPU time. Prints matches per CPU-second of each and the median of
 * new/old CPU time per round; throws when a slice's outcomes (each match's length and winner)
 * differ. With a decision count, also compares ISMCTS (`mcts:iterations=1000,rollout=evaluate`)
 * decisions in states reached by random play: the same action, and the median CPU ms of each
 * (another spec as the fifth argument: `mcts`, the bare search of bench/search-throughput.ts,
 * judged by the median of new/old CPU ms per decision — one process, so both trees warm up
 * together and the neighbours' load falls on both alike).
 *
 *   node --import tsx bench/ophidian/ab.ts <old tree> [rounds=40] [matches a slice=50] [decisions=0] [spec]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [oldRoot, roundsArg, perArg, mctsArg, specArg] = process.argv.slice(2);
if (!oldRoot) {
  console.error('usage: node --import tsx bench/ophidian/ab.ts <old tree> [rounds=40] [matches a slice=50] [decisions=0] [spec]');
  process.exit(2);
}
const newRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rounds = Number(roundsArg ?? 40);
const per = Number(perArg ?? 50);
const decisions = Number(mctsArg ?? 0);

/** One tree's engine, loaded from its own sources. */
async function load(root: string) {
  const game = await import(path.join(root, 'src/core/game.ts'));
  const rng = await import(path.join(root, 'src/core/rng.ts'));
  const oph = await import(path.join(root, 'src/games/ophidian/index.ts'));
  const agents = await import(path.join(root, 'agents/index.ts'));
  return { randomPlayout: game.randomPlayout, Rng: rng.Rng, game: oph.ophidian, createAgent: agents.createAgent };
}
type Engine = Awaited<ReturnType<typeof load>>;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** `per` seeded matches: CPU ms and a signature of every outcome (length and winner). */
function slice(e: Engine, seed: number): { ms: number; sig: number } {
  const options = e.game.optionsSchema.parse({});
  const rng = new e.Rng(seed);
  let sig = 0;
  const t0 = cpuMs();
  for (let g = 0; g < per; g++) {
    const r = e.randomPlayout(e.game, e.game.setup(options, rng.u32() | 0), rng);
    sig = (Math.imul(sig, 31) + r.steps * 7 + r.state.winner + 3) | 0;
  }
  return { ms: cpuMs() - t0, sig };
}

const engines = { old: await load(path.resolve(oldRoot)), new: await load(newRoot) };
for (const seed of [999, 998]) (slice(engines.old, seed), slice(engines.new, seed)); // warm both up
const load1 = () => os.loadavg()[0]!.toFixed(1);
console.log(`load ${load1()}; old ${path.resolve(oldRoot)}, new ${newRoot}`);
const ratios: number[] = [];
let oldMs = 0;
let newMs = 0;
for (let r = 0; r < rounds; r++) {
  const order: ('old' | 'new')[] = r % 2 ? ['new', 'old'] : ['old', 'new'];
  const out = { old: { ms: 0, sig: 0 }, new: { ms: 0, sig: 0 } };
  for (const k of order) out[k] = slice(engines[k], 100 + r);
  if (out.old.sig !== out.new.sig) throw new Error(`round ${r}: the two engines' outcomes differ`);
  ratios.push(out.new.ms / out.old.ms);
  oldMs += out.old.ms;
  newMs += out.new.ms;
}
const rate = (ms: number) => ((rounds * per) / ms) * 1000;
console.log(`${rounds} rounds x ${per} matches, same outcomes: old ${rate(oldMs).toFixed(0)}, new ${rate(newMs).toFixed(0)} matches per CPU-second; new/old CPU time per round median ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`);

if (decisions > 0) {
  const spec = specArg ?? 'mcts:iterations=1000,rollout=evaluate';
  const ms: Record<'old' | 'new', number[]> = { old: [], new: [] };
  const perDecision: number[] = []; // new/old CPU ms of each decision both searched
  let same = 0;
  for (let i = 0; i < decisions; i++) {
    const chosen: Record<string, string> = {};
    for (const k of (i % 2 ? ['new', 'old'] : ['old', 'new']) as ('old' | 'new')[]) {
      const { game, Rng, randomPlayout, createAgent } = engines[k];
      const options = game.optionsSchema.parse({});
      const rng = new Rng(5000 + i);
      const full = randomPlayout(game, game.setup(options, rng.u32() | 0), rng);
      const s = randomPlayout(game, game.setup(options, rng.u32() | 0), rng, rng.int(Math.max(1, full.steps))).state;
      const [player] = game.toMove(s);
      if (player === undefined) continue; // the match ended first: no decision
      const legal = game.legalActions(s, player);
      if (legal.length < 2) continue; // nothing to search
      const agent = createAgent(spec, game, rng.fork());
      const t0 = cpuMs();
      chosen[k] = String(agent.act({ game, options, obs: game.observe(s, player), player, legal }));
      ms[k].push(cpuMs() - t0);
    }
    if (ms.old.length === ms.new.length && chosen.old !== undefined && chosen.new !== undefined) perDecision.push(ms.new[ms.new.length - 1]! / ms.old[ms.old.length - 1]!);
    if (chosen.old === chosen.new) same++;
    else console.log(`decision ${i} differs: old ${chosen.old}, new ${chosen.new}`);
  }
  const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(`ISMCTS (${spec}), ${decisions} decisions (${perDecision.length} searched): ${same} the same; median CPU ms old ${median(ms.old).toFixed(1)}, new ${median(ms.new).toFixed(1)}; total CPU ms old ${total(ms.old).toFixed(0)}, new ${total(ms.new).toFixed(0)}; new/old per decision median ${median(perDecision).toFixed(3)}`);
}
console.log(`load ${load1()}`);
