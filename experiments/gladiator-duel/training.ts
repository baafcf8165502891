/**
 * gladiator-duel-training: a short self-play training run (`crucible train`'s loop) so
 * the default study shows what training looks like — win share, losses, entropy and the
 * checkpoints' Elo by generation — in a few seconds of CPU. The quick run is tiny (a
 * small network, a handful of games per generation, one-pair evaluations): its curve
 * shows the machinery, not a strong player; the shipped model (models/gladiator-duel)
 * took 25 minutes. The full run trains longer, still far short of the shipped model.
 *
 * Deterministic from the master seed (the training seed is derived from it); the model
 * and its history stay in the study's run folder, so an interrupted run resumes.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Report } from '../../src/analysis/report-model.js';
import { pairedShare } from '../../src/analysis/stats/paired.js';
import { describeBackend } from '../../src/core/tf.js';
import { trainReport } from '../../src/analysis/train-report.js';
import { train, type TrainSettings } from '../../src/sim/train/loop.js';
import { studyAgents, type Study, type StudyContext } from '../study.js';

/** The training configuration of the quick (default study) and full runs. */
export function trainingSettings(ctx: Pick<StudyContext, 'seed' | 'full' | 'command'>, baseline: string): TrainSettings {
  const full = ctx.full;
  return {
    gameId: 'gladiator-duel',
    options: {},
    seed: `${ctx.seed}/gladiator-duel-training`,
    generations: full ? 8 : 4,
    minutes: 0,
    // One thread: the weights are the same for any worker count, and a pool costs more than
    // these few games.
    workers: 1,
    gamesPerGeneration: full ? 32 : 4,
    expertGames: full ? 64 : 6,
    valueMix: 0.5,
    iterations: full ? 50 : 12,
    c: 1,
    hidden: full ? [32] : [16],
    bufferGenerations: 2,
    epochs: 2,
    batchSize: 32,
    learningRate: 0.01,
    l2: 1e-4,
    sampleMoves: 4,
    noise: { epsilon: 0.25, alpha: 0.5 },
    expert: full ? 'mcts:iterations=100' : 'mcts:iterations=24',
    evalPairs: full ? 20 : 3,
    evalIterations: full ? 50 : 12,
    baselines: [baseline],
    command: ctx.command,
  };
}

export const gladiatorDuelTraining: Study = {
  name: 'gladiator-duel-training',
  power: { none: 'a training run, not a sample-size design: its matches against each baseline are sized by the training budget (--minutes), and each states its own interval.' },
  gameId: 'gladiator-duel',
  title: 'Gladiator duel: a short self-play training run',
  question: 'What does self-play training look like — does the checkpoint gain on its baseline generation by generation?',
  agentSlots: ['the fixed baseline each checkpoint is measured against'],
  defaultAgents: () => ['random'],
  agentChoice: () => 'random: the quick run is far too short to challenge the heuristic, and a baseline it can beat shows the curve moving',
  training: true,
  async run(ctx: StudyContext): Promise<Report> {
    const [baseline] = studyAgents(gladiatorDuelTraining, ctx);
    const settings = trainingSettings(ctx, baseline!);
    // The model folder is keyed on the settings, so another baseline never resumes into it.
    const key = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 10);
    const out = join(ctx.runDir, `model-${key}`);
    const history = await train(settings, out, {
      shareOf: (records, slot) => {
        const s = pairedShare(records, slot);
        return { mean: s.mean, lo: s.lo, hi: s.hi, n: s.n, sd: s.sd };
      },
      log: () => {},
    });
    const report = trainReport(history, { gameId: 'gladiator-duel', seed: settings.seed, command: ctx.command, out, backend: describeBackend(), evalIterations: settings.evalIterations });
    const size = `${settings.generations} generations of ${settings.gamesPerGeneration} self-play games (${settings.expertGames} expert games first), a ${settings.hidden.join('×')} hidden layer, ${settings.evalPairs} evaluation pairs per opponent`;
    return {
      ...report,
      id: 'gladiator-duel-training',
      title: this.title,
      question: this.question,
      sections: [
        {
          heading: 'What this run is',
          blocks: [
            {
              kind: 'text',
              text: `A ${ctx.full ? 'short' : 'tiny'} training run of crucible train's loop (expert iteration, agents/README.md): ${size}, training seed "${settings.seed}" (from the master seed). It shows the curves a training report draws; with so few evaluation pairs its intervals are wide and its verdicts weak. The shipped model (models/gladiator-duel, 51 generations, 25 minutes) is trained the same way at scale: crucible train gladiator-duel --generations G --out DIR writes this report for any run.`,
            },
          ],
        },
        ...report.sections,
      ],
      meta: { ...report.meta, seed: ctx.seed, details: { ...report.meta.details, settings } },
    };
  },
};
