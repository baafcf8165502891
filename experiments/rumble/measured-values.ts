/**
 * Power values measured from play, for the bidders of the Rumble auction studies.
 *
 * No hand-set prior enters. Each round of auctions is a randomized pricing experiment:
 * every bidder bids its own seeded perturbation of the current values (round 1: a draw
 * from 0 to ROUND1_MAX Energy per power; later rounds: the current value ± up to JITTER
 * Energy — explorationValues, a hash of round, seat and power id), so the Energy a hero
 * keeps after the auction varies independently of the powers it wins.
 *
 * Why the perturbation is needed in every round: when all four bidders bid the same
 * values, a hero's Energy after the auction is 100 minus the values of the powers it won
 * — a fixed function of its powers — and a regression cannot tell "more Energy" from
 * "fewer powers". Measured under the skilled bidders of --full before this design (seed
 * 1, 1,500 games a round, every seat bidding one shared set of values): +0.022, +0.059,
 * +0.024, then −0.005 log-odds per Energy three times (nothing identified; the iteration
 * stuck). With per-seat values the slope is identified: +0.063 [0.043, 0.084] per Energy
 * on 400 skilled games of round-1 bids (seed "pilot", 2026-11-23).
 *
 * From each round's games a logistic regression of each hero's result on its Energy
 * after the auction and the powers it holds (both relative to the table average; a
 * small ridge) gives each power's price as β_power / β_Energy in Energy, with a delta-
 * method 95% interval (costcurve.ts fairPrices). The next round's bidders bid those
 * prices (clamped to 0..MAX_VALUE, averaged with the previous values). The values have
 * settled when every price's interval (at the Bonferroni level over the powers priced,
 * clamped like the bids, widened by TOLERANCE) contains the value its bidders bid: the values are then a fixed point of "bid these
 * values → measure what they buy", up to sampling noise. A round whose games do not
 * show that more Energy helps (the interval of β_Energy does not lie above 0) cannot
 * price anything: the iteration keeps the values and stops, and the report says so.
 */
import type { GameRecord } from '../../src/sim/types.js';
import { fairPrices, logisticFit } from '../../src/analysis/stats/costcurve.js';
import { zFor } from '../../src/core/wilson.js';
import { playTable, type RumbleStudyContext } from './common.js';
import { SEED_POWERS } from '../../src/games/rumble/index.js';

/** Round 1's per-bidder values are drawn from 0..ROUND1_MAX Energy (see explorationValues). */
export const ROUND1_MAX = 30;
/** Later rounds: each bidder bids the current value ± a seeded draw of at most JITTER Energy. */
export const JITTER = 10;

/** A 32-bit FNV-1a hash of a string (deterministic, no state). */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/**
 * The values the bidder in `seat` bids in round `round` (0-based) of the iteration:
 * round 0, every power at a draw from 0..ROUND1_MAX (a hash of "seat:id": no prior,
 * different for each seat); later rounds, each current value plus a draw from
 * −JITTER..JITTER (a hash of "round:seat:id"), at least 0. The perturbation is what
 * identifies the prices: see the file comment.
 */
export function explorationValues(ids: readonly string[], seat: number, round = 0, current: Values = {}): Values {
  const out: Record<string, number> = {};
  for (const id of ids) {
    if (round === 0) out[id] = fnv(`${seat}:${id}`) % (ROUND1_MAX + 1);
    else out[id] = Math.max(0, (current[id] ?? 0) + (fnv(`${round}:${seat}:${id}`) % (2 * JITTER + 1)) - JITTER);
  }
  return out;
}

/** Bids are capped at 60% of Energy by the bidder; a value above it buys nothing more. */
export const MAX_VALUE = 60;
/** Powers held fewer times than this in an iteration's games keep their previous value. */
export const MIN_HOLDINGS = 12;
/** Settled: each price's interval, widened by this much (Energy), holds the value bid. */
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
 * With no positive value to bid, the spec still carries `values` (this one entry, worth
 * 0): a Rumble heuristic given no `values` at all would bid from the hand-set priors.
 */
export const NO_VALUES = 'none/0';

/**
 * The bidder agent for a set of values (optionally barred from one power), built on
 * `base`: a Rumble heuristic spec without values or skip (a user's --agents). Powers
 * worth 0 are left out of the list (a missing power is worth 0 to the bidder).
 */
export function bidderSpec(values: Values, skip?: string, base = BIDDER_BASE): string {
  const list =
    Object.entries(values)
      .filter(([, v]) => v > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, v]) => `${id}/${Math.round(v * 10) / 10}`)
      .join('+') || NO_VALUES;
  return `${base}${list ? `${base.includes(':') ? ',' : ':'}values=${list}` : ''}${skip ? `${base.includes(':') || list ? ',' : ':'}skip=${skip}` : ''}`;
}

/** One power's price measured in one round: β_power / β_Energy with its 95% interval. */
export interface MeasuredPrice {
  readonly price: number;
  readonly lo: number;
  readonly hi: number;
  /** Standard error of the price (delta method). */
  readonly se: number;
  /** Heroes holding it in the round's games. */
  readonly holdings: number;
}

export interface ValueIteration {
  readonly iteration: number;
  readonly games: number;
  /** Centre values the bidders bid around in this iteration's games (round 1: none). */
  readonly used: Values;
  /** Prices measured from them (unclamped, with intervals). */
  readonly measured: Readonly<Record<string, MeasuredPrice>>;
  /** Values for the next round: measured prices clamped to [0, MAX_VALUE], damped. */
  readonly next: Values;
  /** Largest and mean absolute change over the powers estimated in this iteration. */
  readonly maxChange: number;
  readonly meanChange: number;
  readonly estimated: number;
  /** Win log-odds per Energy kept after the auction, with its 95% interval: must lie above 0. */
  readonly energyCoefficient: number;
  readonly energyLo: number;
  readonly energyHi: number;
  /** 5th–95th percentile span of the heroes' Energy differences after the auction: prices past it extrapolate. */
  readonly energySpan: number;
  /** Powers whose interval (Bonferroni over the powers priced, clamped, widened by TOLERANCE) misses the value bid. */
  readonly unsettled: number;
  readonly converged: boolean;
}

export interface MeasuredValues {
  readonly values: Values;
  readonly history: readonly ValueIteration[];
  readonly settled: boolean;
  /**
   * The iteration stopped because its games did not show that more Energy helps (β_Energy's
   * interval does not lie above 0): no price in Energy is identified by this play.
   */
  readonly stuck: boolean;
}

/** One round's estimates: β_power / β_Energy per power held often enough, with intervals. */
export function estimateValues(records: readonly GameRecord[], players: number): { values: Record<string, number>; prices: Record<string, MeasuredPrice>; energy: number; energyLo: number; energyHi: number; energySpan: number } {
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
      // Every hero of a game is a row, but their results are one game's: the seed is the unit
      // (the covariance is clustered by it; a duel entered once per seat is one observation).
      return { features, outcome: r.returns[p]!, group: r.seed };
    });
  });
  const fit = logisticFit(rows, { features: ['energy', ...ids], ridge: RIDGE });
  // The range of Energy differences the data hold (5th to 95th percentile): a price past it is an extrapolation.
  const rel = rows.map((r) => r.features['energy']!).sort((a, b) => a - b);
  const energySpan = rel.length ? rel[Math.floor(0.95 * (rel.length - 1))]! - rel[Math.floor(0.05 * (rel.length - 1))]! : 0;
  const e = fit.coefficients.find((c) => c.name === 'energy')!;
  const z = zFor(fit.level);
  const values: Record<string, number> = {};
  const prices: Record<string, MeasuredPrice> = {};
  for (const p of fairPrices(fit, 'energy').prices) {
    values[p.name] = p.price;
    prices[p.name] = { price: p.price, lo: p.lo, hi: p.hi, se: (p.hi - p.lo) / (2 * z), holdings: counts.get(p.name) ?? 0 };
  }
  return { values, prices, energy: e.estimate, energyLo: e.lo, energyHi: e.hi, energySpan };
}

const clampValue = (v: number) => Math.min(MAX_VALUE, Math.max(0, v));

/**
 * True when the value bid lies inside the price's interval, both clamped to the bids'
 * range and widened by TOLERANCE: the bidders already bid what their games measure.
 * With `family` prices checked at once the interval is at the Bonferroni level 1 − 0.05 /
 * family (the question "does every price hold?" is one test over all of them; at 95%
 * each, two or three of 45 would miss by chance alone and the values would never settle).
 */
export function priceHolds(used: number, m: Pick<MeasuredPrice, 'price' | 'se'>, family = 1): boolean {
  const half = zFor(1 - 0.05 / Math.max(1, family)) * m.se;
  return used >= clampValue(m.price - half) - TOLERANCE && used <= clampValue(m.price + half) + TOLERANCE;
}

/**
 * The values the study's final bidders bid: a power's settled value only when the data show
 * it is worth more than nothing — its last measured price's interval, at the Bonferroni
 * level over the powers priced in that round, lies above 0 — and 0 otherwise (issue #28).
 *
 * Why: the final auctions are not perturbed, so every bidder bids the same value and a
 * small value difference becomes a deterministic one (bought every time, or never). Two
 * equally worthless planted powers whose noisy settled values were 5.6 and 0 Energy were
 * bought 38 of 38 and 0 of 46 times: the auction outcomes then report noise as a
 * difference between them. Bidding only what the data support prices indistinguishable
 * powers alike (a worthless power is shown above 0 with probability at most 5% over the
 * whole family). Powers not priced in that round (held too rarely) are not shown worth
 * anything and bid 0. A stuck iteration (its last round priced nothing) keeps the values of
 * the round that priced them, judged by that round's intervals.
 */
export function supportedValues(m: Pick<MeasuredValues, 'values' | 'history'>): Values {
  const round = [...m.history].reverse().find((h) => Object.keys(h.measured).length > 0);
  if (!round) return {};
  const family = Object.keys(round.measured).length;
  const z = zFor(1 - 0.05 / family);
  const out: Record<string, number> = {};
  for (const [id, p] of Object.entries(round.measured)) if (p.se > 0 && p.price - z * p.se > 0) out[id] = m.values[id] ?? 0;
  return out;
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
): Promise<MeasuredValues & { lastRecords: GameRecord[] }> {
  const players = Number(base['players']);
  let values: Values = {};
  const custom = ((base['customPowers'] as readonly { id?: unknown }[] | undefined) ?? []).map((p) => String(p.id));
  const ids = [...SEED_POWERS.map((p) => p.id), ...custom];
  const history: ValueIteration[] = [];
  let lastRecords: GameRecord[] = [];
  for (let k = 0; k < maxIterations; k++) {
    // Every seat bids its own seeded perturbation of the current values (no prior).
    const bidders = Array.from({ length: players }, (_, seat) => bidderSpec(explorationValues(ids, seat, k, values), undefined, bidderBase));
    const records = await play(`values-iteration-${k}`, bidders);
    lastRecords = records;
    const est = estimateValues(records, players);
    // More Energy must help: when these games do not show it, the ratios mean nothing.
    const identified = est.energyLo > 0;
    const measured = identified ? est.prices : {};
    const next: Record<string, number> = { ...values };
    const changes: number[] = [];
    let unsettled = 0;
    const family = Object.keys(measured).length;
    for (const [id, m] of Object.entries(measured)) {
      // Damping halves oscillation between "everyone bids high, so it looks cheap" and back.
      const damped = k === 0 ? clampValue(m.price) : (values[id] ?? 0) / 2 + clampValue(m.price) / 2;
      changes.push(Math.abs(damped - (values[id] ?? 0)));
      if (!priceHolds(values[id] ?? 0, m, family)) unsettled++;
      next[id] = damped;
    }
    const converged = k > 0 && identified && unsettled === 0;
    history.push({
      iteration: k + 1,
      games: records.length,
      used: values,
      measured,
      next,
      maxChange: changes.length ? Math.max(...changes) : 0,
      meanChange: changes.length ? changes.reduce((a, b) => a + b, 0) / changes.length : 0,
      estimated: changes.length,
      energyCoefficient: est.energy,
      energyLo: est.energyLo,
      energyHi: est.energyHi,
      energySpan: est.energySpan,
      unsettled: identified ? unsettled : 0,
      converged,
    });
    if (!identified) return { values, history, settled: false, stuck: true, lastRecords };
    values = next;
    if (converged) break;
  }
  return { values, history, settled: history[history.length - 1]!.converged, stuck: false, lastRecords };
}
