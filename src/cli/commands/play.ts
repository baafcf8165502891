/**
 * `crucible play <game>`: plays a match between agents and prints each agent's win share
 * with its 95% interval. Games stream to a run folder, so rerunning the same command
 * resumes an interrupted run.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { splitAgentList } from '../../../agents/index.js';
import { UserError } from '../../core/errors.js';
import { checkGameCount } from '../../sim/config.js';
import { checkWorkers, formatSummary, runKeyHash, runMatch } from '../../sim/runner.js';
import type { MatchConfig } from '../../sim/types.js';
import { optionsArg, positiveInt, seed as parseSeed } from '../args.js';
import { QUEUE_HELP, useQueue } from './queue.js';
import { startRuntimes } from '../../sim/runtime.js';
import { checkBatch, describeStop, formatSlotIntervals, playToPrecision, precisionGoal } from '../../analysis/precision.js';
import { createHash } from 'node:crypto';

interface PlayFlags {
  queue?: string;
  agents: string;
  games: string;
  seed: string;
  workers?: string;
  options?: string;
  out?: string;
  paired?: boolean;
  rotate: boolean;
  json?: boolean;
  progress: boolean;
  precision?: string;
  minutes?: string;
  batch?: string;
  listeners?: string;
}

/**
 * runs/<game>-<seed>-<hash of config, content files and code version>: the same command
 * finds its own folder, and an edited content file or new code gets a fresh one.
 */
export function defaultOutDir(config: MatchConfig): string {
  const seedPart = String(config.seed).replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 40);
  return path.join('runs', `${config.gameId}-${seedPart}-${runKeyHash(config)}`);
}

/** --games: a positive integer up to the per-run cap. */
function gamesArg(raw: string): number {
  const games = positiveInt('--games', raw);
  checkGameCount('--games', games);
  return games;
}

export function register(program: Command): void {
  program
    .command('play')
    .description('play a match between agents and report win shares with 95% intervals')
    .argument('<game>', 'game id (see `crucible games`)')
    .option('--agents <list>', 'agent specs, one per slot, e.g. mcts:iterations=400,c=1.4,random', 'random')
    .option('--games <n>', 'number of games', '1000')
    .option('--seed <seed>', 'master seed (fixes every result)', '1')
    .option('--workers <n>', 'worker threads (default: one per core for large runs)')
    .option('--options <json|file>', 'rule options as inline JSON or a .json/.yaml file')
    .option('--out <dir>', 'run folder (default runs/<game>-<seed>-<hash>); rerun to resume')
    .option('--paired', 'pair games: same seed, seats reversed')
    .option('--no-rotate', 'keep each agent in its seat instead of rotating seats')
    .option('--json', 'print the summary as JSON')
    .option('--no-progress', 'no progress bar')
    .option('--queue <url>', QUEUE_HELP)
    .option('--precision <width>', 'play in batches until every agent\'s overall share interval (anytime-valid) is at most this wide; --games is then the most games')
    .option('--minutes <m>', 'with or without --precision: stop starting batches after m minutes of wall-clock time')
    .option('--batch <n>', 'games per batch under --precision/--minutes (even with --paired; default 100)')
    .option('--listeners <list>', "the game's listeners to attach, comma-separated: their tags join games.jsonl (e.g. energyLost for rumble; `crucible games --json` lists none, the game's README names them)")
    .addHelpText(
      'after',
      `
Examples:
  crucible play gladiator-duel --agents mcts:iterations=400,random --games 2000 --seed 7
  crucible play gladiator-duel --agents heuristic,random --paired --precision 0.05 --games 20000
  crucible play gladiator-duel --agents heuristic,random --paired --options '{"turnCap": 40}'
  crucible play gladiator-duel --options house-rules.json --out runs/my-test --json

A slot is one agent spec; slot k sits in seat (k + i) mod players in game i, counting
from 0 (seats rotate unless --no-rotate; a short list repeats to fill the seats). The
printed summary numbers agents and seats from 1, like compare and tune; summary.json
and games.jsonl keep 0-based indices. Rerunning the same
command resumes from its run folder; a different config in that folder is refused.

--precision W / --minutes M: batch k (of --batch games) is seeded from (seed, k), and after
each batch the anytime-valid 95% interval of each agent's overall share (a betting
confidence sequence: peeking after every batch does not inflate its error) is checked;
the run stops when every one is at most W wide (target width reached), after M minutes
(time up, checked between batches) or at --games (plan exhausted). The same seed and
--precision give the same games for any worker count. --minutes reads the wall clock, so
the count it stops at depends on the machine: <out>/meta.json records the games played,
and rerunning with --games <that count> and without --minutes reproduces the run.`,
    )
    .action(async (gameId: string, flags: PlayFlags) => {
      await useQueue(flags.queue);
      const agents = splitAgentList(flags.agents);
      if (agents.length === 0) throw new UserError(`--agents is ${JSON.stringify(flags.agents)}; allowed: a comma-separated list of agent specs, e.g. random,mcts:iterations=400`);
      const config: MatchConfig = {
        gameId,
        options: flags.options === undefined ? {} : optionsArg('--options', flags.options),
        agents,
        games: gamesArg(flags.games),
        seed: parseSeed(flags.seed),
        paired: flags.paired ?? false,
        rotate: flags.rotate,
        // A game's listeners (Rumble's energyLost, Ophidian's waves/played): unknown names are refused before any game.
        ...(flags.listeners === undefined ? {} : { listeners: flags.listeners.split(',').map((n) => n.trim()) }),
      };
      // tfjs, when an agent scores leaves through it (batch=): its backend is part of the run key.
      await startRuntimes(config.agents);
      const workers = flags.workers === undefined ? undefined : checkWorkers('--workers', positiveInt('--workers', flags.workers));
      const goal = precisionGoal(flags.precision, flags.minutes);
      if (flags.batch !== undefined && !goal) throw new UserError(`--batch is ${flags.batch} without --precision or --minutes; allowed: --batch with either (a plain run plays --games at once)`);
      if (goal) {
        const batch = checkBatch('--batch', positiveInt('--batch', flags.batch ?? '100'), config.paired ?? false);
        const outDir = flags.out ?? `${defaultOutDir(config)}-precision-${createHash('sha256').update(String(batch)).digest('hex').slice(0, 6)}`;
        const command = ['crucible', ...process.argv.slice(2)].join(' ');
        const result = await playToPrecision(config, goal, { batch, outDir, workers, progress: flags.progress && !flags.json, command });
        const played = `${result.games} games in ${result.batches} batches of ${batch} (${result.units} ${config.paired ? 'pairs' : 'games'})`;
        if (flags.json) {
          const { summary, ...precision } = result;
          process.stdout.write(JSON.stringify({ outDir, summary, precision }, null, 2) + '\n');
          return;
        }
        const lines = [
          describeStop(result.stop, goal, played),
          '',
          ...formatSlotIntervals(result),
          '',
          'The fixed-n summary (descriptive: its intervals do not allow for the stopping rule):',
          formatSummary(result.summary),
          '',
          `Batches: ${outDir}/batch-K/games.jsonl; the rule and count: ${outDir}/meta.json`,
        ];
        const first = result.summary.firstFailure;
        if (first) lines.push(`Warning: ${result.summary.failed} game(s) failed and are not scored; first: game ${first.index} of the run (seed ${first.seed}): ${first.error}`);
        process.stdout.write(lines.join('\n') + '\n');
        return;
      }
      const outDir = flags.out ?? defaultOutDir(config);
      const { summary } = await runMatch(config, { workers, outDir, progress: flags.progress && !flags.json, keepRecords: false });
      if (flags.json) {
        process.stdout.write(JSON.stringify({ outDir, summary }, null, 2) + '\n');
        return;
      }
      const lines = [formatSummary(summary), ''];
      if (config.paired) lines.push(`Paired: ${config.games / 2} pairs of games with the same seed and seats reversed.`);
      lines.push(`Games: ${path.join(outDir, 'games.jsonl')}  (replay one with: crucible replay ${outDir} --game N)`);
      const first = summary.firstFailure;
      if (first) {
        lines.push(`Warning: ${summary.failed} game(s) failed and are not scored; first: game ${first.index} (seed ${first.seed}): ${first.error}`);
      }
      process.stdout.write(lines.join('\n') + '\n');
    });
}
