/**
 * Is the seed a unit of the cap share? The SHG build studies play every matchup's one
 * seat-swapped pair on the same master seed (common random numbers), so the whole study
 * shares one seed. If the seed itself moved the share of games ended at the turn cap
 * (placement and initiative d20s, the dice stream), the games of all matchups on one seed
 * would be one unit; if not, the matchup's pair is. This plays M random legal build pairs
 * (generator.ts) on K seeds each, heuristic on both sides, and estimates the seed's
 * variance component of the cap share (matched matchups: the seed means' spread beyond
 * what the matchups' own seed-to-seed noise gives), with a permutation test of "no seed
 * effect" (each matchup's K results shuffled across the seeds: exchangeable under it).
 *
 *   node --import tsx bench/superhero-gladiators/seed-effect.ts [--matchups 300] [--seeds 4] [--seed seed-effect]
 *
 * Output (JSON): per seed the cap share over the same M matchups, the F ratio of the seed's
 * mean square to the residual's, its permutation p-value, and the variance components.
 */
import { BuildGenerator } from '../../src/games/superhero-gladiators/generator.js';
import { Rng } from '../../src/core/rng.js';
import { playGame } from '../../src/sim/play.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const M = Number(arg('matchups', '300'));
const K = Number(arg('seeds', '4'));
const master = arg('seed', 'seed-effect');
const agent = arg('agent', 'heuristic');

const gen = new BuildGenerator();
const rng = Rng.fromSeed(master, 'builds');
const pairs = Array.from({ length: M }, (_, m) => [gen.next(rng, `a${m}`).spec, gen.next(rng, `b${m}`).spec] as const);
// y[m][k]: share of matchup m's pair (2 games) ended at the cap on seed k.
const y: number[][] = pairs.map(([a, b]) =>
  Array.from({ length: K }, (_, k) => {
    const config = { gameId: 'superhero-gladiators', agents: [agent], games: 2, paired: true, rotate: false, seed: `${master}/${k}`, options: { heroes: [a, b], teams: [[a.name], [b.name]] } };
    let capped = 0;
    for (let i = 0; i < 2; i++) if (playGame(config, i).tags['endReason'] === 'turn-cap') capped++;
    return capped / 2;
  }),
);
// Two-way layout without replication (matchup × seed): the seed's mean square against the residual.
const grand = y.flat().reduce((a, b) => a + b, 0) / (M * K);
const rowMean = y.map((r) => r.reduce((a, b) => a + b, 0) / K);
const colMean = Array.from({ length: K }, (_, k) => y.reduce((a, r) => a + r[k]!, 0) / M);
let ssSeed = 0;
let ssRes = 0;
for (let k = 0; k < K; k++) ssSeed += M * (colMean[k]! - grand) ** 2;
for (let m = 0; m < M; m++) for (let k = 0; k < K; k++) ssRes += (y[m]![k]! - rowMean[m]! - colMean[k]! + grand) ** 2;
const dfSeed = K - 1;
const dfRes = (M - 1) * (K - 1);
const msSeed = ssSeed / dfSeed;
const msRes = ssRes / dfRes;
const F = msSeed / msRes;
// Permutation p-value: shuffle each matchup's results across seeds (2,000 shuffles, seeded);
// the row means are unchanged, so the seed sum of squares alone is the statistic.
const seedSS = (rows: readonly (readonly number[])[]): number => {
  let ss = 0;
  for (let k = 0; k < K; k++) ss += M * (rows.reduce((a, r) => a + r[k]!, 0) / M - grand) ** 2;
  return ss;
};
const perm = Rng.fromSeed(master, 'permutation');
let atLeast = 0;
const SHUFFLES = 2000;
for (let t = 0; t < SHUFFLES; t++) if (seedSS(y.map((r) => perm.shuffled(r))) >= ssSeed - 1e-12) atLeast++;
// Variance component of the seed (method of moments, floored at 0) and the variance of one matchup's pair.
const seedVar = Math.max(0, (msSeed - msRes) / M);
const rowVar = rowMean.reduce((a, r) => a + (r - grand) ** 2, 0) / (M - 1);
console.log(
  JSON.stringify({
    matchups: M,
    seeds: K,
    agent,
    capShareBySeed: colMean.map((x) => Number(x.toFixed(4))),
    capShare: Number(grand.toFixed(4)),
    F: Number(F.toFixed(3)),
    p: Number(((atLeast + 1) / (SHUFFLES + 1)).toFixed(4)),
    seedVarianceComponent: Number(seedVar.toExponential(3)),
    matchupVariance: Number(rowVar.toExponential(3)),
    residualMeanSquare: Number(msRes.toExponential(3)),
  }),
);
