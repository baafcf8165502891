/**
 * Do more X levels help the tuned search? (issue #11: "X levels beyond three".) A paired
 * run: the same seeded 4-hero games, once with the menu's three X levels (a fifth, a
 * tenth, two fifths of Energy) and once with extra levels added (`--extra`, fractions of
 * Energy), MCTS (the strength test's settings) in one seat against three heuristics. The
 * MCTS seat rotates with the game index and holds one Spend-X power of the seed (Air
 * Strike, Hypnotism, Doomsday Device, Psionic Head Exploding Rays; strength 0), the
 * others hold none, every hero starts at 100 Energy. Reported per power and in all: the
 * MCTS seat's share in each arm (95% Wilson interval) and the paired difference (mean of
 * per-game differences, 95% normal interval; a game is one unit). The heuristics get the
 * extra levels too (they play the same menus).
 *
 *   node --import tsx bench/rumble/x-levels.ts [--games 40] [--extra 3/5,4/5] [--iterations 400]
 */
import { Rng } from '../../src/core/rng.js';
import { createAgent } from '../../agents/index.js';
import { wilson } from '../../src/core/wilson.js';
import { rumble, rumbleOptions, type RumbleState } from '../../src/games/rumble/index.js';
import { X_LEVELS } from '../../src/games/rumble/x-levels.js';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : dflt;
}
const GAMES = Number(arg('games', '40'));
const EXTRA = arg('extra', '3/5,4/5')
  .split(',')
  .map((f) => f.split('/').map(Number) as [number, number]);
const ITER = Number(arg('iterations', '400'));
const MCTS = `mcts:iterations=${ITER},rollout=evaluate,plies=1,backup=paranoid,final=most`;
const POWERS = ['air-strike', 'hypnotism', 'doomsday-device', 'psionic-head-exploding-rays'];
const game = rumble as never;

/** The MCTS seat's return in game `i` with power `power`. */
function play(power: string, i: number): number {
  const seat = i % 4;
  const opts = rumbleOptions({
    players: 4,
    fixed: [0, 1, 2, 3].map((p) => ({ energy: 100, powers: p === seat ? [{ id: power, strength: 0 }] : [] })),
  });
  const seed = 7919 * (i + 1) + POWERS.indexOf(power);
  const agents = [0, 1, 2, 3].map((p) => createAgent(p === seat ? MCTS : 'heuristic', game, new Rng(seed * 31 + p)));
  let s: RumbleState = rumble.setup(opts, seed);
  while (!rumble.isTerminal(s)) {
    const movers = rumble.toMove(s);
    const joint = movers.map((p) => agents[p]!.act({ game, options: opts, obs: rumble.observe(s, p), player: p, legal: rumble.legalActions(s, p) }));
    s = rumble.apply(s, joint as never);
  }
  return rumble.returns(s)[seat]!;
}

function runArm(): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const power of POWERS) {
    out[power] = [];
    for (let i = 0; i < GAMES; i++) out[power]!.push(play(power, i));
  }
  return out;
}

const levels = X_LEVELS as [number, number][];
const t0 = process.cpuUsage();
const three = runArm();
levels.push(...EXTRA);
const more = runArm();
levels.length = 3;
const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;

function line(name: string, a: number[], b: number[]): string {
  const wa = wilson(a.reduce((x, y) => x + y, 0), a.length);
  const wb = wilson(b.reduce((x, y) => x + y, 0), b.length);
  const d = a.map((x, k) => b[k]! - x);
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, d.length - 1));
  const half = (1.96 * sd) / Math.sqrt(d.length);
  const f = (x: number) => x.toFixed(3);
  return `${name.padEnd(30)} n ${String(a.length).padStart(4)}  3 levels ${f(wa.p)} [${f(wa.lo)}, ${f(wa.hi)}]  +${EXTRA.map((e) => e.join('/')).join(',')} ${f(wb.p)} [${f(wb.lo)}, ${f(wb.hi)}]  paired diff ${mean >= 0 ? '+' : ''}${f(mean)} [${f(mean - half)}, ${f(mean + half)}]`;
}
console.log(`MCTS (${MCTS}) holding one X power vs 3 heuristics, ${GAMES} games per power per arm`);
for (const p of POWERS) console.log(line(p, three[p]!, more[p]!));
console.log(line('all', POWERS.flatMap((p) => three[p]!), POWERS.flatMap((p) => more[p]!)));
console.log(`CPU ${cpu.toFixed(0)} s`);
