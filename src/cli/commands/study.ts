/**
 * `crucible study <name|default>`: runs one registered study (or the quick version of
 * all of them) and writes its report folder(s) under --out, plus the reports index.
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { runDefaultStudy, runStudies } from '../../../experiments/default.js';
import { getStudy, STUDIES } from '../../../experiments/index.js';
import { checkStudyAgents, type Study } from '../../../experiments/study.js';
import { splitAgentList } from '../../../agents/index.js';
import { startRuntimes } from '../../sim/runtime.js';
import { UserError } from '../../core/errors.js';
import { optionsArg, outFolder, positiveInt, seed as parseSeed } from '../args.js';
import { parseWith } from '../../core/validate.js';
import { checkContentFile, getGame } from '../../games/index.js';
import { QUEUE_HELP, useQueue } from './queue.js';
import { precisionGoal } from '../../analysis/precision.js';
import { DEFAULT_ROUNDS } from '../../../experiments/precision.js';

interface StudyFlags {
  queue?: string;
  full?: boolean;
  seed: string;
  workers?: string;
  out: string;
  runs: string;
  progress: boolean;
  powerFile?: string;
  heroFile?: string;
  cardFile?: string;
  deckFile?: string;
  agents?: string;
  options?: string;
  json?: boolean;
  skill?: boolean;
  skillAgents?: string;
  precision?: string;
  minutes?: string;
  rounds?: string;
}

export function register(program: Command): void {
  program
    .command('study')
    .description('run a balance study (or "default": the quick version of every study) and write its report')
    .argument('<name>', `study name: default, ${STUDIES.map((s) => s.name).join(', ')}`)
    .option('--full', 'full sample sizes (slow; for published verdicts) instead of the quick version')
    .option('--seed <seed>', 'master seed (fixes every result)', '1')
    .option('--workers <n>', 'worker threads (default: one per core)')
    .option('--out <dir>', 'reports folder', 'reports')
    .option('--runs <dir>', 'folder for raw game records (an interrupted study resumes from it)', 'runs')
    .option('--no-progress', 'no progress bars')
    .option('--queue <url>', QUEUE_HELP)
    .option('--power-file <file>', 'your own Rumble power file (YAML/JSON) to add to the Rumble studies')
    .option('--hero-file <file>', 'your own Superhero Gladiators heroes (YAML/JSON) to add to the Superhero Gladiators studies')
    .option('--card-file <file>', 'your own Ophidian cards (YAML/JSON, the format of src/games/ophidian/cards/sample.yaml) for the Ophidian studies')
    .option('--deck-file <file>', 'your own Ophidian decks (YAML/JSON, the format of src/games/ophidian/decks.yaml) to add to the Ophidian studies')
    .option('--agents <list>', "agent specs for the study's seats (default: the study's own, named in its report): one spec for every seat, or one per slot the study lists")
    .option('--options <json|file>', "rule and formula options for the study's game (inline JSON or a .json/.yaml file), played in every table; e.g. the refit constants the costs study prints")
    .option('--json', 'print the outcome of each study (report folder, verdicts with intervals) as JSON on stdout')
    .option('--skill', "skill sensitivity: play the study again with the game's learned agent (models/<game>) and compare its key findings side by side")
    .option('--precision <width>', 'grow the study in rounds until every key finding\'s anytime-valid interval is at most this wide (see below)')
    .option('--minutes <m>', 'stop starting rounds after m minutes of wall-clock time (the rounds played go to meta.json)')
    .option('--rounds <r>', `with --precision/--minutes: the most rounds (round r plays 2^r times the base sizes; default ${DEFAULT_ROUNDS})`)
    .option('--skill-agents <list>', 'with --skill: the agents to compare against instead of the learned one (same form as --agents)')
    .addHelpText(
      'after',
      `
Examples:
  crucible study default                      # every study, quick sizes (about 5 minutes on 2 cores)
  crucible study gladiator-duel-matchups --full --seed 7 --workers 8
  crucible study dark-hero-fairness --agents mcts:iterations=200,rollout=evaluate,depth=10
  crucible study rumble-power-values --agents mcts:iterations=400,rollout=evaluate,plies=1,random   # holder, others
  crucible study gladiator-duel-matchups --agents heuristic --skill   # heuristic vs learned play, side by side
  crucible study superhero-gladiators-costs --options '{"build":{"levelBase":1.6}}'   # the study under other formula constants
  crucible study dark-hero-fairness --precision 0.1 --minutes 30   # grow until every key finding is ±0.05, or 30 minutes
Open reports/index.html in a browser (it works offline).

--precision W / --minutes M / --rounds R: the study runs in rounds; round r plays every
table at 2^r times its size (quick, or --full) — the games of earlier rounds are kept, the
added ones are seeded from (seed, r) — until every key finding's anytime-valid interval (its
interval widened to hold over the R rounds' looks) is at most W wide on its own scale
(target width reached), M minutes have passed (time up, checked between rounds) or R
rounds were played (plan exhausted, default R = ${DEFAULT_ROUNDS}: up to 32× the base sizes). The report
leads with the rule it stopped by. The same seed and --precision give the same games for any
worker count; --minutes makes the rounds reached depend on the machine: the report's
meta.json records them, and --rounds <that many> without --minutes reproduces the run. A
study with no key findings (gladiator-duel-training, the stalemate studies) plays its base
sizes once and says so. README "Answers to a chosen precision".`,
    )
    .action(async (name: string, flags: StudyFlags) => {
      await useQueue(flags.queue);
      const studies = name === 'default' ? STUDIES : [getStudy(name)];
      // --agents is checked against every study it will run, before any game.
      const agents = flags.agents === undefined ? undefined : checkedAgents(flags.agents, studies);
      if (flags.skillAgents !== undefined && !flags.skill) throw new UserError('--skill-agents is given without --skill; allowed: --skill --skill-agents <specs>, or neither');
      const skillAgents = flags.skillAgents === undefined ? undefined : checkedAgents(flags.skillAgents, studies, '--skill-agents');
      const options = flags.options === undefined ? undefined : checkedStudyOptions(flags.options, studies);
      // tfjs, when a user's agent scores leaves through it (batch=): started before any run is keyed.
      await startRuntimes([...(agents ?? []), ...(skillAgents ?? [])]);
      const goal = precisionGoal(flags.precision, flags.minutes);
      if (flags.rounds !== undefined && !goal) throw new UserError('--rounds is given without --precision or --minutes; allowed: --rounds with either, or neither');
      const rounds = flags.rounds === undefined ? DEFAULT_ROUNDS : positiveInt('--rounds', flags.rounds);
      if (rounds > 12) throw new UserError(`--rounds is ${rounds}; allowed: 1 to 12 (round 12 plays 2048 times the base sizes)`);
      const workers = flags.workers === undefined ? Math.max(1, (await import('node:os')).availableParallelism()) : positiveInt('--workers', flags.workers);
      const common = {
        seed: parseSeed(flags.seed),
        workers,
        // Both folders created and checked before any game (a /proc path once hung).
        out: outFolder('--out', flags.out),
        runs: outFolder('--runs', flags.runs),
        command: ['crucible', ...process.argv.slice(2)].join(' '),
        progress: flags.progress && process.stderr.isTTY === true,
        ...(flags.powerFile === undefined ? {} : { powerFile: checkedPowerFile(flags.powerFile) }),
        ...(flags.heroFile === undefined ? {} : { heroFile: checkedHeroFile(flags.heroFile) }),
        // Every card and deck checked (and the size cap) by the studies that read them, before any study plays a game.
        ...checkedUserFiles(studies, flags.cardFile, flags.deckFile),
        ...(agents === undefined ? {} : { agents }),
        ...(options === undefined ? {} : { options }),
        ...(flags.skill ? { skill: skillAgents === undefined ? {} : { agents: skillAgents } } : {}),
        ...(goal ? { precision: { ...goal, rounds } } : {}),
      };
      const outcomes = name === 'default' ? await runDefaultStudy(common) : await runStudies(studies, { ...common, full: flags.full ?? false });
      if (flags.json) process.stdout.write(JSON.stringify({ studies: outcomes, index: join(flags.out, 'index.html') }, null, 2) + '\n');
    });
}

/**
 * `--options` for the studies' game: one game (a study, not the default's mix of games) and
 * options its schema accepts, checked before any game (one line naming the field).
 */
function checkedStudyOptions(raw: string, studies: readonly Study[]): Readonly<Record<string, unknown>> {
  const games = [...new Set(studies.map((s) => s.gameId))];
  if (games.length !== 1) throw new UserError(`--options is given for ${games.length} games (${games.join(', ')}); allowed: --options with a study of one game, e.g. crucible study ${studies[0]!.name} --options …`);
  const options = optionsArg('--options', raw);
  const game = getGame(games[0]!);
  parseWith(`--options (${game.id})`, game.optionsSchema, options);
  return options;
}

/** Validates a hero file up front (every hero legal), so a bad file fails before any study runs. */
function checkedHeroFile(path: string): string {
  checkContentFile('superhero-gladiators', path);
  return path;
}

/**
 * Has every study that reads them check the user's card and deck files up front (the study's
 * own `checkUserFiles`: size, every card, every deck), so a bad file fails before any study runs.
 */
function checkedUserFiles(studies: readonly Study[], cardFile: string | undefined, deckFile: string | undefined): { cardFile?: string; deckFile?: string } {
  const files = { ...(cardFile === undefined ? {} : { cardFile }), ...(deckFile === undefined ? {} : { deckFile }) };
  if (cardFile === undefined && deckFile === undefined) return files;
  for (const check of new Set(studies.map((s) => s.checkUserFiles))) check?.(files);
  return files;
}

/** Splits and checks --agents for each study (count of specs, each spec for the study's game). */
export function checkedAgents(list: string, studies: readonly Study[], flag = '--agents'): readonly string[] {
  const specs = splitAgentList(list);
  if (specs.length === 0) throw new UserError(`${flag} is ${JSON.stringify(list)}; allowed: a comma-separated list of agent specs, e.g. heuristic or mcts:iterations=400`);
  for (const study of studies) checkStudyAgents(study, specs);
  return specs;
}

/** Validates a power file up front, so a bad file fails before any study runs. */
function checkedPowerFile(path: string): string {
  checkContentFile('rumble', path);
  return path;
}
