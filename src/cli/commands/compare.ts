/**
 * `crucible compare <game> --a <options> --b <options>`: A/B test of two house-rule sets
 * on common seeds with SPRT early stopping; writes a report with a forest plot of how
 * each seat's share, the draw rate and the game length moved.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { splitAgentList } from '../../../agents/index.js';
import { compareReport, compareRules } from '../../analysis/house-rules/compare.js';
import { writeReport, writeReportsIndex } from '../../analysis/report/write.js';
import { UserError, showValue } from '../../core/errors.js';
import { createHash } from 'node:crypto';
import { optionsArg, outFolder, positiveInt, seed as parseSeed } from '../args.js';
import { QUEUE_HELP, useQueue } from './queue.js';
import { describeStop, precisionGoal } from '../../analysis/precision.js';
import type { ReportVerdict } from '../../analysis/report-model.js';
import type { CompareConfig, CompareResult } from '../../analysis/house-rules/compare.js';

interface CompareFlags {
  queue?: string;
  a: string;
  b?: string;
  aA?: boolean;
  agents: string;
  games: string;
  batch: string;
  seed: string;
  h0: string;
  h1: string;
  workers?: string;
  out: string;
  progress: boolean;
  json?: boolean;
  precision?: string;
  minutes?: string;
}

export function numberArg(name: string, raw: string): number {
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x)) throw new UserError(`${name} is ${showValue(raw)}; allowed: a number`);
  return x;
}

export function register(program: Command): void {
  program
    .command('compare')
    .description('A/B test two house-rule sets on common seeds (SPRT early stop) and write a report')
    .argument('<game>', 'game id (see `crucible games`)')
    .requiredOption('--a <json|file>', 'rule set A: inline JSON options or a .json/.yaml file')
    .option('--b <json|file>', 'rule set B: inline JSON options or a .json/.yaml file (required unless --a-a)')
    .option('--a-a', "calibration: B plays A's rules on independent seeds, so every change reported is a false alarm")
    .option('--agents <list>', 'agent specs, one per slot', 'mcts:iterations=100')
    .option('--games <n>', 'most games per rule set (even: seat-swapped pairs)', '2000')
    .option('--batch <n>', 'games per batch between SPRT checks (even)', '200')
    .option('--seed <seed>', 'master seed', '1')
    .option('--h0 <x>', "SPRT null: change of the first seat's share", '0')
    .option('--h1 <x>', "SPRT alternative: change of the first seat's share (tested both ways)", '0.05')
    .option('--workers <n>', 'worker threads')
    .option('--out <dir>', 'reports folder', 'reports')
    .option('--no-progress', 'no progress bars')
    .option('--json', 'print the result (SPRT decision, each measure\'s change with its interval, verdicts, report path) as JSON on stdout')
    .option('--queue <url>', QUEUE_HELP)
    .option('--precision <width>', 'instead of the SPRT: play batches until every primary change interval (anytime-valid) is at most this wide; --games is then the most games')
    .option('--minutes <m>', 'stop starting batches after m minutes of wall-clock time (the count played goes to meta.json)')
    .addHelpText(
      'after',
      `
Example:
  crucible compare gladiator-duel --a '{}' --b '{"lightApBonus": 2}' --agents mcts:iterations=100 --games 2000
  crucible compare gladiator-duel --a '{}' --a-a --agents heuristic --games 400   # calibration: should show no change

The unit of every interval is the pair of games on one seed with seats swapped; all
measures of one report are corrected together (Holm), so at most 5% of reports on
unchanged rules show a false "supported" change.

--precision W / --minutes M: batch k is seeded from (seed, k); after each batch the
changes of the primary measures (the game's fairness measures or seat shares, and the
draw rate) get anytime-valid intervals (a betting confidence sequence over the pairs'
changes), the other measures intervals valid over the run's most batches; the run stops
when every primary interval is at most W wide (target width reached), after M minutes
(time up, between batches) or at --games (plan exhausted), and the report says which.
The same seed and --precision give the same games for any worker count; --minutes makes
the count machine-dependent: the report's meta.json records it, and rerunning with
--games <games per rule set> and without --minutes reproduces the run.`,
    )
    .action(async (gameId: string, flags: CompareFlags) => {
      await useQueue(flags.queue);
      const agents = splitAgentList(flags.agents);
      if (agents.length === 0) throw new UserError(`--agents is ${showValue(flags.agents)}; allowed: a comma-separated list of agent specs`);
      if (flags.aA && flags.b !== undefined) throw new UserError(`--b is ${showValue(flags.b)}; allowed: no --b with --a-a (B plays A's rules on independent seeds)`);
      if (!flags.aA && flags.b === undefined) throw new UserError(`--b is missing; allowed: inline JSON options or a .json/.yaml file (or --a-a for a calibration run)`);
      const optionsA = optionsArg('--a', flags.a);
      const precision = precisionGoal(flags.precision, flags.minutes);
      const config = {
        gameId,
        optionsA,
        optionsB: flags.aA ? optionsA : optionsArg('--b', flags.b!),
        aa: flags.aA === true,
        agents,
        games: positiveInt('--games', flags.games),
        batch: positiveInt('--batch', flags.batch),
        seed: parseSeed(flags.seed),
        h0: numberArg('--h0', flags.h0),
        h1: numberArg('--h1', flags.h1),
        ...(precision ? { precision } : {}),
      };
      outFolder('--out', flags.out);
      // The run folder holds the batches (keyed on their own configs), shared by SPRT and --precision runs of one plan;
      // the report's id names a --precision run apart, so the two reports do not overwrite each other.
      const hash = createHash('sha256').update(JSON.stringify({ gameId, options: { a: config.optionsA, b: config.optionsB }, aa: config.aa, agents, games: config.games, seed: config.seed })).digest('hex').slice(0, 8);
      const id = `compare-${gameId}-${hash}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
      const result = await compareRules(config, {
        workers: flags.workers === undefined ? undefined : positiveInt('--workers', flags.workers),
        runDir: path.join('runs', id),
        progress: flags.progress && process.stderr.isTTY === true,
      });
      const reportId = precision ? `${id}-precision` : id;
      const report = compareReport(config, result, { id: reportId, command: ['crucible', ...process.argv.slice(2)].join(' ') });
      const dir = path.join(flags.out, reportId);
      await writeReport(report, dir);
      writeReportsIndex(flags.out);
      if (flags.json) {
        process.stdout.write(JSON.stringify(compareJson(config, result, report.verdicts, path.join(dir, 'index.html')), null, 2) + '\n');
        return;
      }
      const pr = result.precision;
      const lines = [
        pr
          ? describeStop(pr.stop, pr.goal, `${result.gamesPerSide} games per rule set in ${result.batches} batches (${result.units} ${result.paired ? 'pairs' : 'games'}); primary: ${pr.primary.join('; ')}`)
          : `SPRT on ${result.primary}: ${result.sprt.decision} after ${result.gamesPerSide} games per rule set (${result.units} ${result.paired ? 'pairs' : 'games'})`,
      ];
      for (const c of result.changes) lines.push(`  ${c.label}: A ${c.a.toFixed(3)}  B ${c.b.toFixed(3)}  change ${c.diff.toFixed(3)} [${c.lo.toFixed(3)}, ${c.hi.toFixed(3)}] at ${(c.level * 100).toFixed(2)}%${c.anytime === 'sequence' ? ' (anytime-valid)' : c.anytime === 'looks' ? ` (valid over ${pr?.looks} looks)` : ''}`);
      lines.push(...report.verdicts.map((v) => `${v.strength === 'supported' ? '✔' : v.strength === 'warning' ? '!' : '·'} ${v.statement}`));
      lines.push(`Report: ${path.join(dir, 'index.html')}`);
      process.stdout.write(lines.join('\n') + '\n');
    });
}

/** `compare --json`: what the text output says, as data (agents and seats as given; intervals at their Holm level). */
export function compareJson(config: CompareConfig, result: CompareResult, verdicts: readonly ReportVerdict[], report: string): Record<string, unknown> {
  return {
    command: 'compare',
    gameId: config.gameId,
    optionsA: config.optionsA,
    optionsB: config.optionsB,
    aa: config.aa === true,
    agents: config.agents,
    seed: config.seed,
    sprt: { measure: result.primary, decision: result.precision ? 'not used (--precision)' : result.sprt.decision, h0: config.h0 ?? 0, h1: config.h1 ?? 0.05 },
    ...(result.precision ? { precision: { stoppedBy: result.precision.stop, asked: result.precision.goal, mostLooks: result.precision.looks, primary: result.precision.primary } } : {}),
    gamesPerSide: result.gamesPerSide,
    batches: result.batches,
    units: result.units,
    unit: result.paired ? 'seat-swapped pair' : 'game',
    failed: result.failed,
    changes: result.changes.map((c) => ({ measure: c.label, scale: c.scale, a: c.a, b: c.b, change: c.diff, lo: c.lo, hi: c.hi, level: c.level, supported: c.supported, n: c.n, games: c.games, ...(c.anytime ? { anytime: c.anytime } : {}) })),
    verdicts,
    report,
  };
}
