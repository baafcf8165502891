/**
 * Same-process A/B of the strict `apply` (issue #31: apply refuses a move not legal in
 * its state) against an old tree without it (`git archive <commit> | tar -x -C /tmp/old`,
 * node_modules linked). Both trees are loaded into one process; slices of seeded random
 * games alternate between them — through `randomPlayout` (which takes `applyUnchecked`
 * where a game has it) and through a loop calling the strict `apply` (what the runner does
 * with random agents: list the moves, apply one) — the order swapping every round, timed in this process's CPU
 * time. Prints, per game, games per CPU-second of each and the median new/old CPU ratio
 * per round with its spread (quartiles, range); throws when a slice's outcomes (steps of each game) differ. With `mcts`, also
 * times `mcts:iterations=100` decisions (the search applies moves of its tree) the same way.
 *
 *   node --import tsx bench/strict-ab.ts <old tree> [rounds=20] [games a slice=20] [mcts decisions a slice=0] [game ids, comma-separated]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [oldRoot, roundsArg, perArg, mctsArg, onlyArg] = process.argv.slice(2);
if (!oldRoot) {
  console.error('usage: node --import tsx bench/strict-ab.ts <old tree> [rounds=20] [games a slice=20] [mcts decisions a slice=0]');
  process.exit(2);
}
const newRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(roundsArg ?? 20);
const per = Number(perArg ?? 20);
const decisions = Number(mctsArg ?? 0);

/** The games measured, with their options (each game's default variant) and slice size (× games a slice: short games play more, so a slice is long enough to time). */
const GAMES: readonly { readonly id: string; readonly options: object; readonly scale: number }[] = [
  { id: 'dark-hero', options: {}, scale: 20 },
  { id: 'superhero-gladiators', options: { teams: [['Webspinner'], ['Amazon']] }, scale: 1 },
  { id: 'ophidian', options: {}, scale: 1 },
  { id: 'gladiator-duel', options: {}, scale: 20 },
];

async function load(root: string) {
  const core = await import(path.join(root, 'src/core/game.ts'));
  const rng = await import(path.join(root, 'src/core/rng.ts'));
  const games = await import(path.join(root, 'src/games/index.ts'));
  const agents = await import(path.join(root, 'agents/index.ts'));
  return { randomPlayout: core.randomPlayout, Rng: rng.Rng, getGame: games.getGame, createAgent: agents.createAgent };
}
type Engine = Awaited<ReturnType<typeof load>>;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
/** The spread of per-round ratios: quartiles and extremes, "q1–q3, min–max". */
function spread(xs: readonly number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(3);
  return `quartiles ${at(0.25)}–${at(0.75)}, range ${s[0]!.toFixed(3)}–${s[s.length - 1]!.toFixed(3)}`;
}

/** Steps of one seeded random game through the strict `apply` (what the runner does with random agents). */
function strictGame(game: any, s: unknown, rng: { int(n: number): number }): { steps: number } {
  let steps = 0;
  for (; !game.isTerminal(s); steps++) s = game.apply(s, game.toMove(s).map((p: number) => { const l = game.legalActions(s, p); return l[rng.int(l.length)]; }));
  return { steps };
}

/** A slice of seeded random games: through `randomPlayout` or, with `strict`, through `apply`. */
function randomSlice(strict: boolean) {
  return (e: Engine, id: string, raw: object, seed: number, scale: number): { ms: number; sig: number } => {
    const game = e.getGame(id);
    const options = game.optionsSchema.parse(raw);
    const rng = new e.Rng(seed);
    let sig = 0;
    const t0 = cpuMs();
    for (let g = 0; g < per * scale; g++) {
      const start = game.setup(options, rng.u32() | 0);
      const r = strict ? strictGame(game, start, rng) : e.randomPlayout(game, start, rng);
      sig = (Math.imul(sig, 31) + r.steps) | 0;
    }
    return { ms: cpuMs() - t0, sig };
  };
}

function mctsSlice(e: Engine, id: string, raw: object, seed: number): { ms: number; sig: number } {
  const game = e.getGame(id);
  const options = game.optionsSchema.parse(raw);
  const rng = new e.Rng(seed);
  let ms = 0;
  let sig = 0;
  for (let d = 0; d < decisions; d++) {
    // A state reached by some random moves, then one search decision from it.
    let s = game.setup(options, rng.u32() | 0);
    for (let k = rng.int(30); k > 0 && !game.isTerminal(s); k--) s = game.apply(s, game.toMove(s).map((p: number) => { const l = game.legalActions(s, p); return l[rng.int(l.length)]; }));
    if (game.isTerminal(s)) continue;
    const p = game.toMove(s)[0]!;
    const legal = game.legalActions(s, p);
    const agent = e.createAgent('mcts:iterations=100', game, new e.Rng(seed + d));
    const t0 = cpuMs();
    const a = agent.act({ game, options, obs: game.observe(s, p), player: p, legal });
    ms += cpuMs() - t0;
    sig = (Math.imul(sig, 31) + legal.indexOf(a)) | 0;
  }
  return { ms, sig };
}

const engines = { old: await load(path.resolve(oldRoot)), new: await load(newRoot) };
console.log(`load ${os.loadavg()[0]!.toFixed(1)}; old ${path.resolve(oldRoot)}, new ${newRoot}; ${rounds} rounds of ${per} games${decisions ? ` and ${decisions} MCTS decisions` : ''} a slice`);
const only = onlyArg ? new Set(onlyArg.split(',')) : null;
for (const { id, options, scale } of GAMES) {
  if (only && !only.has(id)) continue;
  const kinds: [string, ReturnType<typeof randomSlice>][] = [['randomPlayout', randomSlice(false)], ['random, strict apply', randomSlice(true)]];
  if (decisions > 0) kinds.push(['mcts:iterations=100', mctsSlice]);
  for (const [what, slice] of kinds) {
    for (const seed of [999, 998]) (slice(engines.old, id, options, seed, scale), slice(engines.new, id, options, seed, scale)); // warm up
    const ratios: number[] = [];
    let oldMs = 0;
    let newMs = 0;
    for (let r = 0; r < rounds; r++) {
      const seed = 1000 + r;
      const first = r % 2 === 0 ? 'old' : 'new';
      const a = slice(engines[first], id, options, seed, scale);
      const b = slice(engines[first === 'old' ? 'new' : 'old'], id, options, seed, scale);
      const [o, n] = first === 'old' ? [a, b] : [b, a];
      if (o.sig !== n.sig) throw new Error(`${id} ${what}: round ${r} played differently (old ${o.sig}, new ${n.sig})`);
      oldMs += o.ms;
      newMs += n.ms;
      ratios.push(n.ms / o.ms);
    }
    const unit = what.startsWith('random') ? 'games' : 'decisions';
    const count = rounds * (what.startsWith('random') ? per * scale : decisions);
    console.log(
      `${id.padEnd(22)} ${what.padEnd(20)} old ${(count / (oldMs / 1000)).toFixed(1)} ${unit}/CPU-s, new ${(count / (newMs / 1000)).toFixed(1)}; new/old CPU: total ${(newMs / oldMs).toFixed(3)}, median of ${rounds} rounds ${median(ratios).toFixed(3)} (${spread(ratios)})  (load ${os.loadavg()[0]!.toFixed(1)})`,
    );
  }
}
