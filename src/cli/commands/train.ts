/**
 * `crucible train <game>`: trains a policy/value network by self-play (expert iteration
 * bootstrapped from the game's MCTS, then AlphaZero-style PUCT self-play) and saves the
 * best checkpoint as a model folder that `net:model=DIR` and `mcts:prior=net:model=DIR`
 * agents load. Rerunning the same command resumes from the last finished generation.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { agentsNeedTf, checkAgentSpec, parseAgentSpec, splitAgentList } from '../../../agents/index.js';
import { UserError } from '../../core/errors.js';
import { parseWith } from '../../core/validate.js';
import { GAMES, getGame } from '../../games/index.js';
import { pairedShare } from '../../analysis/stats/paired.js';
import { writeReport } from '../../analysis/report/index.js';
import { trainReport } from '../../analysis/train-report.js';
import { describeBackend } from '../../core/tf.js';
import { checkWorkers } from '../../sim/runner.js';
import { train, type TrainSettings } from '../../sim/train/loop.js';
import { optionsArg, outFolder, positiveInt, seed as parseSeed } from '../args.js';

interface TrainFlags {
  seed: string;
  out?: string;
  generations?: string;
  minutes?: string;
  workers: string;
  options?: string;
  games: string;
  expertGames?: string;
  valueMix: string;
  c: string;
  iterations: string;
  hidden: string;
  buffer: string;
  epochs: string;
  batch: string;
  lr: string;
  expert: string;
  opponent?: string;
  search?: string;
  baselines: string;
  evalPairs: string;
  evalIterations: string;
  report?: string;
}

function positiveNumber(name: string, raw: string): number {
  const x = Number(raw);
  if (!/^\d*\.?\d+(e-?\d+)?$/i.test(raw.trim()) || !(x > 0)) throw new UserError(`${name} is ${JSON.stringify(raw)}; allowed: a positive number`);
  return x;
}

function unitInterval(name: string, raw: string): number {
  const x = Number(raw);
  if (raw.trim() === '' || !(x >= 0 && x <= 1)) throw new UserError(`${name} is ${JSON.stringify(raw)}; allowed: a number from 0 to 1`);
  return x;
}

function hiddenArg(raw: string): number[] {
  const parts = raw.split(',').map((p) => p.trim());
  const widths = parts.map((p) => Number(p));
  if (parts.length === 0 || parts.length > 4 || widths.some((w, i) => !/^\d+$/.test(parts[i]!) || w < 1 || w > 1024)) {
    throw new UserError(`--hidden is ${JSON.stringify(raw)}; allowed: 1 to 4 layer widths from 1 to 1024, comma-separated (e.g. 64,64)`);
  }
  return widths;
}

export function register(program: Command): void {
  program
    .command('train')
    .description('train a policy/value network by self-play; saves a model folder for net: and mcts:prior=net agents')
    // From the registry, so the help cannot go stale as encoders are added (it once said Rumble had none).
    .argument('<game>', `game id (a game with an encoder: ${GAMES.filter((g) => g.encoder).map((g) => g.id).join(', ')})`)
    .option('--seed <seed>', 'training seed (same seed, same backend: same weights)', '1')
    .option('--out <dir>', 'model folder (default models/<game>); its training/ subfolder resumes an interrupted run')
    .option('--generations <n>', 'generations in total (default 10 unless --minutes is given)')
    .option('--minutes <m>', 'stop starting generations after this many minutes')
    .option('--workers <n>', 'worker threads for self-play and evaluation games', '1')
    .option('--options <json|file>', 'rule options the model is trained (and only usable) under')
    .option('--games <n>', 'self-play games per generation', '64')
    .option('--expert-games <n>', 'self-play games of generation 1, played by --expert (default: --games)')
    .option('--value-mix <w>', "weight of the game's returns in the value target; the rest is the search's root estimate", '0.5')
    .option('--iterations <n>', 'PUCT iterations per self-play decision', '100')
    .option('--c <c>', 'PUCT exploration constant in self-play', '1')
    .option('--hidden <widths>', 'hidden layer widths', '64,64')
    .option('--buffer <n>', 'replay buffer: generations of samples kept', '4')
    .option('--epochs <n>', 'passes over the buffer per generation', '4')
    .option('--batch <n>', 'minibatch size', '64')
    .option('--lr <rate>', 'Adam learning rate', '0.002')
    .option('--expert <spec>', 'MCTS spec that plays generation 1 (before any network)', 'mcts')
    .option('--opponent <spec>', 'a fixed agent seated in every other self-play game (seats alternating; its moves are not samples): for games whose self-play settles into a stand-off')
    .option('--search <spec>', 'MCTS spec that searches with the net after generation 1, in self-play and evaluation (the net is added as its prior, and as its leaf value unless the spec names a rollout); default: PUCT with --iterations and --c')
    .option('--baselines <list>', 'fixed opponents each checkpoint is measured against', 'heuristic,mcts')
    .option('--eval-pairs <n>', 'paired games per opponent per generation', '20')
    .option('--eval-iterations <n>', 'PUCT iterations of the checkpoint in evaluation games', '300')
    .option('--report <dir>', 'training report folder (default reports/train-<game>)')
    .addHelpText(
      'after',
      `
Examples:
  crucible train gladiator-duel --seed 1 --out models/gladiator-duel --minutes 20 --workers 2
  crucible train gladiator-duel --generations 2 --games 8 --iterations 30 --eval-pairs 2 --out /tmp/tiny

Method: generation 1 imitates --expert (its search's visit distributions and the game
returns, mixed by --value-mix with the search's root estimate); every later generation self-plays with PUCT (or --search) guided by the best network so far
(Dirichlet noise at the root, the first moves sampled by visits), trains on the last
--buffer generations, and measures the new checkpoint against the best so far and each
baseline (paired games, 95% intervals). A checkpoint scoring more than the best in their
games (above 0.5 in a two-player zero-sum game) becomes the best, which is what --out holds. The log names the tfjs backend.`,
    )
    .action(async (gameId: string, flags: TrainFlags) => {
      const game = getGame(gameId);
      if (!game.encoder) throw new UserError(`game ${gameId} has no encoder, so it cannot be trained yet; allowed: ${GAMES.filter((g) => g.encoder).map((g) => g.id).join(', ')}`);
      const options = flags.options === undefined ? {} : optionsArg('--options', flags.options);
      const parsed = parseWith(`${game.id} options`, game.optionsSchema, options) as object;
      const baselines = splitAgentList(flags.baselines);
      for (const spec of [flags.expert, ...baselines, ...(flags.opponent === undefined ? [] : [flags.opponent])]) checkAgentSpec(spec, game, parsed);
      if (!flags.expert.startsWith('mcts')) throw new UserError(`--expert is ${JSON.stringify(flags.expert)}; allowed: an mcts spec (its visit counts are the targets)`);
      // Self-play threads search with MCTS and the hand-written pass; they do not start tfjs.
      for (const [flag, spec] of [['--expert', flags.expert], ['--opponent', flags.opponent]] as const) {
        if (spec !== undefined && agentsNeedTf([spec])) throw new UserError(`${flag} is ${JSON.stringify(spec)}; allowed: a spec without batch= (self-play scores leaves one at a time; batch= is for play, studies and --baselines)`);
      }
      if (flags.search !== undefined) {
        const p = parseAgentSpec(flags.search);
        if (p.kind !== 'mcts' || p.params['prior'] !== undefined || p.params['model'] !== undefined) {
          throw new UserError(`--search is ${JSON.stringify(flags.search)}; allowed: an mcts spec without prior or model (training adds the net as its prior)`);
        }
        checkAgentSpec(flags.search, game, parsed);
      }
      const generations = flags.generations !== undefined ? positiveInt('--generations', flags.generations) : flags.minutes !== undefined ? 1000 : 10;
      if (flags.report !== undefined) outFolder('--report', flags.report);
      const out = outFolder('--out', flags.out ?? path.join('models', gameId));
      const settings: TrainSettings = {
        gameId,
        options,
        seed: String(parseSeed(flags.seed)),
        generations,
        minutes: flags.minutes === undefined ? 0 : positiveNumber('--minutes', flags.minutes),
        workers: checkWorkers('--workers', positiveInt('--workers', flags.workers)),
        gamesPerGeneration: positiveInt('--games', flags.games),
        expertGames: positiveInt('--expert-games', flags.expertGames ?? flags.games),
        valueMix: unitInterval('--value-mix', flags.valueMix),
        iterations: positiveInt('--iterations', flags.iterations),
        c: positiveNumber('--c', flags.c),
        hidden: hiddenArg(flags.hidden),
        bufferGenerations: positiveInt('--buffer', flags.buffer),
        epochs: positiveInt('--epochs', flags.epochs),
        batchSize: positiveInt('--batch', flags.batch),
        learningRate: positiveNumber('--lr', flags.lr),
        l2: 1e-4,
        sampleMoves: 4,
        noise: { epsilon: 0.25, alpha: 0.5 },
        expert: flags.expert,
        ...(flags.opponent === undefined ? {} : { opponent: flags.opponent }),
        ...(flags.search === undefined ? {} : { search: flags.search }),
        evalPairs: positiveInt('--eval-pairs', flags.evalPairs),
        evalIterations: positiveInt('--eval-iterations', flags.evalIterations),
        baselines,
        command: ['crucible', 'train', ...process.argv.slice(3)].join(' '),
      };
      const history = await train(settings, out, {
        shareOf: (records, slot) => {
          const s = pairedShare(records, slot);
          return { mean: s.mean, lo: s.lo, hi: s.hi, n: s.n, sd: s.sd };
        },
        log: (line) => process.stderr.write(line + '\n'),
      });
      const reportDir = flags.report ?? path.join('reports', `train-${gameId}`);
      await writeReport(trainReport(history, { gameId, seed: settings.seed, command: settings.command, out, backend: describeBackend(), evalIterations: settings.evalIterations }), reportDir);
      const last = history.at(-1);
      process.stdout.write(
        `${history.length} generation(s); best checkpoint: generation ${last?.bestGeneration ?? 0}, saved in ${out}\nReport: ${path.join(reportDir, 'index.html')}\n`,
      );
    });
}
