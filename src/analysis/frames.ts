/**
 * Game records as danfojs DataFrames, for the tables and group-bys reports show
 * (e.g. win share by agent and seat). One row per (game, seat) of a completed game.
 *
 * danfojs-node carries its own tfjs; loading it takes about a second, so only import
 * this module where tables are built (the statistics in stats/ do not depend on it).
 * Heavy math stays in plain TypeScript: DataFrames are used for shaping and grouping,
 * and intervals are added afterwards (over pairs when the run was paired). Group-bys over plain table rows
 * (groupMeans, groupSums, groupStats) and sorting live in table.ts.
 */
import dfd from 'danfojs-node';
import type { GameRecord } from '../sim/types.js';
import { wilson } from '../core/wilson.js';
import { isComplete, unitShareInterval } from './stats/paired.js';

type DataFrame = InstanceType<typeof dfd.DataFrame>;

/** One seat of one completed game. */
export interface SeatRow {
  readonly game: number;
  /** Pair number, or −1 when the run was not paired. */
  readonly pair: number;
  readonly seed: number;
  readonly seat: number;
  readonly slot: number;
  readonly agent: string;
  /** The seat's return (win share) in [0, 1]. */
  readonly share: number;
  readonly length: number;
}

/**
 * Extra per-seat columns drawn from a record, e.g. the build in the seat:
 * `(r, seat) => ({ type: String(r.tags[`type${seat}`]) })`.
 */
export type ExtraColumns = (r: GameRecord, seat: number) => Readonly<Record<string, string | number>>;

/** Plain rows, one per seat of every completed game (failed games are left out). */
export function seatRows(records: readonly GameRecord[], extra?: ExtraColumns): (SeatRow & Record<string, string | number>)[] {
  const rows: (SeatRow & Record<string, string | number>)[] = [];
  for (const r of records) {
    if (!isComplete(r)) continue;
    for (let seat = 0; seat < r.returns.length; seat++) {
      rows.push({
        game: r.index,
        pair: r.pair ?? -1,
        seed: r.seed,
        seat,
        slot: r.slots[seat]!,
        agent: r.seats[seat]!,
        share: r.returns[seat]!,
        length: r.length,
        ...(extra ? extra(r, seat) : {}),
      });
    }
  }
  return rows;
}

/** The records as a DataFrame with the SeatRow columns (an empty frame when none completed). */
export function recordsFrame(records: readonly GameRecord[], extra?: ExtraColumns): DataFrame {
  const rows = seatRows(records, extra);
  if (rows.length === 0) return new dfd.DataFrame([], { columns: ['game', 'pair', 'seed', 'seat', 'slot', 'agent', 'share', 'length'] });
  return new dfd.DataFrame(rows as unknown as Record<string, unknown>[]);
}

/** A DataFrame's rows as plain objects (ready for a ReportTable). */
export function frameRows(df: DataFrame): Record<string, string | number | boolean | null>[] {
  if (df.shape[0] === 0) return [];
  return dfd.toJSON(df, { format: 'column' }) as Record<string, string | number | boolean | null>[];
}

/** Win share of each group with its 95% interval over independent units. */
export interface GroupShare {
  readonly [key: string]: string | number;
  /** Seat rows behind the share (a game counts once per seat the group holds in it). */
  readonly games: number;
  /** Independent units behind the interval: seat-swapped pairs in a paired run, else games. */
  readonly units: number;
  readonly share: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Groups seat rows by the given columns (SeatRow columns or ones added by `extra`) and
 * reports each group's share, sorted by the group keys. The interval is over independent
 * units — the seat-swapped pair in a paired run (its two games share a seed), else the
 * game; a unit scores the mean of the group's rows in it (an agent in both seats of a
 * game is one observation, not two). When every unit holds one row it is the Wilson
 * interval over those rows, else a t interval over the units.
 */
export function groupShares(records: readonly GameRecord[], by: readonly string[], level = 0.95, extra?: ExtraColumns): GroupShare[] {
  const groups = new Map<string, { keys: Record<string, string | number>; units: Map<string, number[]>; rows: number }>();
  for (const row of seatRows(records, extra)) {
    const keys = Object.fromEntries(by.map((k) => [k, row[k] as string | number]));
    const id = JSON.stringify(by.map((k) => keys[k]));
    const g = groups.get(id) ?? { keys, units: new Map<string, number[]>(), rows: 0 };
    groups.set(id, g);
    const unit = row.pair >= 0 ? `p${row.pair}` : `g${row.game}`;
    const xs = g.units.get(unit);
    if (xs) xs.push(row.share);
    else g.units.set(unit, [row.share]);
    g.rows++;
  }
  return [...groups.values()]
    .map(({ keys, units, rows }) => {
      const lists = [...units.values()];
      if (lists.every((xs) => xs.length === 1)) {
        const w = wilson(
          lists.reduce((a, xs) => a + xs[0]!, 0),
          rows,
          level,
        );
        return { ...keys, games: rows, units: rows, share: w.p, lo: w.lo, hi: w.hi } as GroupShare;
      }
      const t = unitShareInterval(
        lists.map((xs) => xs.reduce((a, b) => a + b, 0) / xs.length),
        level,
      );
      return { ...keys, games: rows, units: t.n, share: t.mean, lo: t.lo, hi: t.hi } as GroupShare;
    })
    .sort(byKeys(by));
}

/** Orders rows by the group keys `by`, first key first (the tables' stable row order). */
function byKeys(by: readonly string[]) {
  return (a: Record<string, unknown>, b: Record<string, unknown>): number => {
    for (const k of by) {
      const x = a[k] as string | number;
      const y = b[k] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
}

/** Share by agent spec over all seats. */
export function shareByAgent(records: readonly GameRecord[], level = 0.95): GroupShare[] {
  return groupShares(records, ['agent'], level);
}

/** Share by agent spec and seat (who gains from moving first?). */
export function shareByAgentSeat(records: readonly GameRecord[], level = 0.95): GroupShare[] {
  return groupShares(records, ['agent', 'seat'], level);
}
