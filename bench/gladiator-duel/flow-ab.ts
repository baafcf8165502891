/**
 * Same-process A/B of gladiator-duel's own turn loop (src/games/gladiator-duel) against its
 * port onto the core turn flow (flow-port.ts): the figure behind the README's "Why
 * gladiator-duel keeps its own loop" (issue #32).
 *
 * Each round plays one slice of seeded random games (default options, Medium v Medium) with
 * each engine, the order swapping every round, timed in this process's CPU time; both play
 * the same seeds, and a slice whose games differ in length between the two throws (so the
 * figure compares like with like). Two ways of playing, as in bench/strict-ab.ts:
 * `randomPlayout` (which takes the flow's `applyUnchecked`; the loop has none and checks its
 * bit mask) and a loop through the strict `apply` (what the runner does with random agents).
 * Prints per round and the median port/loop ratio of games per CPU-second with its range and
 * interquartile range. With `search N`, then alternates N times the search throughput of the
 * tuned `mcts` (bench/search-throughput.ts) on each, with the moves hash of both.
 *
 *   node --import tsx bench/gladiator-duel/flow-ab.ts [rounds=10] [games a slice=2000] [search alternations=0] [search states=200]
 */
import os from 'node:os';
import { randomPlayout, type AnyGame } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { parseWith } from '../../src/core/validate.js';
import { gladiatorDuel } from '../../src/games/gladiator-duel/index.js';
import { cpuMs, measureSearchThroughput } from '../search-throughput.js';
import { gladiatorDuelFlow } from './flow-port.js';

const [roundsArg, perArg, searchArg, statesArg] = process.argv.slice(2);
const ROUNDS = Number(roundsArg ?? 10);
const PER = Number(perArg ?? 2000);
const SEARCH = Number(searchArg ?? 0);
const STATES = Number(statesArg ?? 200);

const ENGINES: readonly { readonly name: string; readonly game: AnyGame }[] = [
  { name: 'loop', game: gladiatorDuel },
  { name: 'flow', game: gladiatorDuelFlow },
];
const options = parseWith('gladiator-duel options', gladiatorDuel.optionsSchema, {}) as object;

/** Steps of one seeded random game through the strict `apply`. */
function strictGame(game: AnyGame, s: unknown, rng: Rng): number {
  let steps = 0;
  for (; !game.isTerminal(s); steps++) {
    const p = game.toMove(s)[0]!;
    const legal = game.legalActions(s, p);
    s = game.apply(s, [legal[rng.int(legal.length)]]);
  }
  return steps;
}

/** A slice of `PER` seeded games from `seed`: CPU ms and the games' lengths. */
function slice(game: AnyGame, strict: boolean, seed: number): { ms: number; lengths: number[] } {
  const rng = new Rng(seed);
  const lengths: number[] = [];
  const t0 = cpuMs();
  for (let i = 0; i < PER; i++) {
    const s = game.setup(options, rng.u32() | 0);
    lengths.push(strict ? strictGame(game, s, rng) : randomPlayout(game, s, rng).steps);
  }
  return { ms: cpuMs() - t0, lengths };
}

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
const quantile = (xs: readonly number[], q: number): number => {
  const s = sorted(xs);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (at - lo);
};
const load = (): string => os.loadavg().map((x) => x.toFixed(1)).join(' ');

function abRandomPlay(strict: boolean): void {
  const label = strict ? 'strict apply loop' : 'randomPlayout';
  console.log(`\n${label}: ${ROUNDS} rounds x ${PER} games a slice per engine (load ${load()})`);
  for (const e of ENGINES) slice(e.game, strict, 999); // warm-up
  const ratios: number[] = [];
  const rates: Record<string, number[]> = { loop: [], flow: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ENGINES : [...ENGINES].reverse();
    const seed = 1000 + r;
    const got: Record<string, { ms: number; lengths: number[] }> = {};
    for (const e of order) got[e.name] = slice(e.game, strict, seed);
    const a = got.loop!;
    const b = got.flow!;
    if (a.lengths.join() !== b.lengths.join()) throw new Error(`round ${r + 1}: the flow port's games differ from the loop's (seed ${seed})`);
    const ra = (PER * 1000) / a.ms;
    const rb = (PER * 1000) / b.ms;
    rates.loop!.push(ra);
    rates.flow!.push(rb);
    ratios.push(rb / ra);
    console.log(`  round ${String(r + 1).padStart(2)}: loop ${Math.round(ra).toString().padStart(7)} games/CPU-s, flow ${Math.round(rb).toString().padStart(7)}  flow/loop ${(rb / ra).toFixed(3)}`);
  }
  const med = (xs: number[]) => quantile(xs, 0.5);
  console.log(
    `  ${label}: loop ${Math.round(med(rates.loop!))} games/CPU-s, flow ${Math.round(med(rates.flow!))} (medians); flow/loop median ${med(ratios).toFixed(3)}, ` +
      `interquartile [${quantile(ratios, 0.25).toFixed(3)}, ${quantile(ratios, 0.75).toFixed(3)}], range [${Math.min(...ratios).toFixed(3)}, ${Math.max(...ratios).toFixed(3)}] (${ROUNDS} rounds; load after ${load()})`,
  );
}

abRandomPlay(false);
abRandomPlay(true);

if (SEARCH > 0) {
  console.log(`\nsearch throughput, tuned mcts, ${STATES} states, seed 1, alternating x${SEARCH} (load ${load()})`);
  const ratios: number[] = [];
  for (let k = 0; k < SEARCH; k++) {
    const order = k % 2 === 0 ? ENGINES : [...ENGINES].reverse();
    const got: Record<string, { rate: number; hash: string }> = {};
    for (const e of order) {
      const r = measureSearchThroughput(e.game, { states: STATES, seed: 1 });
      got[e.name] = { rate: r.iterationsPerCpuSecond, hash: r.decisionsHash };
    }
    ratios.push(got.flow!.rate / got.loop!.rate);
    console.log(`  ${k + 1}: loop ${Math.round(got.loop!.rate)} it/CPU-s (moves ${got.loop!.hash}), flow ${Math.round(got.flow!.rate)} (moves ${got.flow!.hash})  flow/loop ${ratios[k]!.toFixed(3)}`);
  }
  console.log(`  search: flow/loop median ${quantile(ratios, 0.5).toFixed(3)}, range [${Math.min(...ratios).toFixed(3)}, ${Math.max(...ratios).toFixed(3)}] (${SEARCH} pairs; load after ${load()})`);
}
