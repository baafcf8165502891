/**
 * Measures compared between rule sets and their paired differences.
 *
 * The unit is the *pair* of games (same seed, seats swapped) whenever games are paired,
 * else the single game: with deterministic agents the two games of a pair are often the
 * very same game, so counting them as two would make every interval about √2 too narrow
 * (and a null A/B test "significant" twice as often as it should be). A unit's value for
 * a measure is the mean over its games; a difference B − A is taken unit by unit (A and
 * B share seeds — common random numbers — unless the comparison is an A/A calibration,
 * where B's seeds are independent); its interval is a t interval over units (a paired
 * percentile bootstrap over units for the seat gap, which is a property of a sample).
 *
 * All measures of one comparison form one family: Holm's step-down correction decides
 * which changes are "supported", and each change's interval is the one at the level it
 * was tested at, so the table, the chart and the verdict are one computation.
 */
import type { GameRecord } from '../../sim/types.js';
import { mean, tInterval, type Bounds } from '../stats/descriptive.js';
import { holm } from '../stats/multiplicity.js';
import { isDraw } from '../stats/quality.js';
import { Rng } from '../../core/rng.js';
import { fairnessMeasures, type Measure } from './fairness.js';
import { bettingInterval, lookLevel } from '../stats/confidence-sequence.js';

export type { Measure } from './fairness.js';

export function completed(r: GameRecord): boolean {
  return r.error === undefined && r.returns.length > 0;
}

/** A game keyed by the unit it belongs to: `<batch>:p<pair>` or `<batch>:g<index>`. */
export type Keyed = { readonly key: string; readonly record: GameRecord };

/** The key of `record`'s unit within batch `batch`. */
export function unitKey(batch: number | string, record: GameRecord): string {
  return `${batch}:${record.pair !== undefined ? `p${record.pair}` : `g${record.index}`}`;
}

/** Games grouped by unit; a unit is usable when all its games completed (and a pair is whole). */
export function unitsOf(keyed: readonly Keyed[]): Map<string, GameRecord[]> {
  const groups = new Map<string, GameRecord[]>();
  for (const { key, record } of keyed) {
    const g = groups.get(key);
    if (g) g.push(record);
    else groups.set(key, [record]);
  }
  for (const [key, games] of groups) {
    const whole = games[0]!.pair === undefined ? games.length === 1 : games.length === 2;
    if (!whole || !games.every(completed)) groups.delete(key);
  }
  return groups;
}

/** Returns sum to one constant in every game (a win for one is a loss for the other). */
function constantSum(records: readonly GameRecord[]): boolean {
  const sums = records.filter(completed).map((r) => r.returns.reduce((s, x) => s + x, 0));
  return sums.length > 0 && sums.every((s) => Math.abs(s - sums[0]!) < 1e-9);
}

/**
 * The measures of a comparison: the game's declared fairness measures when it has them
 * (e.g. Dark Hero's underdog gap); otherwise the seat shares — only the first seat's in
 * a two-player constant-sum game, where the second seat's is 1 minus it; then the draw
 * rate (when any game was drawn), the length and lead changes (when the game counts them).
 */
export function measures(gameId: string, records: readonly GameRecord[]): Measure[] {
  const done = records.filter(completed);
  const players = Math.max(2, ...done.map((r) => r.returns.length));
  const out: Measure[] = [];
  const declared = fairnessMeasures(gameId);
  if (declared) out.push(...declared);
  else {
    const seats = players === 2 && constantSum(done) ? 1 : players;
    for (let k = 0; k < seats; k++) {
      out.push({ label: `seat ${k + 1} win share${k === 0 ? ' (first seat)' : ''}`, scale: 'share', value: (r) => r.returns[k] ?? NaN });
    }
  }
  if (done.some(isDraw)) out.push({ label: 'draw rate', scale: 'share', value: (r) => (isDraw(r) ? 1 : 0) });
  out.push({ label: 'game length', scale: 'length', value: (r) => r.length });
  if (done.length > 0 && done.every((r) => typeof r.tags['leadChanges'] === 'number')) {
    out.push({ label: 'lead changes per game', scale: 'count', value: (r) => Number(r.tags['leadChanges']) });
  }
  return out;
}

export interface PairedChange {
  readonly label: string;
  readonly scale: Measure['scale'];
  readonly a: number;
  readonly b: number;
  /** Mean of (B − A) over common units, with its interval at `level`. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  /** Confidence level of [lo, hi]: 95% corrected for the family by Holm (see multiplicity.ts). */
  readonly level: number;
  /** Holm rejects "no change": the verdict may say the measure moved. */
  readonly supported: boolean;
  /** Independent units (pairs, or games when unpaired) behind the interval. */
  readonly n: number;
  /** Games behind the interval (per rule set). */
  readonly games: number;
  /** Set in a --precision run: 'sequence' (betting CS) or 'looks' (Bonferroni over the batches); see AnytimeOptions. */
  readonly anytime?: 'sequence' | 'looks';
}

interface Candidate {
  readonly label: string;
  readonly scale: Measure['scale'];
  readonly a: number;
  readonly b: number;
  readonly diff: number;
  readonly n: number;
  readonly games: number;
  /** Interval of the difference at a confidence level. */
  readonly at: (level: number) => { lo: number; hi: number };
  /** |diff| / standard error: the order in which Holm tests. */
  readonly strength: number;
  /** Per-unit changes in play order (bounded measures), for the anytime-valid interval. */
  readonly units?: readonly number[];
  /** The interval is a betting confidence sequence (see AnytimeOptions). */
  readonly sequence?: boolean;
}

/**
 * A --precision run looks after every batch, so its intervals must hold at every look
 * (src/analysis/precision.ts). Bounded measures (shares, share differences) then get the
 * betting confidence sequence over their per-unit changes (valid at any stopping time);
 * the others (length, lead changes, the bootstrap seat gap) their own interval at the
 * level Bonferroni over the run's most looks gives (at most `looks` batches). Holm runs
 * over these intervals as usual: each is a valid test at the time the run stopped.
 */
export interface AnytimeOptions {
  readonly looks: number;
}

function anytimeCandidate(c: Candidate, opts: AnytimeOptions): Candidate {
  if (c.units && (c.scale === 'share' || c.scale === 'difference')) {
    const span = c.scale === 'difference' ? 2 : 1;
    const units = c.units;
    return { ...c, sequence: true, at: (level) => (units.length ? bettingInterval(units, 1 - level, [-span, span]) : { lo: NaN, hi: NaN }) };
  }
  return { ...c, at: (level) => c.at(lookLevel(level, opts.looks)) };
}

/**
 * B − A changes of every measure over the units both runs completed. `matchSeeds`
 * (default true) requires a unit's seed to be the same in A and B (common random
 * numbers); an A/A calibration run gives B independent seeds and sets it false.
 */
export function pairedChanges(gameId: string, a: readonly Keyed[], b: readonly Keyed[], opts: { matchSeeds?: boolean; anytime?: AnytimeOptions } = {}): PairedChange[] {
  const ua = unitsOf(a);
  const ub = unitsOf(b);
  const common: [GameRecord[], GameRecord[]][] = [];
  for (const [key, ga] of ua) {
    const gb = ub.get(key);
    if (!gb) continue;
    if ((opts.matchSeeds ?? true) && gb[0]!.seed !== ga[0]!.seed) continue;
    common.push([ga, gb]);
  }
  const all = [...a, ...b].map((x) => x.record);
  const candidates: Candidate[] = [];
  if (!fairnessMeasures(gameId)) candidates.push(seatGapChange(common));
  for (const m of measures(gameId, all)) {
    const unitValue = (games: readonly GameRecord[]): number => mean(games.map(m.value));
    const rows = common.map(([ga, gb]) => [unitValue(ga), unitValue(gb)] as const).filter(([x, y]) => !Number.isNaN(x) && !Number.isNaN(y));
    const diffs = rows.map(([x, y]) => y - x);
    const t95 = tInterval(diffs);
    const se = t95.sd / Math.sqrt(t95.n);
    candidates.push({
      label: m.label,
      scale: m.scale,
      a: mean(rows.map(([x]) => x)),
      b: mean(rows.map(([, y]) => y)),
      diff: t95.mean,
      n: rows.length,
      games: gamesIn(common, rows.length),
      at: (level) => changeInterval(m.scale, diffs, level),
      units: diffs,
      // A zero-variance difference of 0 (identical games) is no evidence at all.
      strength: se > 0 ? Math.abs(t95.mean) / se : t95.mean !== 0 ? Infinity : 0,
    });
  }
  if (opts.anytime) candidates.splice(0, candidates.length, ...candidates.map((c) => anytimeCandidate(c, opts.anytime!)));
  const decisions = holm(candidates, (c) => c.strength, (c, level) => {
    const { lo, hi } = c.at(level);
    return lo > 0 || hi < 0;
  });
  return candidates.map((c, i) => {
    const { level, rejected } = decisions[i]!;
    const { lo, hi } = c.at(level);
    return {
      label: c.label, scale: c.scale, a: c.a, b: c.b, diff: c.diff, lo, hi, level, supported: rejected, n: c.n, games: c.games,
      ...(opts.anytime ? { anytime: c.sequence ? ('sequence' as const) : ('looks' as const) } : {}),
    };
  });
}

/**
 * The range a per-unit difference of a bounded measure can take (a share difference lies in
 * [−1, 1], a difference-of-shares measure in [−2, 2]); unbounded scales have none. With
 * bounds the t interval is cut to them and, when every unit's difference is the same, is the
 * exact interval for equal units (never of zero width: identical units are no proof of no
 * spread). Measured by simulation (test/analysis/stats/coverage.test.ts, issue #28): this
 * interval covers an A/A null 93–97% of the time from 5 pairs on; the pseudo-unit padding it
 * replaces (one unit at each end of the range, Agresti–Min in spirit, from when a zero-spread
 * sample gave a zero-width interval) covered it 100% of the time up to 8 pairs and 97–99.5% at
 * 30, so compare claimed 3% where it stated 5%.
 */
function differenceBounds(scale: Measure['scale']): Bounds | undefined {
  return scale === 'share' ? { min: -1, max: 1 } : scale === 'difference' ? { min: -2, max: 2 } : undefined;
}

/** The interval of a measure's B − A change over units (mean of `diffs`) at `level`; see differenceBounds. */
export function changeInterval(scale: Measure['scale'], diffs: readonly number[], level = 0.95): { lo: number; hi: number } {
  const t = tInterval(diffs, level, differenceBounds(scale));
  return { lo: t.lo, hi: t.hi };
}

function gamesIn(common: readonly (readonly [readonly GameRecord[], readonly GameRecord[]])[], units: number): number {
  const perUnit = common.length ? common[0]![0].length : 0;
  return units * perUnit;
}

/** Best seat's share minus worst seat's share over a set of games (0 = perfectly balanced). */
function seatGap(units: readonly (readonly GameRecord[])[]): number {
  const sums: number[] = [];
  let games = 0;
  for (const unit of units)
    for (const g of unit) {
      games++;
      g.returns.forEach((x, k) => (sums[k] = (sums[k] ?? 0) + x));
    }
  return sums.length ? (Math.max(...sums) - Math.min(...sums)) / games : NaN;
}

const BOOTSTRAP = 1000;

/**
 * Change of the seat gap (the balance measure) from A to B. The gap is a property of a
 * whole sample, not of one game, so its interval comes from a paired percentile
 * bootstrap over common units (fixed seed: the same data always give the same interval).
 */
function seatGapChange(common: readonly (readonly [readonly GameRecord[], readonly GameRecord[]])[]): Candidate {
  const a = common.map(([x]) => x);
  const b = common.map(([, y]) => y);
  const ga = seatGap(a);
  const gb = seatGap(b);
  const rng = new Rng(0x5eed);
  const diffs: number[] = [];
  const sa: (readonly GameRecord[])[] = new Array(common.length);
  const sb: (readonly GameRecord[])[] = new Array(common.length);
  for (let i = 0; i < BOOTSTRAP && common.length > 1; i++) {
    for (let j = 0; j < common.length; j++) {
      const k = rng.int(common.length);
      sa[j] = a[k]!;
      sb[j] = b[k]!;
    }
    diffs.push(seatGap(sb) - seatGap(sa));
  }
  diffs.sort((x, y) => x - y);
  const pick = (q: number): number => (diffs.length ? diffs[Math.min(diffs.length - 1, Math.max(0, Math.floor(q * diffs.length)))]! : NaN);
  const sd = Math.sqrt(diffs.reduce((s, d) => s + (d - mean(diffs)) ** 2, 0) / Math.max(1, diffs.length - 1));
  return {
    label: 'seat gap (best − worst seat share)',
    scale: 'share',
    a: ga,
    b: gb,
    diff: gb - ga,
    n: common.length,
    games: gamesIn(common, common.length),
    at: (level) => ({ lo: pick((1 - level) / 2), hi: pick(1 - (1 - level) / 2) }),
    strength: sd > 0 ? Math.abs(gb - ga) / sd : gb !== ga ? Infinity : 0,
  };
}
