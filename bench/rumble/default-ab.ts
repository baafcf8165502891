/**
 * Is Rumble's tuned search at least as strong as the generic `mcts` a bare spec used to
 * run there? (issue #30: a bare `mcts` on Rumble now resolves to TUNED_MCTS.rumble, which
 * searches about 3× as many iterations per CPU-second.) A seat-swapped head-to-head on the
 * default 4-hero table with the auction: in pair j, agent A sits in seat j mod 4 and agent B
 * opposite (seat j + 2 mod 4), two `heuristic`s in the other seats; then the same deal
 * (same seeds) with A and B swapped. A pair is one unit: its value is the mean over its two
 * games of (B's return − A's return); reported with a 95% t interval over pairs, and each
 * agent's mean return (fair 0.25).
 *
 *   node --import tsx bench/rumble/default-ab.ts [--pairs 40] [--seed ab] [--a SPEC] [--b SPEC] [--from 0]
 */
import { Rng, deriveSeed } from '../../src/core/rng.js';
import { createAgent } from '../../agents/index.js';
import { rumble, rumbleOptions, type RumbleState } from '../../src/games/rumble/index.js';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : dflt;
}
const PAIRS = Number(arg('pairs', '40'));
const FROM = Number(arg('from', '0'));
const SEED = arg('seed', 'ab');
const A = arg('a', 'mcts:iterations=400,c=1.4');
const B = arg('b', 'mcts:iterations=400,rollout=evaluate,plies=1,backup=paranoid,final=most');
const game = rumble as never;
const opts = rumbleOptions({ players: 4 });

/** Returns of the game of pair j with `first` in seat j mod 4 and `second` opposite. */
function play(j: number, first: string, second: string): [number, number] {
  const sa = j % 4;
  const sb = (j + 2) % 4;
  const seed = deriveSeed(SEED, j);
  const specs = [0, 1, 2, 3].map((p) => (p === sa ? first : p === sb ? second : 'heuristic'));
  const agents = specs.map((spec, p) => createAgent(spec, game, new Rng(deriveSeed(SEED, j, 'agent', p))));
  let s: RumbleState = rumble.setup(opts, seed);
  while (!rumble.isTerminal(s)) {
    const movers = rumble.toMove(s);
    const joint = movers.map((p) => agents[p]!.act({ game, options: opts, obs: rumble.observe(s, p), player: p, legal: rumble.legalActions(s, p) }));
    s = rumble.apply(s, joint as never);
  }
  const r = rumble.returns(s);
  return [r[sa]!, r[sb]!];
}

const diffs: number[] = [];
let sumA = 0;
let sumB = 0;
const t0 = process.cpuUsage();
for (let j = FROM; j < FROM + PAIRS; j++) {
  const [a1, b1] = play(j, A, B);
  const [b2, a2] = play(j, B, A);
  sumA += a1 + a2;
  sumB += b1 + b2;
  diffs.push((b1 - a1 + (b2 - a2)) / 2);
  console.log(`pair ${j}: A ${a1.toFixed(3)} ${a2.toFixed(3)}  B ${b1.toFixed(3)} ${b2.toFixed(3)}`);
}
const n = diffs.length;
const mean = diffs.reduce((x, y) => x + y, 0) / n;
const sd = Math.sqrt(diffs.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, n - 1));
// t quantile (two-sided 95%) for n − 1 degrees of freedom; 1.96 beyond 120.
const T = [12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086];
const t = n - 1 <= T.length ? T[Math.max(0, n - 2)]! : n - 1 <= 30 ? 2.05 : n - 1 <= 60 ? 2.01 : n - 1 <= 120 ? 1.99 : 1.96;
const half = (t * sd) / Math.sqrt(n);
const cpu = (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6;
const f = (x: number) => x.toFixed(3);
console.log(`A = ${A}\nB = ${B}`);
console.log(`${n} pairs (${2 * n} games), seed ${SEED}, pairs ${FROM}..${FROM + n - 1}: mean return A ${f(sumA / (2 * n))}, B ${f(sumB / (2 * n))} (fair 0.25); B − A per pair ${mean >= 0 ? '+' : ''}${f(mean)} [${f(mean - half)}, ${f(mean + half)}] (95% t over pairs); CPU ${cpu.toFixed(0)} s`);
