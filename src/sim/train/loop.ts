/**
 * `crucible train`: expert iteration / AlphaZero-style self-play for one game.
 *
 * Method (documented in agents/README.md, "Learned agents"):
 *   generation 1   the expert MCTS spec (the game's tuned MCTS where one is measured)
 *                  plays itself; the net learns its visit distributions and the returns
 *                  — expert iteration's bootstrap, so the small budget is not spent
 *                  learning the rules' basics from a random net;
 *   generation g   PUCT guided by the best net so far plays itself (Dirichlet noise at
 *                  the root, visit-sampled first moves); the net continues training on a
 *                  replay buffer of the last `bufferGenerations` generations; the new
 *                  checkpoint plays the best so far and the baselines (paired games) and
 *                  replaces the best when it scores more than the best in those games
 *                  (above one half in a zero-sum duel).
 *
 * Files (all under `out`):
 *   manifest.json, model.json, weights.bin   the best model so far (a model folder)
 *   training/config.json                     the run's settings (a resume must match)
 *   training/history.jsonl                   one line per finished generation
 *   training/gen-NNNN/                       that generation's samples and checkpoint
 *   training/gen-NNNN/eval-K/                its evaluation games (runner run folders)
 *
 * Reproducible: self-play game i of generation g is seeded from (seed, g, i); weights
 * start from a seeded Glorot draw; batches come from the trainer's own stream; the Adam
 * state is fresh each generation. So a run killed at any point and restarted continues
 * from its last finished generation to the same weights, and the same seed on the same
 * backend gives the same weights (test/sim/train.test.ts). A `--minutes` budget only
 * decides how many generations run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LayersModel } from '@tensorflow/tfjs';
import type { AnyGame } from '../../core/game.js';
import { UserError } from '../../core/errors.js';
import { Rng, deriveSeed } from '../../core/rng.js';
import { parseWith } from '../../core/validate.js';
import { initTf, type TfRuntime } from '../../core/tf.js';
import { wallClockMs as nowMs } from '../clock.js';
import { GAMES, getGame } from '../../games/index.js';
import type { GameRecord } from '../types.js';
import { runMatch } from '../runner.js';
import { acquirePool } from '../pool.js';
import { selfPlayChunk, type SelfPlayConfig } from './selfplay.js';
import { concatSamples, fillRow, readSamples, writeSamples, type SampleSet } from './samples.js';
import { buildTfModel, exportWeights, importWeights, topologyOf, trainStep, type Batch, type StepLosses } from './tf-model.js';
import { parameterCount, type NetShape } from '../../../agents/learned/network.js';
import { parseAgentSpec } from '../../../agents/index.js';
import { loadModel, writeModel, stableJson, type ModelManifest, type StrengthRecord } from '../../../agents/learned/model-files.js';

export interface TrainSettings {
  readonly gameId: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: string;
  /** Stop after this many generations (in total, counting resumed ones). */
  readonly generations: number;
  /** ...or when this many minutes have passed in this process (0: no limit). */
  readonly minutes: number;
  readonly workers: number;
  readonly gamesPerGeneration: number;
  /** Self-play games of generation 1, played by the expert (a larger bootstrap is cheap). */
  readonly expertGames: number;
  /** Weight of the game's returns in the value target (the rest: the search's root estimate). */
  readonly valueMix: number;
  /** PUCT iterations per self-play decision. */
  readonly iterations: number;
  readonly c: number;
  readonly hidden: readonly number[];
  readonly bufferGenerations: number;
  /** Passes over the replay buffer per generation. */
  readonly epochs: number;
  readonly batchSize: number;
  readonly learningRate: number;
  readonly l2: number;
  readonly sampleMoves: number;
  readonly noise: { readonly epsilon: number; readonly alpha: number };
  /** The MCTS spec that plays generation 1. */
  readonly expert: string;
  /** The MCTS spec that searches with the net after generation 1 (self-play and evaluation); see SelfPlayConfig. */
  readonly search?: string;
  /** A fixed agent seated in every other self-play game (absent: pure self-play); see SelfPlayConfig. */
  readonly opponent?: string;
  /** Evaluation: paired games per opponent, PUCT iterations of the checkpoint, and the fixed baselines. */
  readonly evalPairs: number;
  readonly evalIterations: number;
  readonly baselines: readonly string[];
  /** The command line, recorded in the manifest. */
  readonly command: string;
}

/** A share with its 95% interval over units (pairs). */
export interface Share {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
  /**
   * Sample standard deviation of the per-pair scores behind `mean`: the Elo fit weighs a
   * result by it, since an interval cut to [0, 1] (a share near 1) understates the spread.
   */
  readonly sd?: number;
  /**
   * The opponent's mean share in the same games. In a zero-sum two-player game it is
   * 1 − mean; in a general-sum game (Dark Hero: everyone can lose) the two need not sum
   * to 1, so "better than the opponent" is mean > rival, not mean > 1/2.
   */
  readonly rival?: number;
}

export interface GenerationRecord {
  readonly generation: number;
  readonly selfPlayGames: number;
  readonly samples: number;
  readonly bufferSamples: number;
  readonly seconds: { readonly selfPlay: number; readonly fit: number; readonly eval: number };
  readonly gamesPerSecond: number;
  readonly loss: StepLosses & { readonly total: number };
  /** Against the best before this generation (absent in generation 1). */
  readonly vsBest: Share | null;
  readonly vsBaselines: readonly (Share & { readonly agent: string })[];
  readonly promoted: boolean;
  readonly bestGeneration: number;
  readonly backend: string;
}

export interface TrainHooks {
  /** The win share of agent `slot` over paired records, with its interval (analysis supplies it). */
  readonly shareOf: (records: readonly GameRecord[], slot: number) => Share;
  /** One progress line per generation (and per phase). */
  readonly log: (line: string) => void;
}

const pad = (g: number) => String(g).padStart(4, '0');

function shapeFor(game: AnyGame, players: number, hidden: readonly number[]): NetShape {
  const enc = game.encoder;
  if (!enc) throw new UserError(`train: game ${game.id} has no encoder; allowed: a game with an encoder (${GAMES.filter((g) => g.encoder).map((g) => g.id).join(', ')})`);
  return { inputs: enc.observationSize, hidden, actions: enc.actionCount, players };
}

/** Plays one generation's self-play games, in the pool when workers > 1. */
async function selfPlay(config: SelfPlayConfig, games: number, workers: number, shape: NetShape): Promise<SampleSet> {
  const indices = Array.from({ length: games }, (_, i) => i);
  if (workers <= 1) return selfPlayChunk(config, indices).samples;
  const chunkSize = Math.max(1, Math.ceil(games / (workers * 4)));
  const chunks: number[][] = [];
  for (let i = 0; i < games; i += chunkSize) chunks.push(indices.slice(i, i + chunkSize));
  const { pool, release } = acquirePool(workers);
  try {
    const results = (await Promise.all(chunks.map((c) => pool.exec('selfPlayChunk', [config, c])))) as { samples: SampleSet }[];
    // Chunks are in game order, so the buffer is the same for any worker count.
    return concatSamples(
      results.map((r) => r.samples),
      shape.players,
    );
  } finally {
    release();
  }
}

/** Trains `model` for `epochs` passes over `buffer` with seeded batches; mean losses of the last pass. */
function fit(rt: TfRuntime, model: LayersModel, shape: NetShape, buffer: SampleSet, s: TrainSettings, generation: number): StepLosses {
  const { tf } = rt;
  const optimizer = tf.train.adam(s.learningRate);
  const rng = new Rng(deriveSeed(s.seed, 'batches', generation));
  const bs = Math.min(s.batchSize, buffer.count);
  const batch: Batch = {
    size: bs,
    obs: new Float32Array(bs * shape.inputs),
    mask: new Float32Array(bs * shape.actions),
    pi: new Float32Array(bs * shape.actions),
    z: new Float32Array(bs * shape.players),
  };
  let last = { policy: 0, value: 0, entropy: 0 };
  for (let epoch = 0; epoch < s.epochs; epoch++) {
    const order = rng.shuffled(Array.from({ length: buffer.count }, (_, i) => i));
    const sums = { policy: 0, value: 0, entropy: 0 };
    let steps = 0;
    for (let from = 0; from + bs <= order.length; from += bs) {
      for (let b = 0; b < bs; b++) fillRow(buffer, order[from + b]!, b, shape.inputs, shape.actions, batch);
      const l = trainStep(tf, model, optimizer, shape, batch, s.l2);
      sums.policy += l.policy;
      sums.value += l.value;
      sums.entropy += l.entropy;
      steps++;
    }
    if (steps > 0) last = { policy: sums.policy / steps, value: sums.value / steps, entropy: sums.entropy / steps };
  }
  optimizer.dispose();
  return last;
}

function manifestFor(s: TrainSettings, game: AnyGame, options: object, shape: NetShape, generations: number, games: number, backend: string, minutes: number, strength: readonly StrengthRecord[]): ModelManifest {
  const enc = game.encoder!;
  return {
    format: 'crucible-model',
    formatVersion: 1,
    game: game.id,
    options,
    players: shape.players,
    encoder: { version: enc.version, observationSize: enc.observationSize, actionCount: enc.actionCount },
    network: { hidden: shape.hidden, parameters: parameterCount(shape) },
    training: {
      command: s.command,
      seed: s.seed,
      generations,
      selfPlayGames: games,
      backend,
      minutes: Math.round(minutes * 10) / 10,
      method: `expert iteration: generation 1 imitates ${s.expert} (${s.expertGames} games); then ${s.search === undefined ? `PUCT self-play with the best net (${s.iterations} iterations, c=${s.c}` : `self-play by ${s.search} with the best net as its prior (`}${s.search === undefined ? ', ' : ''}Dirichlet α=${s.noise.alpha} ε=${s.noise.epsilon}); value target ${s.valueMix}·return + ${Math.round((1 - s.valueMix) * 100) / 100}·root estimate${s.opponent === undefined ? '' : `; every other self-play game against ${s.opponent} (seats alternating, its moves not sampled)`}`,
    },
    strength,
  };
}

/**
 * The net-guided agent a checkpoint is measured as: `--search` (when given) with the net
 * as its prior and `evalIterations` iterations, else plain PUCT.
 */
export function guidedSpec(s: Pick<TrainSettings, 'search' | 'evalIterations'>, dir: string): string {
  if (s.search === undefined) return `mcts:prior=net,model=${dir},iterations=${s.evalIterations}`;
  const params = { ...parseAgentSpec(s.search).params, prior: 'net', model: dir, iterations: String(s.evalIterations) };
  return `mcts:${Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}`;
}

/** The settings that decide the weights (a resumed run must keep them). */
function fingerprint(s: TrainSettings): string {
  const { generations: _g, minutes: _m, workers: _w, command: _c, ...rest } = s;
  return stableJson(rest);
}

/** Runs (or resumes) training; returns every generation's record. */
export async function train(s: TrainSettings, out: string, hooks: TrainHooks): Promise<GenerationRecord[]> {
  const game = getGame(s.gameId);
  const options = parseWith(`${game.id} options`, game.optionsSchema, s.options) as object;
  const shape = shapeFor(game, game.numPlayers(options), s.hidden);
  const rt = await initTf();
  const started = nowMs();
  const dir = path.join(out, 'training');
  fs.mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'config.json');
  if (fs.existsSync(configFile)) {
    const before = fs.readFileSync(configFile, 'utf8').trim();
    if (before !== fingerprint(s)) {
      throw new UserError(`--out ${out}: it holds a training run with other settings (${path.join(dir, 'config.json')}); allowed: the same game, options, seed and settings to resume, or another --out`);
    }
  } else {
    fs.writeFileSync(configFile, fingerprint(s) + '\n');
  }
  const historyFile = path.join(dir, 'history.jsonl');
  const history: GenerationRecord[] = fs.existsSync(historyFile)
    ? fs
        .readFileSync(historyFile, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as GenerationRecord)
    : [];
  hooks.log(`${game.id}: ${rt.backend === 'wasm' ? 'tfjs backend: wasm' : `tfjs backend: ${rt.backend}`} (${rt.note}); network ${shape.inputs}→${shape.hidden.join('→')}→(${shape.actions} policy, ${shape.players} value), ${parameterCount(shape)} weights`);
  if (history.length > 0) hooks.log(`resuming after generation ${history.length} (${path.join(dir, 'history.jsonl')})`);

  const model = buildTfModel(rt.tf, shape, deriveSeed(s.seed, 'init'));
  // Training continues from the last checkpoint (float32 on disk: the same weights).
  if (history.length > 0) importWeights(rt.tf, model, shape, readArrays(path.join(dir, `gen-${pad(history.length)}`), game));
  let bestGeneration = history.at(-1)?.bestGeneration ?? 0;
  let totalGames = history.reduce((n, h) => n + h.selfPlayGames, 0);

  for (let g = history.length + 1; g <= s.generations; g++) {
    if (s.minutes > 0 && (nowMs() - started) / 60_000 >= s.minutes) {
      hooks.log(`stopping: the ${s.minutes}-minute budget is spent (resume with the same command and a larger --generations or --minutes)`);
      break;
    }
    const genDir = path.join(dir, `gen-${pad(g)}`);
    const bestDir = bestGeneration > 0 ? path.join(dir, `gen-${pad(bestGeneration)}`) : null;
    // 1. Self-play with the best net (the expert spec before there is one).
    const t0 = nowMs();
    const spConfig: SelfPlayConfig = {
      gameId: s.gameId,
      options: s.options,
      seed: s.seed,
      generation: g,
      iterations: s.iterations,
      c: s.c,
      noise: s.noise,
      sampleMoves: s.sampleMoves,
      net: bestDir ? { shape, arrays: readArrays(bestDir, game) } : null,
      expert: s.expert,
      valueMix: s.valueMix,
      ...(s.opponent === undefined ? {} : { opponent: s.opponent }),
      ...(s.search === undefined ? {} : { search: s.search }),
    };
    const games = bestDir ? s.gamesPerGeneration : s.expertGames;
    const samples = await selfPlay(spConfig, games, s.workers, shape);
    writeSamples(genDir, samples);
    const t1 = nowMs();
    // 2. Fit on the replay buffer (the last bufferGenerations generations).
    const first = Math.max(1, g - s.bufferGenerations + 1);
    const buffer = concatSamples(
      Array.from({ length: g - first + 1 }, (_, k) => readSamples(path.join(dir, `gen-${pad(first + k)}`))),
      shape.players,
    );
    const losses = fit(rt, model, shape, buffer, s, g);
    const arrays = exportWeights(model, shape);
    totalGames += games;
    const minutes = (nowMs() - started) / 60_000;
    writeModel(genDir, manifestFor(s, game, options, shape, g, totalGames, rt.backend, minutes, []), topologyOf(model), arrays);
    const t2 = nowMs();
    // 3. Evaluate the checkpoint: against the best so far, then the fixed baselines.
    const candidate = guidedSpec(s, genDir);
    const versus = async (opponent: string, k: number): Promise<Share> => {
      const { records } = await runMatch(
        { gameId: s.gameId, options: s.options, agents: [candidate, opponent], games: 2 * s.evalPairs, seed: `${s.seed}/eval/${g}/${k}`, paired: true },
        { workers: s.workers, outDir: path.join(genDir, `eval-${k}`), progress: false },
      );
      return { ...hooks.shareOf(records, 0), rival: hooks.shareOf(records, 1).mean };
    };
    const vsBest = bestDir ? await versus(guidedSpec(s, bestDir), 0) : null;
    const vsBaselines: (Share & { agent: string })[] = [];
    for (let k = 0; k < s.baselines.length; k++) vsBaselines.push({ agent: s.baselines[k]!, ...(await versus(s.baselines[k]!, k + 1)) });
    // The new checkpoint replaces the best when it scored more than the best in their games.
    const promoted = vsBest === null || vsBest.mean > (vsBest.rival ?? 1 - vsBest.mean);
    if (promoted) bestGeneration = g;
    const t3 = nowMs();
    const record: GenerationRecord = {
      generation: g,
      selfPlayGames: games,
      samples: samples.count,
      bufferSamples: buffer.count,
      seconds: { selfPlay: (t1 - t0) / 1000, fit: (t2 - t1) / 1000, eval: (t3 - t2) / 1000 },
      gamesPerSecond: games / Math.max(1e-3, (t1 - t0) / 1000),
      loss: { ...losses, total: losses.policy + losses.value },
      vsBest,
      vsBaselines,
      promoted,
      bestGeneration,
      backend: rt.backend,
    };
    fs.appendFileSync(historyFile, JSON.stringify(record) + '\n');
    history.push(record);
    // 4. The best model so far is the model folder at `out`.
    const best = path.join(dir, `gen-${pad(bestGeneration)}`);
    const bestRecord = history[bestGeneration - 1]!;
    const strength: StrengthRecord[] = bestRecord.vsBaselines.map((b) => ({
      agents: [guidedSpec(s, out), b.agent],
      share: b.mean,
      low: b.lo,
      high: b.hi,
      n: b.n,
      unit: 'pairs',
      seed: `${s.seed}/eval/${bestGeneration}`,
    }));
    const bestModel = readArrays(best, game);
    writeModel(out, manifestFor(s, game, options, shape, g, totalGames, rt.backend, minutes, strength), JSON.parse(fs.readFileSync(path.join(best, 'model.json'), 'utf8')).modelTopology, bestModel);
    hooks.log(progressLine(record));
  }
  model.dispose();
  return history;
}

function readArrays(dir: string, game: AnyGame): Float32Array[] {
  const net = loadModel(dir, game, `model ${dir}`).net;
  const arrays: Float32Array[] = [];
  for (const l of net.trunk) arrays.push(l.kernel, l.bias);
  arrays.push(net.policy.kernel, net.policy.bias, net.value.kernel, net.value.bias);
  return arrays;
}

const pct = (x: Share) => `${x.mean.toFixed(3)} [${x.lo.toFixed(3)}, ${x.hi.toFixed(3)}]${x.rival === undefined ? '' : ` (opponent ${x.rival.toFixed(3)})`}`;

/** "gen 3 | 12.4 games/s | loss 1.234 (policy 0.9, value 0.33) | entropy 1.1 | vs best 0.55 [..] | vs heuristic 0.52 [..]" */
export function progressLine(r: GenerationRecord): string {
  const parts = [
    `gen ${r.generation}`,
    `${r.gamesPerSecond.toFixed(1)} games/s`,
    `loss ${r.loss.total.toFixed(3)} (policy ${r.loss.policy.toFixed(3)}, value ${r.loss.value.toFixed(3)})`,
    `entropy ${r.loss.entropy.toFixed(3)}`,
  ];
  if (r.vsBest) parts.push(`vs best ${pct(r.vsBest)} n=${r.vsBest.n} pairs${r.promoted ? ' → new best' : ''}`);
  for (const b of r.vsBaselines) parts.push(`vs ${b.agent} ${pct(b)} n=${b.n} pairs`);
  parts.push(`${(r.seconds.selfPlay + r.seconds.fit + r.seconds.eval).toFixed(0)} s`);
  return parts.join(' | ');
}
