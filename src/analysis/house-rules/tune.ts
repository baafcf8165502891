/**
 * Tuning numeric rule options: a grid over each option's range, then a finer grid
 * around the best setting, every setting played on the same seeds (common random
 * numbers) so settings differ by the rule, not by luck. The objective is minimised.
 */
import type { AnyGame } from '../../core/game.js';
import { UserError, showValue } from '../../core/errors.js';
import { getGame } from '../../games/index.js';
import { runMatch } from '../../sim/runner.js';
import type { GameResolver } from '../../sim/play.js';
import type { GameRecord } from '../../sim/types.js';
import { responseCurve, type ResponsePoint } from '../charts.js';
import type { Report, ReportVerdict } from '../report-model.js';
import { mean, tInterval } from '../stats/descriptive.js';
import { unitShareInterval } from '../stats/paired.js';
import { holm, holmNote, formatLevel } from '../stats/multiplicity.js';
import { endedAtCap, isDraw } from '../stats/quality.js';
import { completed, unitKey, unitsOf } from './metrics.js';
import { agentsPhrase, failedGamesVerdict, minimumDetectableEffect } from '../stats/verdict.js';
import { fullOptions, numericDefault, setPath } from './paths.js';

export interface TuneParam {
  readonly path: string;
  readonly lo: number;
  readonly hi: number;
  /** Integer options step by whole numbers. */
  readonly integer: boolean;
}

/** Parses `--range lo..hi`. */
export function parseRange(path: string, raw: string): { lo: number; hi: number } {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*$/.exec(raw);
  if (!m || Number(m[1]) >= Number(m[2])) throw new UserError(`--range for ${path} is ${showValue(raw)}; allowed: lo..hi with lo < hi, e.g. 0..3`);
  return { lo: Number(m[1]), hi: Number(m[2]) };
}

/**
 * The range of an option when `--range` is not given: the sweep range its schema declares
 * (`optionDocs[].sweep`), so a designer can tune a documented option by name alone.
 */
export function sweepRange(game: AnyGame, path: string): { lo: number; hi: number } {
  const sweep = game.optionDocs.find((d) => d.path === path)?.sweep;
  if (!sweep) {
    const swept = game.optionDocs.filter((d) => d.sweep).map((d) => d.path);
    throw new UserError(`--range for ${path} is missing and ${game.id} declares no sweep range for it; allowed: --range lo..hi, or leave out --range for an option with a sweep range (${swept.join(', ') || 'none'})`);
  }
  return { lo: sweep.min, hi: sweep.max };
}

/** A setting's measured value with its 95% interval and the objective (lower is better). */
export interface Evaluation {
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
  /** Independent units behind the interval: pairs when games are paired, else games. */
  readonly n: number;
  readonly objective: number;
  /** The metric per unit, keyed by unit (same keys at every setting: common seeds). */
  readonly units?: ReadonlyMap<string, number>;
  /** Games that failed at this setting, and one of their errors. */
  readonly failed?: number;
  readonly error?: string;
}

export interface Evaluated {
  readonly values: readonly number[];
  readonly evaluation: Evaluation;
}

/** Evenly spaced values of a param (`count` points), rounded for integer options. */
function gridValues(p: TuneParam, lo: number, hi: number, count: number): number[] {
  const out = new Set<number>();
  for (let i = 0; i < count; i++) {
    const x = count === 1 ? (lo + hi) / 2 : lo + ((hi - lo) * i) / (count - 1);
    out.add(p.integer ? Math.round(x) : Math.round(x * 1e6) / 1e6);
  }
  return [...out].filter((x) => x >= p.lo && x <= p.hi).sort((a, b) => a - b);
}

function cartesian(lists: readonly (readonly number[])[]): number[][] {
  return lists.reduce<number[][]>((acc, list) => acc.flatMap((prefix) => list.map((x) => [...prefix, x])), [[]]);
}

/**
 * Grid search, then `refinements` rounds of a 3-point-per-param grid around the best
 * setting with half the previous spacing. `evaluate` is called once per distinct setting.
 */
export async function searchGrid(
  params: readonly TuneParam[],
  evaluate: (values: readonly number[]) => Promise<Evaluation>,
  opts: { points?: number; refinements?: number } = {},
): Promise<{ best: Evaluated; all: Evaluated[] }> {
  const points = opts.points ?? (params.length === 1 ? 5 : 3);
  const seen = new Map<string, Evaluated>();
  const run = async (settings: number[][]): Promise<void> => {
    for (const values of settings) {
      const key = values.join(',');
      if (seen.has(key)) continue;
      seen.set(key, { values, evaluation: await evaluate(values) });
    }
  };
  let spacing = params.map((p) => (p.hi - p.lo) / Math.max(1, points - 1));
  await run(cartesian(params.map((p) => gridValues(p, p.lo, p.hi, points))));
  const bestOf = (): Evaluated =>
    [...seen.values()].reduce((b, e) => (e.evaluation.objective < b.evaluation.objective ? e : b));
  for (let round = 0; round < (opts.refinements ?? 1); round++) {
    const best = bestOf();
    spacing = spacing.map((s, i) => (params[i]!.integer ? Math.max(1, Math.floor(s / 2)) : s / 2));
    const around = params.map((p, i) => gridValues(p, best.values[i]! - spacing[i]!, best.values[i]! + spacing[i]!, 3));
    await run(cartesian(around));
  }
  const all = [...seen.values()].sort((x, y) => x.values.join(',').localeCompare(y.values.join(','), undefined, { numeric: true }));
  return { best: bestOf(), all };
}

export type TuneTarget = 'balance' | 'first-player' | 'draws' | 'length' | 'stalls';
export const TUNE_TARGETS: readonly TuneTarget[] = ['balance', 'first-player', 'draws', 'length', 'stalls'];

export interface TuneConfig {
  readonly gameId: string;
  readonly baseOptions: Readonly<Record<string, unknown>>;
  readonly params: readonly { path: string; lo: number; hi: number }[];
  readonly target: TuneTarget;
  /** Value the target metric should reach (default: fair share for balance/first-player, 0 draws; required for length). */
  readonly goal?: number;
  readonly agents: readonly string[];
  /** Games per setting (paired, same seeds at every setting). */
  readonly games: number;
  readonly seed: string | number;
  readonly points?: number;
  readonly refinements?: number;
}

export interface TuneResult {
  readonly params: readonly TuneParam[];
  readonly target: TuneTarget;
  readonly goal: number;
  readonly metricLabel: string;
  readonly best: Evaluated;
  readonly all: readonly Evaluated[];
}

/**
 * The measured metric of a run for a target: 'balance' is the first seat's share (goal
 * 1/N, objective its distance from fair — for two players, half the seat gap);
 * 'first-player' likewise; 'draws' the draw rate; 'length' the mean length. The unit is
 * the seat-swapped pair when games are paired (its two games are often one game played
 * twice), so the interval is a t interval over pairs, not over games. A share with no
 * spread over the units (no pair drew: draw rate 0) gets the Wilson interval over units
 * instead of a zero-width t interval, which would claim the goal met or missed for sure.
 */
export function measureTarget(records: readonly GameRecord[], target: TuneTarget, goal: number): Evaluation {
  const metric = (r: GameRecord): number => (target === 'length' ? r.length : target === 'draws' ? (isDraw(r) ? 1 : 0) : target === 'stalls' ? (endedAtCap(r) ? 1 : 0) : r.returns[0]!);
  const units = new Map<string, number>();
  for (const [key, games] of unitsOf(records.map((record) => ({ key: unitKey(0, record), record })))) units.set(key, mean(games.map(metric)));
  const t = target === 'length' ? tInterval([...units.values()]) : unitShareInterval([...units.values()]);
  const failedRecords = records.filter((r) => !completed(r));
  return {
    value: t.mean,
    lo: t.lo,
    hi: t.hi,
    n: t.n,
    // 'stalls' looks for the mildest setting that brings the share at the cap under the goal
    // (issue #27): among settings under it, the one closest to it; any setting over it is
    // worse than every one under it (settings are assumed to end stalls the harder they bite).
    objective: target === 'stalls' ? (t.mean <= goal ? goal - t.mean : 1 + t.mean) : Math.abs(t.mean - goal),
    units,
    failed: failedRecords.length,
    ...(failedRecords.length ? { error: failedRecords[0]!.error ?? 'no returns' } : {}),
  };
}

export interface TuneRunOptions {
  readonly workers?: number;
  readonly runDir?: string;
  readonly progress?: boolean;
  readonly resolveGame?: GameResolver;
}

export async function tuneRules(config: TuneConfig, opts: TuneRunOptions = {}): Promise<TuneResult> {
  const game: AnyGame = (opts.resolveGame ?? getGame)(config.gameId);
  if (!TUNE_TARGETS.includes(config.target)) throw new UserError(`--target is ${showValue(config.target)}; allowed: ${TUNE_TARGETS.join(', ')}`);
  if (config.params.length === 0) throw new UserError('--param: none given; allowed: one or more numeric option paths, each with --range lo..hi');
  const base = fullOptions(game, config.baseOptions);
  const params: TuneParam[] = config.params.map((p) => {
    const def = numericDefault(game, base, p.path);
    return { ...p, integer: Number.isInteger(def) && Number.isInteger(p.lo) && Number.isInteger(p.hi) };
  });
  const players = game.numPlayers(base as never);
  const goal = config.goal ?? (config.target === 'draws' ? 0 : config.target === 'stalls' ? 0.05 : config.target === 'length' ? NaN : 1 / players);
  if (!Number.isFinite(goal)) throw new UserError(`--goal is missing; allowed: a number (the game length to aim for) when --target is length`);
  const { best, all } = await searchGrid(
    params,
    async (values) => {
      let options: Record<string, unknown> = base;
      params.forEach((p, i) => (options = setPath(options, p.path, values[i])));
      fullOptions(game, options); // a setting outside the option's allowed range fails here, naming it
      const key = params.map((p, i) => `${p.path}=${values[i]}`).join(',').replace(/[^A-Za-z0-9_.=,-]/g, '_');
      const { records } = await runMatch(
        { gameId: config.gameId, options, agents: config.agents, games: config.games, seed: config.seed, paired: config.games % 2 === 0 },
        {
          workers: opts.resolveGame ? 1 : opts.workers,
          ...(opts.runDir ? { runsDir: opts.runDir, runName: key } : {}),
          progress: opts.progress,
          label: key,
          resolveGame: opts.resolveGame,
        },
      );
      return measureTarget(records, config.target, goal);
    },
    { points: config.points, refinements: config.refinements },
  );
  const metricLabel = { balance: 'first seat win share', 'first-player': 'first seat win share', draws: 'draw rate', length: 'game length (decisions)', stalls: 'share of games ended at the cap' }[config.target];
  return { params, target: config.target, goal, metricLabel, best, all };
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : String(x));

/** Response curves: one per param, through the best setting of the others. */
export function responsePoints(result: Pick<TuneResult, 'params' | 'best' | 'all'>, paramIndex: number): ResponsePoint[] {
  return result.all
    .filter((e) => e.values.every((v, j) => j === paramIndex || v === result.best.values[j]))
    .map((e) => ({ x: e.values[paramIndex]!, value: e.evaluation.value, lo: e.evaluation.lo, hi: e.evaluation.hi, n: e.evaluation.n }))
    .sort((a, b) => a.x - b.x);
}

/** A rival setting compared with the best one, pair by pair on common seeds. */
export interface RivalComparison {
  readonly values: readonly number[];
  /** Mean of (rival − best) of the metric over common units, with its Holm-level interval. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly level: number;
  readonly n: number;
  /** Holm rejects "same metric as the best setting". */
  readonly differs: boolean;
}

/** Every other setting against the best, on common units, Holm-corrected as one family. */
export function rivalsOfBest(result: Pick<TuneResult, 'best' | 'all'>): RivalComparison[] {
  const best = result.best.evaluation.units ?? new Map<string, number>();
  const others = result.all.filter((e) => e !== result.best);
  const diffsOf = others.map((e) => {
    const out: number[] = [];
    for (const [key, v] of e.evaluation.units ?? []) {
      const b = best.get(key);
      if (b !== undefined) out.push(v - b);
    }
    return out;
  });
  const decisions = holm(
    diffsOf,
    (d) => {
      const t = tInterval(d);
      const se = t.sd / Math.sqrt(t.n);
      return se > 0 ? Math.abs(t.mean) / se : t.mean !== 0 ? Infinity : 0;
    },
    (d, level) => {
      const t = tInterval(d, level);
      return t.lo > 0 || t.hi < 0;
    },
  );
  return others.map((e, i) => {
    const t = tInterval(diffsOf[i]!, decisions[i]!.level);
    return { values: e.values, diff: t.mean, lo: t.lo, hi: t.hi, level: decisions[i]!.level, n: t.n, differs: decisions[i]!.rejected };
  });
}

export function tuneReport(config: TuneConfig, result: TuneResult, meta: { id: string; command: string }): Report {
  const best = result.best;
  const setting = result.params.map((p, i) => `${p.path} = ${best.values[i]}`).join(', ');
  const e = best.evaluation;
  const play = agentsPhrase(config.agents);
  // tuneRules pairs the games whenever their number is even (paired: games % 2 === 0).
  const unit = config.games % 2 === 0 ? 'pairs' : 'games';
  // With its minimum detectable effect (80% power at this n): "consistent with the goal" is only as strong as the sample.
  const ev = (x: Evaluation): string => `${result.metricLabel} ${f3(x.value)} (95% CI ${f3(x.lo)} to ${f3(x.hi)}, n = ${x.n} ${unit}; MDE ${f3(minimumDetectableEffect(x))} at 80% power)`;
  const verdicts: ReportVerdict[] = [];
  const failed = result.all.reduce((s, x) => s + (x.evaluation.failed ?? 0), 0);
  if (failed > 0) {
    verdicts.push(failedGamesVerdict(failed, config.games * result.all.length, result.all.find((x) => x.evaluation.error)?.evaluation.error));
  }
  const values = result.all.map((x) => x.evaluation.value);
  const flat = Math.max(...values) - Math.min(...values) < 1e-12;
  const rivals = rivalsOfBest(result);
  if (flat) {
    // Every setting played out identically (e.g. the option only matters for a gladiator
    // type that is not in this setup): there is no best setting to report.
    verdicts.push({
      statement: `${result.params.map((p) => p.path).join(', ')} has no effect on the ${result.metricLabel} in this setup: all ${result.all.length} settings score ${f3(values[0]!)}, ${play}.`,
      evidence: `${result.all.length} settings × ${config.games} games on the same seeds; ${ev(e)}. Check that the option applies to this setup (e.g. the gladiator types in play).`,
      strength: 'inconclusive',
    });
  } else {
    const meets = e.lo <= result.goal && result.goal <= e.hi;
    verdicts.push(
      meets
        ? { statement: `At ${setting} the ${result.metricLabel} is consistent with the goal ${f3(result.goal)}: no miss larger than ${f3(minimumDetectableEffect(e))} is shown (one that large would be found 80% of the time at this sample size), ${play}.`, evidence: ev(e), strength: 'inconclusive' }
        : { statement: `Even the setting closest to the goal (${setting}) misses it: its ${result.metricLabel} stays ${e.value > result.goal ? 'above' : 'below'} ${f3(result.goal)}, ${play}.`, evidence: ev(e), strength: 'supported' },
    );
    const ties = rivals.filter((r) => !r.differs);
    if (ties.length > 0) {
      verdicts.push({
        statement: `The data do not single out one setting: ${ties.length} of ${rivals.length} other setting(s) are not shown to differ from ${setting}.`,
        evidence: ties.slice(0, 5).map((r) => `${r.values.join(', ')}: change ${f3(r.diff)} [${f3(r.lo)}, ${f3(r.hi)}] at ${formatLevel(r.level)}`).join('; ') + `; paired over ${ties[0]!.n} common ${unit}, Holm over ${rivals.length} comparisons`,
        strength: 'inconclusive',
      });
    } else if (rivals.length > 0) {
      verdicts.push({
        statement: `${setting} differs from every other setting tried (${rivals.length}), ${play}.`,
        evidence: `paired over common ${unit}, Holm-corrected over ${rivals.length} comparisons; smallest change ${f3(Math.min(...rivals.map((r) => Math.abs(r.diff))))}`,
        strength: 'supported',
      });
    }
    const edges = result.params.filter((p, i) => best.values[i] === p.lo || best.values[i] === p.hi);
    if (edges.length > 0) {
      verdicts.push({
        statement: `The best setting lies at the edge of the tested range for ${edges.map((p) => `${p.path} (${p.lo}..${p.hi})`).join(', ')}: a better one may lie beyond it; widen --range to find out.`,
        evidence: `best ${setting}`,
        strength: 'warning',
      });
    }
  }
  return {
    id: meta.id,
    title: `${config.gameId}: tuning ${result.params.map((p) => p.path).join(', ')} for ${config.target}`,
    gameId: config.gameId,
    question: `Which setting of ${result.params.map((p) => p.path).join(', ')} brings the ${result.metricLabel} closest to ${f3(result.goal)}?`,
    verdicts,
    sections: [
      {
        heading: 'Response',
        blocks: [
          ...result.params.map((p, i) => ({
            kind: 'chart' as const,
            id: `response-${i + 1}`,
            title: `${result.metricLabel} against ${p.path}`,
            caption: `Every setting is played on the same seeds; the band is the 95% interval over ${unit}, the dashed line the goal, the dotted line the best setting. ${holmNote(rivals.length, 'comparisons of a setting with the best one')}`,
            spec: responseCurve(responsePoints(result, i), {
              title: `Response to ${p.path}`,
              xTitle: p.path,
              yTitle: result.metricLabel,
              target: result.goal,
              best: best.values[i],
              integerX: p.integer,
            }),
          })),
          {
            kind: 'table' as const,
            id: 'settings',
            title: 'Every setting tried',
            rows: result.all.map((x) => ({
              ...Object.fromEntries(result.params.map((p, i) => [p.path, x.values[i]!])),
              value: x.evaluation.value,
              lo: x.evaluation.lo,
              hi: x.evaluation.hi,
              units: x.evaluation.n,
              'distance from goal': x.evaluation.objective,
              'differs from best': x === best ? null : (rivals.find((r) => r.values === x.values)?.differs ?? null),
            })),
          },
        ],
      },
    ],
    meta: {
      command: meta.command,
      seed: config.seed,
      sampleSizes: { 'games per setting': config.games, settings: result.all.length, 'total games': config.games * result.all.length },
      details: { agents: config.agents, baseOptions: config.baseOptions, target: config.target, goal: result.goal, best: setting },
    },
  };
}
