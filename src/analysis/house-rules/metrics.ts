/**
 * Measures compared between rule sets (seat gap, seat shares, draws, length) and their
 * paired differences. Two runs with the same seeds share their games one by one (common
 * random numbers), so a difference is taken game by game and its interval is a t
 * interval over games (a bootstrap over games for the seat gap).
 */
import type { GameRecord } from '../../sim/types.js';
import { mean, tInterval } from '../stats/descriptive.js';
import { isDraw } from '../stats/quality.js';
import { Rng } from '../../core/rng.js';

export interface Measure {
  /** Label in tables and charts. */
  readonly label: string;
  /** 'share' measures are in [0, 1]; 'length' is in decisions; 'count' is per game. */
  readonly scale: 'share' | 'length' | 'count';
  readonly value: (r: GameRecord) => number;
}

export function completed(r: GameRecord): boolean {
  return r.error === undefined && r.returns.length > 0;
}

/** Seat win shares, draw rate, length (and lead changes when counted), for `players` seats. */
export function measures(players: number, withLeadChanges = false): Measure[] {
  const out: Measure[] = [];
  for (let k = 0; k < players; k++) {
    out.push({ label: `seat ${k + 1} win share${k === 0 ? ' (first seat)' : ''}`, scale: 'share', value: (r) => r.returns[k] ?? NaN });
  }
  out.push({ label: 'draw rate', scale: 'share', value: (r) => (isDraw(r) ? 1 : 0) });
  out.push({ label: 'game length', scale: 'length', value: (r) => r.length });
  if (withLeadChanges) out.push({ label: 'lead changes per game', scale: 'count', value: (r) => Number(r.tags['leadChanges'] ?? NaN) });
  return out;
}

export interface PairedChange {
  readonly label: string;
  readonly scale: 'share' | 'length' | 'count';
  readonly a: number;
  readonly b: number;
  /** Mean of (B − A) over common games, with its 95% t interval. */
  readonly diff: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
}

/** Key of a game common to both runs: its batch and index (and its seed, checked). */
export type Keyed = { readonly key: string; readonly record: GameRecord };

/** Game-by-game B − A differences of every measure over the games both runs completed. */
export function pairedChanges(a: readonly Keyed[], b: readonly Keyed[], players: number): PairedChange[] {
  const byKey = new Map(b.map((x) => [x.key, x.record]));
  const common: [GameRecord, GameRecord][] = [];
  for (const x of a) {
    const y = byKey.get(x.key);
    if (y && y.seed === x.record.seed && completed(x.record) && completed(y)) common.push([x.record, y]);
  }
  const withLeads = common.length > 0 && common.every(([ra, rb]) => typeof ra.tags['leadChanges'] === 'number' && typeof rb.tags['leadChanges'] === 'number');
  const changes = measures(players, withLeads).map((m) => {
    const av = common.map(([ra]) => m.value(ra));
    const bv = common.map(([, rb]) => m.value(rb));
    const t = tInterval(av.map((v, i) => bv[i]! - v));
    return { label: m.label, scale: m.scale, a: mean(av), b: mean(bv), diff: t.mean, lo: t.lo, hi: t.hi, n: common.length };
  });
  return [seatGapChange(common, players), ...changes];
}

/** Best seat's share minus worst seat's share over a set of games (0 = perfectly balanced). */
function seatGap(games: readonly GameRecord[], players: number): number {
  const sums = new Array<number>(players).fill(0);
  for (const g of games) for (let k = 0; k < players; k++) sums[k]! += g.returns[k] ?? 0;
  return (Math.max(...sums) - Math.min(...sums)) / games.length;
}

const BOOTSTRAP = 1000;

/**
 * Change of the seat gap (the balance measure) from A to B. The gap is a property of a
 * whole sample, not of one game, so its interval comes from a paired percentile
 * bootstrap over common games (fixed seed: the same data always give the same interval).
 */
function seatGapChange(common: readonly (readonly [GameRecord, GameRecord])[], players: number): PairedChange {
  const a = common.map(([x]) => x);
  const b = common.map(([, y]) => y);
  const ga = seatGap(a, players);
  const gb = seatGap(b, players);
  const rng = new Rng(0x5eed);
  const diffs: number[] = [];
  const sa: GameRecord[] = new Array(common.length);
  const sb: GameRecord[] = new Array(common.length);
  for (let i = 0; i < BOOTSTRAP && common.length > 1; i++) {
    for (let j = 0; j < common.length; j++) {
      const k = rng.int(common.length);
      sa[j] = a[k]!;
      sb[j] = b[k]!;
    }
    diffs.push(seatGap(sb, players) - seatGap(sa, players));
  }
  diffs.sort((x, y) => x - y);
  const pick = (q: number): number => (diffs.length ? diffs[Math.min(diffs.length - 1, Math.floor(q * diffs.length))]! : NaN);
  return { label: 'seat gap (best − worst seat share)', scale: 'share', a: ga, b: gb, diff: gb - ga, lo: pick(0.025), hi: pick(0.975), n: common.length };
}
