/**
 * The report of a `crucible train` run: how the losses, the policy's entropy and the
 * checkpoints' strength moved by generation. Strength is a paired win share (a
 * seat-swapped pair is one unit) with its 95% interval; losses and entropy are the means
 * over the last pass of each generation's fit (no interval: they describe the fit, they
 * do not estimate anything).
 */
import type { Report, ReportVerdict } from './report-model.js';
import { responseCurve, type ResponsePoint } from './charts.js';
import type { GenerationRecord } from '../sim/train/loop.js';

export interface TrainReportMeta {
  readonly gameId: string;
  readonly seed: string;
  readonly command: string;
  readonly out: string;
  readonly backend: string;
  readonly evalIterations: number;
}

const f3 = (x: number) => x.toFixed(3);
/** The opponent's share, when recorded (it is 1 − share only in zero-sum two-player games). */
const rival = (x: { rival?: number }) => (x.rival === undefined ? '' : `; opponent ${f3(x.rival)}`);

export function trainReport(history: readonly GenerationRecord[], meta: TrainReportMeta): Report {
  const losses: ResponsePoint[] = history.flatMap((h) => [
    { x: h.generation, value: h.loss.policy, lo: h.loss.policy, hi: h.loss.policy, series: 'policy (cross-entropy)' },
    { x: h.generation, value: h.loss.value, lo: h.loss.value, hi: h.loss.value, series: 'value (squared error)' },
  ]);
  const entropy: ResponsePoint[] = history.map((h) => ({ x: h.generation, value: h.loss.entropy, lo: h.loss.entropy, hi: h.loss.entropy }));
  const strength: ResponsePoint[] = history.flatMap((h) => [
    ...h.vsBaselines.map((b) => ({ x: h.generation, value: b.mean, lo: b.lo, hi: b.hi, n: b.n, series: `vs ${b.agent}` })),
    ...(h.vsBest ? [{ x: h.generation, value: h.vsBest.mean, lo: h.vsBest.lo, hi: h.vsBest.hi, n: h.vsBest.n, series: 'vs previous best' }] : []),
  ]);
  const last = history.at(-1);
  const best = last ? history[last.bestGeneration - 1] : undefined;
  const agent = `mcts:prior=net:model=${meta.out},iterations=${meta.evalIterations}`;
  const verdicts: ReportVerdict[] = (best?.vsBaselines ?? []).map((b) => ({
    statement:
      b.lo > 0.5
        ? `${agent} (generation ${best!.generation}) beats ${b.agent}`
        : b.hi < 0.5
          ? `${agent} (generation ${best!.generation}) loses to ${b.agent}`
          : `no clear difference between ${agent} (generation ${best!.generation}) and ${b.agent}`,
    evidence: `paired win share ${f3(b.mean)} [${f3(b.lo)}, ${f3(b.hi)}], n = ${b.n} seat-swapped pairs (95% interval, not corrected across the ${best!.vsBaselines.length} baselines)`,
    strength: b.lo > 0.5 || b.hi < 0.5 ? 'supported' : 'inconclusive',
  }));
  const rows = history.map((h) => ({
    generation: h.generation,
    'self-play games': h.selfPlayGames,
    samples: h.samples,
    'buffer samples': h.bufferSamples,
    'games/s': Number(h.gamesPerSecond.toFixed(2)),
    'policy loss': Number(f3(h.loss.policy)),
    'value loss': Number(f3(h.loss.value)),
    entropy: Number(f3(h.loss.entropy)),
    'vs previous best': h.vsBest ? `${f3(h.vsBest.mean)} [${f3(h.vsBest.lo)}, ${f3(h.vsBest.hi)}] n=${h.vsBest.n}${rival(h.vsBest)}` : '—',
    ...Object.fromEntries(h.vsBaselines.map((b) => [`vs ${b.agent}`, `${f3(b.mean)} [${f3(b.lo)}, ${f3(b.hi)}] n=${b.n}${rival(b)}`])),
    promoted: h.promoted,
    'seconds (self-play / fit / eval)': `${h.seconds.selfPlay.toFixed(0)} / ${h.seconds.fit.toFixed(0)} / ${h.seconds.eval.toFixed(0)}`,
  }));
  return {
    id: `train-${meta.gameId}`,
    title: `Training a learned agent for ${meta.gameId}`,
    gameId: meta.gameId,
    question: 'Did self-play training make a stronger player, and against whom?',
    verdicts,
    sections: [
      {
        heading: 'Strength by generation',
        blocks: [
          {
            kind: 'chart',
            id: 'strength',
            title: 'Win share of each checkpoint (net-guided MCTS)',
            caption: `Each checkpoint searched with ${meta.evalIterations} PUCT iterations against the baselines and the previous best; paired games, 95% intervals over pairs. In a two-player zero-sum game 0.5 is an even match; in a general-sum game (Dark Hero) compare with the opponent's share in the table.`,
            spec: responseCurve(strength, { title: 'Checkpoint win share by generation', subtitle: `paired games, 95% intervals; each checkpoint as mcts:prior=net,iterations=${meta.evalIterations}`, xTitle: 'generation', yTitle: 'win share of the checkpoint', target: 0.5, integerX: true }),
          },
        ],
      },
      {
        heading: 'Fit',
        blocks: [
          {
            kind: 'chart',
            id: 'losses',
            title: 'Training losses by generation',
            caption: 'Mean over the last pass of each generation: policy cross-entropy against the search visit distribution (nats) and value squared error against the game returns (summed over seats).',
            spec: responseCurve(losses, { title: 'Training losses by generation', subtitle: 'mean over the last pass of the fit', xTitle: 'generation', yTitle: 'loss', integerX: true }),
          },
          {
            kind: 'chart',
            id: 'entropy',
            title: 'Policy entropy by generation',
            caption: 'Mean entropy (nats) of the network policy over the legal actions of the training positions; it falls as the policy grows decisive.',
            spec: responseCurve(entropy, { title: 'Policy entropy by generation', subtitle: 'nats, mean over training positions', xTitle: 'generation', yTitle: 'entropy (nats)', integerX: true }),
          },
          { kind: 'table', id: 'generations', title: 'Generations', caption: 'One row per generation.', rows },
        ],
      },
    ],
    meta: {
      command: meta.command,
      seed: meta.seed,
      sampleSizes: {
        generations: history.length,
        'self-play games': history.reduce((n, h) => n + h.selfPlayGames, 0),
        'evaluation pairs per opponent per generation': best?.vsBaselines[0]?.n ?? 0,
      },
      details: { backend: meta.backend, model: meta.out },
    },
  };
}
