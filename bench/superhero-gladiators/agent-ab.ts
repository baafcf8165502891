/**
 * A seat-swapped paired match of two agent specs on the superhero-gladiators-samples
 * study's matchups (issue #30: a cheaper agent for the study's --full play must not be
 * shown weaker than the one it replaces).
 *
 *   node --import tsx bench/superhero-gladiators/agent-ab.ts --a SPEC --b SPEC [--pairs K] [--seed S] [--matchups all|pairs|mirrors] [--shard I/N]
 *
 * For every matchup of the study (each unordered pair of sample heroes, the first on side
 * 0, and each hero's mirror) it plays K seat-swapped pairs through `crucible play
 * --paired`'s machinery (`prepareMatch` with `paired: true`: games 2k and 2k+1 share a
 * seed, the agents swap sides, the heroes stay). A's pair share (its result in each game
 * of the pair averaged; draws count ½) is the unit; prints A's mean share with a 95% t
 * interval over all pairs, pairs won / split / lost, games at the turn cap, and each
 * one line a matchup as it finishes, with its pair shares (a long run can be read while it
 * goes). `--shard I/N` plays only the matchups whose index is I mod N (processes side by
 * side; every matchup's seed is its own, so the shards together play the whole match and
 * `--sum LOG...` reads their lines back into one interval).
 */
import { prepareMatch, playPrepared } from '../../src/sim/play.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { SAMPLE_HERO_NAMES } from '../../experiments/superhero-gladiators/samples.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const sumAt = process.argv.indexOf('--sum');
if (sumAt >= 0) {
  // Pair shares from the matchup lines of earlier runs' logs.
  const { readFileSync } = await import('node:fs');
  const all: number[] = [];
  for (const file of process.argv.slice(sumAt + 1)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/pairs \[([0-9., ]+)\]/g)) all.push(...m[1]!.split(',').map(Number));
  }
  const t = tInterval(all, 0.95, { min: 0, max: 1 });
  const count = (f: (x: number) => boolean): number => all.filter(f).length;
  console.log(`A's share ${t.mean.toFixed(3)} [${Math.max(0, t.lo).toFixed(3)}, ${Math.min(1, t.hi).toFixed(3)}] over ${all.length} pairs (won ${count((x) => x > 0.5)}, split ${count((x) => x === 0.5)}, lost ${count((x) => x < 0.5)})`);
  process.exit(0);
}
const a = arg('a', '');
const b = arg('b', '');
if (!a || !b) {
  console.error('usage: node --import tsx bench/superhero-gladiators/agent-ab.ts --a SPEC --b SPEC [--pairs K] [--seed S] [--matchups all|pairs|mirrors]');
  process.exit(2);
}
const pairsEach = Number(arg('pairs', '3'));
const seed = arg('seed', 'shg-ab');
const which = arg('matchups', 'all');
const [shard, shards] = arg('shard', '0/1').split('/').map(Number) as [number, number];

const heroes = SAMPLE_HERO_NAMES;
const matchups: [string, string][] = [];
if (which !== 'mirrors') for (let i = 0; i < heroes.length; i++) for (let j = i + 1; j < heroes.length; j++) matchups.push([heroes[i]!, heroes[j]!]);
if (which !== 'pairs') for (const h of heroes) matchups.push([h, h]);

const shares: number[] = [];
let won = 0;
let split = 0;
let lost = 0;
let capped = 0;
let games = 0;
const start = process.cpuUsage();
for (const [m, [x, y]] of matchups.entries()) {
  if (m % shards !== shard) continue;
  const match = prepareMatch({ gameId: 'superhero-gladiators', options: { teams: [[x], [y]] }, agents: [a, b], games: 2 * pairsEach, paired: true, seed: `${seed}:${x}:${y}` });
  const mine: number[] = [];
  for (let k = 0; k < pairsEach; k++) {
    const g0 = playPrepared(match, 2 * k);
    const g1 = playPrepared(match, 2 * k + 1);
    for (const g of [g0, g1]) {
      if (g.error !== undefined) throw new Error(`${x} v ${y} game ${g.index}: ${g.error}`);
      games++;
      if (g.tags['capped']) capped++;
    }
    // A's seat in each game: the slot-0 agent sits where `slots` puts slot 0.
    const seatOfA = (g: typeof g0): number => g.slots!.indexOf(0);
    const share = (g0.returns[seatOfA(g0)]! + g1.returns[seatOfA(g1)]!) / 2;
    mine.push(share);
    shares.push(share);
    if (share > 0.5) won++;
    else if (share < 0.5) lost++;
    else split++;
  }
  const used = process.cpuUsage(start);
  console.log(`${`${x} v ${y}`.padEnd(30)} A ${(mine.reduce((s, v) => s + v, 0) / mine.length).toFixed(3)} over ${mine.length} pairs [${mine.join(', ')}]; running ${(shares.reduce((s, v) => s + v, 0) / shares.length).toFixed(3)} over ${shares.length}; ${((used.user + used.system) / 1e6).toFixed(0)} CPU s`);
}
const t = tInterval(shares, 0.95, { min: 0, max: 1 });
console.log(`A = ${a}`);
console.log(`B = ${b}`);
console.log(`seed ${seed}, ${pairsEach} pairs a matchup, ${matchups.length} matchups (${which})`);
console.log(`A's share ${t.mean.toFixed(3)} [${Math.max(0, t.lo).toFixed(3)}, ${Math.min(1, t.hi).toFixed(3)}] over ${shares.length} pairs (won ${won}, split ${split}, lost ${lost}); ${capped} of ${games} games at the turn cap`);
