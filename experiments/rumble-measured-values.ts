/**
 * Power values measured from play, for the bidders of the Rumble auction studies.
 *
 * No hand-set prior enters: in the first round of auctions each bidder values every
 * power at its own seeded draw from 0 to ROUND1_MAX Energy (a hash of its seat and the
 * power's id — explorationValues), so who wins which lot, and how much Energy each hero
 * keeps, vary independently of the powers. (A bidder given no values would fall back to
 * the hand-set priors; one value for everyone would make every lot a tie, and Energy kept
 * a fixed function of the powers won — the fit could not tell them apart.)
 * From the games, a logistic regression of each hero's result on its Energy after the
 * auction and the powers it holds (both relative to the table average) gives each
 * power's value as β_power / β_Energy, in Energy. The bidders of the next round bid those
 * values; their games give new estimates; and so on until the values settle (largest
 * change below TOLERANCE Energy) or the iteration budget runs out. The report shows the
 * whole history, so a reader can see whether it converged.
 */
import type { GameRecord } from '../src/sim/types.js';
import { logisticFit } from '../src/analysis/stats/costcurve.js';
import { playTable, type RumbleStudyContext } from './rumble-common.js';
import { SEED_POWERS } from '../src/games/rumble/index.js';

/** Round 1's per-bidder values are drawn from 0..ROUND1_MAX Energy (see explorationValues). */
export const ROUND1_MAX = 30;

/**
 * Round 1's values for the bidder in `seat`: every power id at a draw from 0..ROUND1_MAX,
 * a 32-bit FNV-1a hash of "seat:id" (deterministic, no prior, different for each seat).
 */
export function explorationValues(ids: readonly string[], seat: number): Values {
  const out: Record<string, number> = {};
  for (const id of ids) {
    let h = 0x811c9dc5;
    for (const ch of `${seat}:${id}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    out[id] = h % (ROUND1_MAX + 1);
  }
  return out;
}

/** Bids are capped at 60% of Energy by the bidder; a value above it buys nothing more. */
export const MAX_VALUE = 60;
/** Powers held fewer times than this in an iteration's games keep their previous value. */
export const MIN_HOLDINGS = 12;
/** The values have settled when no estimated power moves by more than this (Energy). */
export const TOLERANCE = 3;
/**
 * A small ridge on the power coefficients (in log-odds) keeps rarely held powers from
 * separating the fit; it shrinks uncertain values toward 0, never away from it.
 */
const RIDGE = 1;

export type Values = Readonly<Record<string, number>>;

/** The value bidder of the quick auction study: bids its values, plays the menu uniformly. */
export const BIDDER_BASE = 'heuristic:bid=1,play=random';

/**
 * The value bidder of --full: bids its values and plays each round by a max^n search
 * whose evaluate counts those values (RUMBLE_PRICE_AGENT's play; agents/heuristics/rumble.ts).
 */
export const SKILLED_BIDDER_BASE = 'heuristic:bid=1,play=search,iterations=50';

/**
 * The bidder agent for a set of values (optionally barred from one power), built on
 * `base`: a Rumble heuristic spec without values or skip (a user's --agents).
 */
export function bidderSpec(values: Values, skip?: string, base = BIDDER_BASE): string {
  const list = Object.entries(values)
    .filter(([, v]) => v > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, v]) => `${id}/${Math.round(v * 10) / 10}`)
    .join('+');
  return `${base}${list ? `${base.includes(':') ? ',' : ':'}values=${list}` : ''}${skip ? `${base.includes(':') || list ? ',' : ':'}skip=${skip}` : ''}`;
}

export interface ValueIteration {
  readonly iteration: number;
  readonly games: number;
  /** Values the bidders used in this iteration's games. */
  readonly used: Values;
  /** Values estimated from them (clamped to [0, MAX_VALUE], damped). */
  readonly next: Values;
  /** Largest and mean absolute change over the powers estimated in this iteration. */
  readonly maxChange: number;
  readonly meanChange: number;
  readonly estimated: number;
  /** Win log-odds per Energy: must be positive for values to mean anything. */
  readonly energyCoefficient: number;
  readonly converged: boolean;
}

export interface MeasuredValues {
  readonly values: Values;
  readonly history: readonly ValueIteration[];
  readonly settled: boolean;
  /**
   * The iteration stopped because its games did not show that more Energy helps (β_Energy
   * ≤ 0): the values could not move, and the next round — same values, same seeds — would
   * replay the very same games. Values in Energy are then not identified by this play.
   */
  readonly stuck: boolean;
}

/** One iteration's estimates: β_power / β_Energy per power held often enough. */
export function estimateValues(records: readonly GameRecord[], players: number): { values: Record<string, number>; energy: number } {
  const counts = new Map<string, number>();
  for (const r of records)
    for (let p = 0; p < players; p++) for (const id of (r.tags[`powers_p${p}`] as readonly string[]) ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const ids = [...counts].filter(([, n]) => n >= MIN_HOLDINGS).map(([id]) => id).sort();
  const rows = records.flatMap((r) => {
    const energy = Array.from({ length: players }, (_, p) => 100 - Number(r.tags[`paid_p${p}`] ?? 0));
    const held = Array.from({ length: players }, (_, p) => (r.tags[`powers_p${p}`] as readonly string[]) ?? []);
    const meanE = energy.reduce((a, b) => a + b, 0) / players;
    return Array.from({ length: players }, (_, p) => {
      const features: Record<string, number> = { energy: energy[p]! - meanE };
      for (const id of ids) {
        const mine = held[p]!.filter((h) => h === id).length;
        const all = held.reduce((s, h) => s + h.filter((x) => x === id).length, 0);
        features[id] = mine - all / players;
      }
      return { features, outcome: r.returns[p]! };
    });
  });
  const fit = logisticFit(rows, { features: ['energy', ...ids], ridge: RIDGE });
  const energy = fit.coefficients.find((c) => c.name === 'energy')!.estimate;
  const values: Record<string, number> = {};
  for (const c of fit.coefficients) if (ids.includes(c.name)) values[c.name] = c.estimate / energy;
  return { values, energy };
}

/** Iterates value estimates → bids → auction games → new estimates until they settle. */
export async function measureValues(
  ctx: RumbleStudyContext,
  base: Record<string, unknown>,
  games: number,
  maxIterations: number,
  bidderBase = BIDDER_BASE,
  /** Plays one round's auctions (the study's table by default; tests pass synthetic games). */
  play: (key: string, bidders: readonly string[]) => Promise<GameRecord[]> = (key, bidders) => playTable(ctx, key, base, games, bidders),
): Promise<MeasuredValues & { lastRecords: GameRecord[]; lastRecordsAtFinalValues: boolean }> {
  const players = Number(base['players']);
  let values: Values = {};
  const custom = ((base['customPowers'] as readonly { id?: unknown }[] | undefined) ?? []).map((p) => String(p.id));
  const ids = [...SEED_POWERS.map((p) => p.id), ...custom];
  const history: ValueIteration[] = [];
  let lastRecords: GameRecord[] = [];
  for (let k = 0; k < maxIterations; k++) {
    // Round 1: each seat its own seeded values (no prior); then everyone bids the estimates.
    const bidders = k === 0 ? Array.from({ length: players }, (_, seat) => bidderSpec(explorationValues(ids, seat), undefined, bidderBase)) : [bidderSpec(values, undefined, bidderBase)];
    const records = await play(`values-iteration-${k}`, bidders);
    lastRecords = records;
    const est = estimateValues(records, players);
    const next: Record<string, number> = { ...values };
    const changes: number[] = [];
    // More Energy must help: when these games do not show it (β_Energy ≤ 0), the ratios
    // mean nothing, and the values are kept as they were for this round.
    const usable = est.energy > 0 ? Object.entries(est.values) : [];
    for (const [id, v] of usable) {
      const clamped = Math.min(MAX_VALUE, Math.max(0, v));
      // Damping halves oscillation between "everyone bids high, so it looks cheap" and back.
      const damped = k === 0 ? clamped : (values[id] ?? 0) / 2 + clamped / 2;
      changes.push(Math.abs(damped - (values[id] ?? 0)));
      next[id] = damped;
    }
    const maxChange = changes.length ? Math.max(...changes) : 0;
    const converged = k > 0 && maxChange < TOLERANCE && est.energy > 0;
    history.push({
      iteration: k + 1,
      games: records.length,
      used: values,
      next,
      maxChange,
      meanChange: changes.length ? changes.reduce((a, b) => a + b, 0) / changes.length : 0,
      estimated: changes.length,
      energyCoefficient: est.energy,
      converged,
    });
    // lastRecords were played at the values used in this round; `next` equals them when stuck.
    values = next;
    if (converged) break;
    if (usable.length === 0) return { values, history, settled: false, stuck: true, lastRecords, lastRecordsAtFinalValues: true };
  }
  return { values, history, settled: history[history.length - 1]!.converged, stuck: false, lastRecords, lastRecordsAtFinalValues: false };
}
