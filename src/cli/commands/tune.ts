/**
 * `crucible tune <game> --param <path> --range lo..hi --target <metric>`: searches
 * numeric rule options (grid, then refinement around the best; the same seeds at every
 * setting) for the setting that best meets the target, and writes a report with the
 * response curve(s).
 */
import path from 'node:path';
import type { Command } from 'commander';
import { splitAgentList } from '../../../agents/index.js';
import { parseRange, sweepRange, TUNE_TARGETS, tuneReport, tuneRules, type TuneTarget } from '../../analysis/house-rules/tune.js';
import { writeReport, writeReportsIndex } from '../../analysis/report/write.js';
import { UserError, showValue } from '../../core/errors.js';
import { getGame } from '../../games/index.js';
import { createHash } from 'node:crypto';
import { nonNegativeInt, optionsArg, outFolder, positiveInt, seed as parseSeed } from '../args.js';
import { numberArg } from './compare.js';
import { QUEUE_HELP, useQueue } from './queue.js';
import type { ReportVerdict } from '../../analysis/report-model.js';
import type { Evaluated, TuneConfig, TuneResult } from '../../analysis/house-rules/tune.js';

interface TuneFlags {
  queue?: string;
  param: string[];
  range: string[];
  target: string;
  goal?: string;
  options?: string;
  agents: string;
  games: string;
  seed: string;
  points?: string;
  refine: string;
  workers?: string;
  out: string;
  progress: boolean;
  json?: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function register(program: Command): void {
  program
    .command('tune')
    .description('find the setting of numeric rule options that best meets a target (balance, first-player, draws, length, stalls)')
    .argument('<game>', 'game id (see `crucible games`)')
    .option('--param <path>', 'numeric option path, e.g. lightApBonus or gladiators.0.strength (repeatable)', collect, [])
    .option('--range <lo..hi>', "range of the matching --param (repeatable, same order); without --range, each option's declared sweep range", collect, [])
    .option('--target <metric>', `what to optimise: ${TUNE_TARGETS.join(', ')}`, 'balance')
    .option('--goal <x>', 'value to reach (default: fair share for balance/first-player, 0 for draws, 0.05 for stalls: the mildest setting that brings the share of games at the cap under it; required for length)')
    .option('--options <json|file>', 'base rule options')
    .option('--agents <list>', 'agent specs, one per slot', 'mcts:iterations=100')
    .option('--games <n>', 'games per setting (paired, same seeds at every setting)', '400')
    .option('--seed <seed>', 'master seed', '1')
    .option('--points <n>', 'grid points per param (default 5 for one param, 3 for several)')
    .option('--refine <n>', 'refinement rounds around the best setting', '1')
    .option('--workers <n>', 'worker threads')
    .option('--out <dir>', 'reports folder', 'reports')
    .option('--no-progress', 'no progress bars')
    .option('--json', 'print the result (the setting closest to the goal and every setting tried, each with its interval; verdicts; report path) as JSON on stdout')
    .option('--queue <url>', QUEUE_HELP)
    .addHelpText(
      'after',
      `
Examples:
  crucible tune gladiator-duel --param lightApBonus --range 0..3 --target balance \\
    --options '{"gladiators":[{"type":"light"},{"type":"heavy"}]}' --games 400
  crucible tune gladiator-duel --param saves.heavy --range 4..7 --param lightApBonus --range 0..2
  crucible tune gladiator-duel --param lightApBonus   (the range is the option's sweep range, see crucible games)
  crucible tune rumble --param energyDrain --range 0..8 --target stalls --agents heuristic --games 200`,
    )
    .action(async (gameId: string, flags: TuneFlags) => {
      await useQueue(flags.queue);
      if (flags.param.length === 0) throw new UserError('--param is missing; allowed: a numeric option path such as lightApBonus, with --range lo..hi');
      if (flags.range.length > 0 && flags.param.length !== flags.range.length) {
        throw new UserError(`--range is given ${flags.range.length} time(s) for ${flags.param.length} --param(s); allowed: one --range per --param, or none to use each option's sweep range`);
      }
      if (!TUNE_TARGETS.includes(flags.target as TuneTarget)) throw new UserError(`--target is ${showValue(flags.target)}; allowed: ${TUNE_TARGETS.join(', ')}`);
      const agents = splitAgentList(flags.agents);
      const config = {
        gameId,
        baseOptions: flags.options === undefined ? {} : optionsArg('--options', flags.options),
        // Without --range, each option's declared sweep range (optionDocs) is the range.
        params: flags.param.map((p, i) => ({ path: p, ...(flags.range.length > 0 ? parseRange(p, flags.range[i]!) : sweepRange(getGame(gameId), p)) })),
        target: flags.target as TuneTarget,
        goal: flags.goal === undefined ? undefined : numberArg('--goal', flags.goal),
        agents,
        games: positiveInt('--games', flags.games),
        seed: parseSeed(flags.seed),
        points: flags.points === undefined ? undefined : positiveInt('--points', flags.points),
        refinements: nonNegativeInt('--refine', flags.refine),
      };
      outFolder('--out', flags.out);
      const hash = createHash('sha256').update(JSON.stringify({ gameId, options: { base: config.baseOptions, params: config.params, target: config.target }, agents, games: config.games, seed: config.seed })).digest('hex').slice(0, 8);
      const id = `tune-${gameId}-${hash}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
      const result = await tuneRules(config, {
        workers: flags.workers === undefined ? undefined : positiveInt('--workers', flags.workers),
        runDir: path.join('runs', id),
        progress: flags.progress && process.stderr.isTTY === true,
      });
      const report = tuneReport(config, result, { id, command: ['crucible', ...process.argv.slice(2)].join(' ') });
      const dir = path.join(flags.out, id);
      await writeReport(report, dir);
      writeReportsIndex(flags.out);
      if (flags.json) {
        process.stdout.write(JSON.stringify(tuneJson(config, result, report.verdicts, path.join(dir, 'index.html')), null, 2) + '\n');
        return;
      }
      const e = result.best.evaluation;
      process.stdout.write(
        [
          `Closest to the goal: ${result.params.map((p, i) => `${p.path}=${result.best.values[i]}`).join(', ')}: ${result.metricLabel} ${e.value.toFixed(3)} [${e.lo.toFixed(3)}, ${e.hi.toFixed(3)}] n=${e.n} units (goal ${result.goal})`,
          ...report.verdicts.map((v) => `${v.strength === 'supported' ? '✔' : v.strength === 'warning' ? '!' : '·'} ${v.statement}`),
          `Settings tried: ${result.all.length}`,
          `Report: ${path.join(dir, 'index.html')}`,
        ].join('\n') + '\n',
      );
    });
}

/** `tune --json`: the setting closest to the goal and every setting tried, each with its 95% interval over `n` units. */
export function tuneJson(config: TuneConfig, result: TuneResult, verdicts: readonly ReportVerdict[], report: string): Record<string, unknown> {
  const setting = (e: Evaluated) => ({
    values: Object.fromEntries(result.params.map((p, i) => [p.path, e.values[i]])),
    value: e.evaluation.value,
    lo: e.evaluation.lo,
    hi: e.evaluation.hi,
    n: e.evaluation.n,
    objective: e.evaluation.objective,
    failed: e.evaluation.failed ?? 0,
  });
  return {
    command: 'tune',
    gameId: config.gameId,
    baseOptions: config.baseOptions,
    agents: config.agents,
    seed: config.seed,
    gamesPerSetting: config.games,
    target: result.target,
    goal: result.goal,
    metric: result.metricLabel,
    params: result.params.map((p) => ({ path: p.path, lo: p.lo, hi: p.hi })),
    best: setting(result.best),
    settings: result.all.map(setting),
    verdicts,
    report,
  };
}
