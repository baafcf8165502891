/**
 * A documented fraction of `crucible study rumble-power-values --full`: the full design
 * (grid, games per point, the skilled search in every seat plus the random-play
 * comparison) on the six quick powers only, about 6/45 of the full sweep.
 *
 *   node --import tsx bench/rumble/prices-fraction.ts [--out reports-fraction] [--runs runs] [--workers 1] [--seed 1]
 */
import { runStudies } from '../../experiments/default.js';
import { rumblePowerValues } from '../../experiments/rumble/power-values.js';
import { QUICK_POWERS } from '../../experiments/rumble/common.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const started = performance.now();
const seed = arg('seed', '1');
const workers = Number(arg('workers', '1'));
await runStudies([rumblePowerValues({ powers: QUICK_POWERS })], {
  seed,
  full: true,
  workers,
  out: arg('out', 'reports-fraction'),
  runs: arg('runs', 'runs'),
  command: `node --import tsx bench/rumble/prices-fraction.ts --seed ${seed} --workers ${workers} (rumble-power-values --full design on ${QUICK_POWERS.join(', ')})`,
  progress: false,
});
console.error(`total ${((performance.now() - started) / 1000).toFixed(0)} s wall, ${(process.cpuUsage().user / 1e6).toFixed(0)} s user CPU of this process`);
