/**
 * Dark Hero random play for profiling: the bench's project side (randomPlayout of the
 * engine) alone, for a fixed number of games, so `--cpu-prof` sees only the engine.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/dark-hero/profile.ts [games] [options JSON]
 */
import { randomPlayout } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { parseWith } from '../../src/core/validate.js';
import { darkHero, type DarkHeroOptions } from '../../src/games/dark-hero/index.js';

const games = Number(process.argv[2] ?? 200_000);
const options = parseWith('dark-hero options', darkHero.optionsSchema, JSON.parse(process.argv[3] ?? '{"players":4}')) as DarkHeroOptions;
const rng = new Rng(1);
let steps = 0;
// CPU time of this process (the machine is shared: wall time would count other work).
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const t0 = cpuMs();
for (let g = 0; g < games; g++) steps += randomPlayout(darkHero, darkHero.setup(options, rng.u32() | 0), rng).steps;
const ms = cpuMs() - t0;
process.stdout.write(`${games} games, ${steps} actions, ${((ms * 1e6) / steps).toFixed(0)} ns/action (CPU), ${((games / ms) * 1000).toFixed(0)} games per CPU-second\n`);
