/**
 * The Flow holder's action listing alone (legal.ts `actMoves`), old tree against this one in one
 * process: the states of seeded random 2-player matches where the Flow holder acts are collected
 * once per tree (the same states: the engines play alike), then each engine lists the actions of
 * every collected state, alternating rounds, CPU time. Prints the median new/old CPU time.
 *
 *   node --import tsx bench/ophidian/listing.ts <old tree> [rounds=20] [matches=200]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [oldRoot, roundsArg, matchesArg] = process.argv.slice(2);
if (!oldRoot) {
  console.error('usage: node --import tsx bench/ophidian/listing.ts <old tree> [rounds=20] [matches=200]');
  process.exit(2);
}
const newRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rounds = Number(roundsArg ?? 20);
const matches = Number(matchesArg ?? 200);

async function load(root: string) {
  const rng = await import(path.join(root, 'src/core/rng.ts'));
  const oph = await import(path.join(root, 'src/games/ophidian/index.ts'));
  const legal = await import(path.join(root, 'src/games/ophidian/legal.ts'));
  const game = oph.ophidian;
  // The states where the Flow holder lists its actions (its list starts with `pass`, no window open).
  const states: { s: unknown; p: number }[] = [];
  const r = new rng.Rng(7);
  const options = game.optionsSchema.parse({});
  for (let g = 0; g < matches; g++) {
    let s = game.setup(options, r.u32() | 0);
    while (!game.isTerminal(s)) {
      const [p] = game.toMove(s);
      const moves = game.legalActions(s, p);
      if (s.stack.length === 0 && moves[0] === 'pass') states.push({ s, p });
      s = game.apply(s, [moves[r.int(moves.length)]]);
    }
  }
  return { states, actMoves: legal.actMoves as (s: unknown, p: number) => string[] };
}
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const engines = { old: await load(path.resolve(oldRoot)), new: await load(newRoot) };
if (engines.old.states.length !== engines.new.states.length) throw new Error('the two engines reached different states');
function pass(k: 'old' | 'new'): { ms: number; n: number } {
  const { states, actMoves } = engines[k];
  let n = 0;
  const t0 = cpuMs();
  for (const { s, p } of states) n += actMoves(s, p).length;
  return { ms: cpuMs() - t0, n };
}
pass('old'); pass('new'); pass('old'); pass('new');
const ratios: number[] = [];
for (let i = 0; i < rounds; i++) {
  const out: Record<string, { ms: number; n: number }> = {};
  for (const k of (i % 2 ? ['new', 'old'] : ['old', 'new']) as ('old' | 'new')[]) out[k] = pass(k);
  if (out.old!.n !== out.new!.n) throw new Error('the two listings differ in length');
  ratios.push(out.new!.ms / out.old!.ms);
}
ratios.sort((a, b) => a - b);
const one = pass('new');
console.log(`${engines.new.states.length} listings (${(one.ms * 1000 / engines.new.states.length).toFixed(2)} µs each, new): new/old CPU time median ${ratios[ratios.length >> 1]!.toFixed(3)} (min ${ratios[0]!.toFixed(3)}, max ${ratios[ratios.length - 1]!.toFixed(3)})`);
