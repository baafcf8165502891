/**
 * Game-quality panel, after the metrics Ludii reports (C. Browne, "Automatic
 * Generation and Evaluation of Recombination Games", 2008; Ludii's metrics module):
 *
 * - balance: 1 − (largest − smallest seat win share); 1 = every seat equal.
 * - first-player advantage: seat 0's share − the fair share 1/N, with a Wilson interval.
 * - completion: share of games that end by the rules rather than at the move cap.
 * - drawishness: share of games where every seat got the same return (a draw).
 * - duration: mean, sd and quantiles of game length (decisions).
 * - lead changes: how often the leader (unique argmax of a per-step evaluation) changes
 *   to another player, per game and per decision; needs evaluation traces.
 *
 * Every share comes with its 95% interval and sample size.
 */
import type { GameRecord } from '../../core/record.js';
import { wilson, type Proportion } from '../../core/wilson.js';
import { mean, quantileSorted, variance } from './descriptive.js';
import { isComplete, unitShareInterval } from './paired.js';

/** One evaluation vector (a value per player) per step, in play order. */
export type EvaluationTrace = readonly (readonly number[])[];

export interface QualityOptions {
  /**
   * True when a game stopped at the move/turn cap. Default: `endedAtCap` (`tags.endReason`
   * is 'cap' or ends in ' cap' or '-cap'), the games' convention.
   */
  readonly hitCap?: (r: GameRecord) => boolean;
  /**
   * Evaluation trace of a game, if the runner recorded one. Without it, a numeric
   * `tags.leadChanges` (counted by the game or runner) is used; with neither, lead
   * changes are null.
   */
  readonly trace?: (r: GameRecord) => EvaluationTrace | undefined;
  readonly level?: number;
  /**
   * The independent unit a game belongs to. Default: its seat-swapped pair in a paired
   * run (both games share a seed), else the game itself. Studies that pair games across
   * two tables (same seed, seats swapped) name their own units. The shares' intervals
   * are over units: Wilson over games when every unit is one game, else a t interval
   * over the units' means.
   */
  readonly unitOf?: (r: GameRecord) => string;
}

export interface Duration {
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly q10: number;
  readonly q25: number;
  readonly median: number;
  readonly q75: number;
  readonly q90: number;
  readonly max: number;
}

export interface QualityPanel {
  /** Completed games analysed; failed games are counted apart. */
  readonly games: number;
  readonly failed: number;
  readonly seats: number;
  /** Independent units behind the shares' intervals (= games when unpaired). */
  readonly units: number;
  /** Win share of each seat (whoever sat there), with 95% intervals over units (their n counts units). */
  readonly seatShares: readonly Proportion[];
  /** 1 − (max − min) seat share. */
  readonly balance: number;
  /** Seat 0's share − 1/N, with the Wilson interval shifted the same way. */
  readonly firstPlayerAdvantage: { readonly estimate: number; readonly lo: number; readonly hi: number; readonly fair: number; readonly n: number };
  readonly completion: Proportion;
  readonly drawishness: Proportion;
  readonly duration: Duration;
  /** Null when no trace was provided for any game. */
  readonly leadChanges: { readonly perGame: number; readonly perDecision: number; readonly games: number } | null;
}

/**
 * The default cap test: `tags.endReason` is 'cap' or ends in ' cap' or '-cap' (the games'
 * convention: Rumble 'cap', the duel 'turn cap', Superhero Gladiators 'turn-cap', Ophidian
 * 'wave-cap').
 */
export function endedAtCap(r: GameRecord): boolean {
  const reason = r.tags['endReason'];
  return typeof reason === 'string' && /(^|[ -])cap$/.test(reason);
}

/** True when all returns are equal (a draw, or an all-way tie). */
export function isDraw(r: GameRecord): boolean {
  return r.returns.length > 0 && r.returns.every((x) => Math.abs(x - r.returns[0]!) < 1e-9);
}

export { leader, LeadCounter } from '../../core/leads.js';
import { LeadCounter } from '../../core/leads.js';

/** Times the unique leader changes to a different player (ties neither lead nor reset). */
export function leadChanges(trace: EvaluationTrace): number {
  const counter = new LeadCounter();
  for (const e of trace) counter.observe(e);
  return counter.changes;
}

function duration(lengths: number[]): Duration {
  const s = lengths.slice().sort((a, b) => a - b);
  return {
    mean: mean(s),
    sd: Math.sqrt(variance(s)),
    min: s[0] ?? NaN,
    q10: quantileSorted(s, 0.1),
    q25: quantileSorted(s, 0.25),
    median: quantileSorted(s, 0.5),
    q75: quantileSorted(s, 0.75),
    q90: quantileSorted(s, 0.9),
    max: s[s.length - 1] ?? NaN,
  };
}

/**
 * A proportion over units: Wilson over games when every unit is one game (the exact
 * binomial case), else the mean of the units' means with a t interval over units (the
 * exact interval for equal units when they do not differ). `value` undefined leaves a game out.
 */
function unitProportion(units: readonly (readonly GameRecord[])[], value: (r: GameRecord) => number | undefined, level: number): Proportion {
  const means: number[] = [];
  let single = true;
  let sum = 0;
  for (const u of units) {
    const xs = u.map(value).filter((x): x is number => x !== undefined);
    if (xs.length === 0) continue;
    if (xs.length > 1) single = false;
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    means.push(m);
    sum += m;
  }
  if (single) return wilson(sum, means.length, level);
  const t = unitShareInterval(means, level);
  return { p: t.mean, lo: t.lo, hi: t.hi, n: t.n };
}

export function qualityPanel(records: readonly GameRecord[], options: QualityOptions = {}): QualityPanel {
  const level = options.level ?? 0.95;
  const hitCap = options.hitCap ?? endedAtCap;
  const done = records.filter(isComplete);
  const n = done.length;
  const seats = Math.max(0, ...done.map((r) => r.returns.length));
  const unitOf = options.unitOf ?? ((r: GameRecord) => (r.pair !== undefined ? `p${r.pair}` : `g${r.index}`));
  const groups = new Map<string, GameRecord[]>();
  for (const r of done) {
    const k = unitOf(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const share = (value: (r: GameRecord) => number | undefined): Proportion => unitProportion([...groups.values()], value, level);
  const seatShares = Array.from({ length: seats }, (_, seat) => share((r) => (r.returns.length > seat ? r.returns[seat]! : undefined)));
  const ps = seatShares.map((s) => s.p).filter((p) => !Number.isNaN(p));
  const fair = seats > 0 ? 1 / seats : NaN;
  const s0 = seatShares[0] ?? wilson(0, 0, level);
  let traced = 0;
  let changes = 0;
  let decisions = 0;
  for (const r of done) {
    const t = options.trace?.(r);
    const tagged = r.tags['leadChanges'];
    const count = t ? leadChanges(t) : typeof tagged === 'number' ? tagged : null;
    if (count === null) continue;
    traced++;
    changes += count;
    decisions += r.length;
  }
  return {
    games: n,
    failed: records.length - n,
    units: groups.size,
    seats,
    seatShares,
    balance: ps.length ? 1 - (Math.max(...ps) - Math.min(...ps)) : NaN,
    firstPlayerAdvantage: { estimate: s0.p - fair, lo: s0.lo - fair, hi: s0.hi - fair, fair, n: s0.n },
    completion: share((r) => (hitCap(r) ? 0 : 1)),
    drawishness: share((r) => (isDraw(r) ? 1 : 0)),
    duration: duration(done.map((r) => r.length)),
    leadChanges: traced > 0 ? { perGame: changes / traced, perDecision: decisions > 0 ? changes / decisions : NaN, games: traced } : null,
  };
}
