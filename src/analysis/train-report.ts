/**
 * The report of a `crucible train` run: how the losses, the policy's entropy and the
 * checkpoints' strength moved by generation. Strength is a paired win share (a
 * seat-swapped pair is one unit) with its 95% interval; losses and entropy are the means
 * over the last pass of each generation's fit (no interval: they describe the fit, they
 * do not estimate anything).
 */
import type { Report, ReportVerdict } from './report-model.js';
import { responseCurve, type ResponsePoint } from './charts.js';
import type { GenerationRecord, Share } from '../sim/train/loop.js';
import { anchoredElo, type AnchoredRating, type ShareResult } from './stats/anchored-elo.js';
import { mdeText } from './stats/verdict.js';

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

/** A checkpoint's name in the Elo table. */
const checkpoint = (g: number) => `generation ${g}`;

/**
 * The head-to-head results a training run recorded, as shares between named players:
 * each checkpoint against every fixed baseline and against the best before it. In a
 * general-sum game (returns need not sum to 1) the share compared is the checkpoint's
 * part of what the two scored together, mean / (mean + rival), its interval scaled alike.
 */
export function checkpointResults(history: readonly GenerationRecord[]): ShareResult[] {
  const relative = (a: string, b: string, x: Share): ShareResult => {
    const total = x.rival === undefined ? 1 : x.mean + x.rival;
    const scale = total > 0 ? 1 / total : 1;
    const se = x.sd !== undefined && x.n > 1 ? (x.sd / Math.sqrt(x.n)) * scale : undefined;
    return { a, b, share: total > 0 ? x.mean * scale : 0.5, lo: x.lo * scale, hi: x.hi * scale, n: x.n, ...(se === undefined ? {} : { se }) };
  };
  return history.flatMap((h, k) => [
    ...h.vsBaselines.map((b) => relative(checkpoint(h.generation), b.agent, b)),
    ...(h.vsBest && k > 0 ? [relative(checkpoint(h.generation), checkpoint(history[k - 1]!.bestGeneration), h.vsBest)] : []),
  ]);
}

/** Elo of every checkpoint and baseline, anchored at the first baseline (or generation 1 without baselines). */
export function checkpointElo(history: readonly GenerationRecord[]): { anchor: string; ratings: AnchoredRating[] } {
  const anchor = history[0]?.vsBaselines[0]?.agent ?? checkpoint(1);
  return { anchor, ratings: anchoredElo(checkpointResults(history), anchor) };
}

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
  const elo = checkpointElo(history);
  const eloOf = (name: string) => elo.ratings.find((r) => r.name === name);
  const baselineNames = [...new Set(history.flatMap((h) => h.vsBaselines.map((b) => b.agent)))];
  const eloPoints: ResponsePoint[] = history.flatMap((h) => {
    const r = eloOf(checkpoint(h.generation));
    return r ? [{ x: h.generation, value: r.elo, lo: r.lo, hi: r.hi, series: 'checkpoint' }] : [];
  });
  // Baselines other than the anchor are fixed players: a flat band across the generations.
  for (const name of baselineNames.filter((n) => n !== elo.anchor)) {
    const r = eloOf(name);
    if (r) for (const h of history) eloPoints.push({ x: h.generation, value: r.elo, lo: r.lo, hi: r.hi, series: `${name} (baseline)` });
  }
  const eloRows = elo.ratings.map((r) => ({
    player: r.name,
    Elo: Math.round(r.elo),
    '95% low': r.name === elo.anchor ? 'anchor' : Math.round(r.lo),
    '95% high': r.name === elo.anchor ? 'anchor' : Math.round(r.hi),
    'results (opponents met)': r.results,
  }));
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
    evidence: `paired win share ${f3(b.mean)} [${f3(b.lo)}, ${f3(b.hi)}], n = ${b.n} seat-swapped pairs (95% interval, not corrected across the ${best!.vsBaselines.length} baselines; ${mdeText(b)})`,
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
            spec: responseCurve(strength, { title: 'Checkpoint win share by generation', subtitle: `paired games, 95% intervals; each checkpoint as mcts:prior=net,iterations=${meta.evalIterations}`, xTitle: 'generation', yTitle: 'win share of the checkpoint', target: 0.5, integerX: true, bounds: { min: 0, max: 1 } }),
          },
        ],
      },
      {
        heading: 'Elo of the checkpoints',
        blocks: [
          {
            kind: 'chart',
            id: 'elo',
            title: `Elo of each checkpoint, anchored at ${elo.anchor} = 0`,
            caption: `A Bradley–Terry fit over every evaluation game the run recorded (each checkpoint against the previous best and the baselines), Elo = 400·log10 of the strength ratio, ${elo.anchor} fixed at 0. Each result counts as many games as its measured interval is worth (seat-swapped pairs); 95% intervals from the fit's information matrix. Checkpoints are linked through the best-so-far chain, so a late checkpoint's interval also carries the uncertainty of the earlier ones.`,
            spec: responseCurve(eloPoints, { title: 'Checkpoint Elo by generation', subtitle: `anchored at ${elo.anchor} = 0; 95% intervals`, xTitle: 'generation', yTitle: 'Elo (relative to the anchor)', target: 0, integerX: true }),
          },
          { kind: 'table', id: 'elo-table', title: 'Elo ratings (Bradley–Terry over the evaluation games)', rows: eloRows },
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
