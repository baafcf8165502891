/**
 * The superhero-gladiators-samples study's --full play, a fixed fraction of it, timed in
 * this process's CPU time (process.cpuUsage: user + system, so the figure holds on a
 * loaded machine) — and a hash of every game it played, the guard for speed work: a
 * change that keeps play identical keeps the hash.
 *
 *   node --import tsx bench/superhero-gladiators/samples-speed.ts [--games N] [--spec SPEC] [--seed S] [--tables all|pairs|mirrors] [--every K] [--moves]
 *
 * Plays games 0..N-1 (default 2) of every table (of every K-th with `--every K`) the full study plays — each of the 36
 * pairs of sample heroes in both side orders (100 games each in the study) and each
 * hero's mirror (200 each) — exactly as the study's runner would (same configs, seeds
 * and agent streams, through `playPrepared`), one core. Prints games per CPU-second, the
 * mean CPU seconds a game per kind of table, the study's extrapolated CPU time (each
 * table's mean times its planned games) and its wall time on 2 idle cores (CPU ÷ 2: a
 * study keeps both workers busy; the pool's start-up and the report are seconds), and
 * `hash` over (table, index, returns, length, tags) of every game; with `--moves` also over
 * every move played (its description, step by step: a stricter guard, and slower, so its
 * CPU figures are not the study's).
 */
import { createHash } from 'node:crypto';
import { prepareMatch, playPrepared } from '../../src/sim/play.js';
import { FULL_AGENT, SAMPLE_HERO_NAMES } from '../../experiments/superhero-gladiators/samples.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const games = Number(arg('games', '2'));
const spec = arg('spec', FULL_AGENT);
const seed = arg('seed', '1');
const which = arg('tables', 'all');
const every = Number(arg('every', '1'));
const withMoves = process.argv.includes('--moves');

interface Table {
  readonly a: string;
  readonly b: string;
  readonly planned: number;
}
const tables: Table[] = [];
const heroes = SAMPLE_HERO_NAMES;
if (which !== 'mirrors') {
  for (let i = 0; i < heroes.length; i++) {
    for (let j = i + 1; j < heroes.length; j++) {
      tables.push({ a: heroes[i]!, b: heroes[j]!, planned: 100 });
      tables.push({ a: heroes[j]!, b: heroes[i]!, planned: 100 });
    }
  }
}
if (which !== 'pairs') for (const h of heroes) tables.push({ a: h, b: h, planned: 200 });
// Every K-th table stands for the K tables from it (its planned games count K times).
const chosen = tables.filter((_, i) => i % every === 0).map((t, i) => ({ ...t, weight: Math.min(every, tables.length - i * every) }));

const hash = createHash('sha256');
let played = 0;
let cpuTotal = 0;
let extrapolated = 0;
let plannedTotal = 0;
const byKind = { pair: { cpu: 0, games: 0 }, mirror: { cpu: 0, games: 0 } };
for (const t of chosen) {
  const match = prepareMatch({ gameId: 'superhero-gladiators', options: { teams: [[t.a], [t.b]] }, agents: [spec], games: t.planned, rotate: false, seed });
  const start = process.cpuUsage();
  for (let g = 0; g < games; g++) {
    const r = withMoves ? playPrepared(match, g, (step) => hash.update(JSON.stringify(step.moves))) : playPrepared(match, g);
    if (r.error !== undefined) throw new Error(`${t.a} v ${t.b} game ${g}: ${r.error}`);
    hash.update(JSON.stringify([t.a, t.b, g, r.returns, r.length, r.tags]));
  }
  const used = process.cpuUsage(start);
  const cpu = (used.user + used.system) / 1e6;
  cpuTotal += cpu;
  played += games;
  extrapolated += (cpu / games) * t.planned * t.weight;
  plannedTotal += t.planned * t.weight;
  const kind = t.a === t.b ? byKind.mirror : byKind.pair;
  kind.cpu += cpu;
  kind.games += games;
}
const line = (label: string, value: string): void => console.log(`${label.padEnd(44)} ${value}`);
line('agent', spec);
line('tables', `${chosen.length} of ${tables.length} (${which}${every > 1 ? `, every ${every}th` : ''}), games 0..${games - 1} of each, seed ${seed}`);
line('games played', `${played} in ${cpuTotal.toFixed(1)} CPU s`);
line('games per CPU-second', (played / cpuTotal).toFixed(3));
for (const [k, v] of Object.entries(byKind)) if (v.games > 0) line(`CPU s a game (${k} tables)`, (v.cpu / v.games).toFixed(3));
line(`extrapolated CPU for the ${plannedTotal} planned games`, `${(extrapolated / 3600).toFixed(2)} h`);
line('extrapolated wall on 2 idle cores', `${(extrapolated / 2 / 60).toFixed(1)} min`);
line(withMoves ? 'hash (with every move)' : 'hash', hash.digest('hex').slice(0, 16));
