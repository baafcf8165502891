/**
 * Dark Hero's engine next to its limit (bench/dark-hero/limit.ts), in one process,
 * interleaved: rounds of limit, project, limit, project, … each playing whole random
 * games for `seconds` of CPU time; rates per CPU-second of this process; the ratio is the
 * median of the per-round ratios (both engines of a round ran back to back under the
 * same load). Then a faithfulness check: the two play the same game — mean length and the
 * Free / Safe heroes' mean returns agree within sampling error (two-sample z).
 */
import { darkHero } from '../../src/games/dark-hero/index.js';
import { randomPlayout } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { parseWith } from '../../src/core/validate.js';
import { makeDarkHeroLimit } from './limit.js';
import type { DarkHeroOptions } from '../../src/games/dark-hero/options.js';

export interface Side {
  games: number;
  steps: number;
  steps2: number;
  free: number;
  safe: number;
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Plays games with `play` for `seconds` of CPU time; games per CPU-second. */
function rate(play: () => number, seconds: number): { gamesPerSec: number; actionsPerSec: number } {
  const start = cpuSeconds();
  let games = 0;
  let steps = 0;
  do {
    for (let i = 0; i < 32; i++) steps += play();
    games += 32;
  } while (cpuSeconds() - start < seconds);
  const t = cpuSeconds() - start;
  return { gamesPerSec: games / t, actionsPerSec: steps / t };
}

export interface VersusResult {
  readonly limit: number;
  readonly project: number;
  readonly ratio: number;
  readonly ratios: readonly number[];
  readonly limitActions: number;
  readonly projectActions: number;
}

export function versusLimit(raw: object, opts: { rounds?: number; seconds?: number } = {}): VersusResult {
  const options = parseWith('dark-hero options', darkHero.optionsSchema, raw) as DarkHeroOptions;
  const rounds = opts.rounds ?? 5;
  const seconds = opts.seconds ?? 1.5;
  const limit = makeDarkHeroLimit(options, 1);
  const rng = new Rng(1);
  const project = () => randomPlayout(darkHero, darkHero.setup(options, rng.u32() | 0), rng).steps;
  rate(limit.play, 0.5); // warm-up
  rate(project, 0.5);
  const lim: number[] = [];
  const pro: number[] = [];
  const ratios: number[] = [];
  const limA: number[] = [];
  const proA: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = rate(limit.play, seconds);
    const b = rate(project, seconds);
    lim.push(a.gamesPerSec);
    pro.push(b.gamesPerSec);
    limA.push(a.actionsPerSec);
    proA.push(b.actionsPerSec);
    ratios.push(b.gamesPerSec / a.gamesPerSec);
  }
  return { limit: median(lim), project: median(pro), ratio: median(ratios), ratios, limitActions: median(limA), projectActions: median(proA) };
}

/** `games` random games on each engine: length and returns of Free and Safe heroes. */
export function faithfulness(raw: object, games: number): { limit: Side; project: Side; heroes: { free: number; safe: number } } {
  const options = parseWith('dark-hero options', darkHero.optionsSchema, raw) as DarkHeroOptions;
  const limit = makeDarkHeroLimit(options, 7);
  for (let g = 0; g < games; g++) limit.play();
  const l = limit.totals;
  const project: Side = { games: 0, steps: 0, steps2: 0, free: 0, safe: 0 };
  const rng = new Rng(7);
  for (let g = 0; g < games; g++) {
    const { state, steps } = randomPlayout(darkHero, darkHero.setup(options, rng.u32() | 0), rng);
    const r = darkHero.returns(state);
    project.games++;
    project.steps += steps;
    project.steps2 += steps * steps;
    options.heroes.forEach((h, i) => (h.goal === 'free' ? (project.free += r[i]!) : (project.safe += r[i]!)));
  }
  const free = options.heroes.filter((h) => h.goal === 'free').length;
  return {
    limit: { games: l.games, steps: l.steps, steps2: l.steps2, free: l.freeReturn, safe: l.safeReturn },
    project,
    heroes: { free, safe: options.heroes.length - free },
  };
}

/** Two-sample z of means from sums (x, x²) and counts. */
export function zOfMeans(a: { n: number; sum: number; sum2: number }, b: { n: number; sum: number; sum2: number }): number {
  const ma = a.sum / a.n;
  const mb = b.sum / b.n;
  const va = Math.max(1e-12, a.sum2 / a.n - ma * ma);
  const vb = Math.max(1e-12, b.sum2 / b.n - mb * mb);
  return (ma - mb) / Math.sqrt(va / a.n + vb / b.n);
}
