/**
 * The report tables' data-frame layer: group-by (sums, means, standard deviations),
 * multi-key sorting, and the CSV every report table is written as. The per-power,
 * per-build and per-matchup tables of the studies are shaped here, through danfojs
 * DataFrames; the statistics on top of them (intervals, Holm) stay in stats/.
 *
 * danfojs is loaded on first use, synchronously (`createRequire`; it is CommonJS), so
 * importing this module costs nothing: a command that builds no table (`--version`, a
 * bad flag) never pays danfojs' 1–2 s start-up, and `npm start` pays it once.
 *
 * Two danfojs behaviours this module works around (tests: test/analysis/table.test.ts):
 * - its group-by names a group by joining the row's key values with "-", so the keys
 *   ("a-b", "c") and ("a", "b-c") land in one group, and so do 1 and "1". Key columns are
 *   therefore handed to danfojs as dense integer codes (one code per distinct value,
 *   told apart by identity, not by text) and decoded afterwards;
 * - its `toCSV` quotes nothing, so a comma, quote or newline in a user's power or hero
 *   name would shift or break a row. The CSV export here is RFC 4180 (`toCsv`).
 */
import { createRequire } from 'node:module';

type Danfo = typeof import('danfojs-node');
type DataFrame = InstanceType<Danfo['DataFrame']>;

let loaded: Danfo | undefined;
/** danfojs-node, loaded on the first table operation of the process. */
function danfo(): Danfo {
  return (loaded ??= createRequire(import.meta.url)('danfojs-node') as Danfo);
}

/** A cell of an input row. */
export type Cell = string | number;
/** A cell of a report table (what ReportTable rows hold). */
export type TableCell = string | number | boolean | null;

/** One group: its key columns, the row count `n` and the aggregates asked for. */
export type Group<A extends string> = Record<string, Cell> & { readonly n: number } & { readonly [K in A]: number };

/** The key columns `by` coded as integers: codes[c][i] is row i's code in column c. */
function codeKeys(rows: readonly Readonly<Record<string, unknown>>[], by: readonly string[]): { codes: number[][]; values: unknown[][] } {
  const codes: number[][] = [];
  const values: unknown[][] = [];
  for (const k of by) {
    const index = new Map<unknown, number>();
    const vals: unknown[] = [];
    codes.push(
      rows.map((r) => {
        const v = r[k];
        let c = index.get(v);
        if (c === undefined) {
          c = vals.length;
          index.set(v, c);
          vals.push(v);
        }
        return c;
      }),
    );
    values.push(vals);
  }
  return { codes, values };
}

/** Plain row objects from a frame (column name → value). */
function frameRecords(df: DataFrame): Record<string, number>[] {
  if (df.shape[0] === 0) return [];
  return danfo().toJSON(df, { format: 'column' }) as Record<string, number>[];
}

/**
 * Groups `rows` by the columns `by` and aggregates each value column with the danfojs
 * operations asked for ('sum', 'mean', 'std' — the sample sd, n − 1), plus the group's row
 * count `n`. Groups come back sorted by their keys (see sortRows). Rows whose value in
 * any value column is NaN are left out, as the studies' t intervals leave them out.
 */
function groupAgg(
  rows: readonly Readonly<Record<string, Cell>>[],
  by: readonly string[],
  values: readonly string[],
  ops: readonly ('sum' | 'mean' | 'std')[],
): Record<string, Cell>[] {
  const kept = rows.filter((r) => values.every((v) => !Number.isNaN(Number(r[v]))));
  if (kept.length === 0) return [];
  const { codes, values: keyValues } = codeKeys(kept, by);
  const keyCol = (c: number) => `k${c}`;
  const data = kept.map((r, i) => {
    const row: Record<string, number> = {};
    by.forEach((_, c) => (row[keyCol(c)] = codes[c]![i]!));
    values.forEach((v, j) => (row[`v${j}`] = Number(r[v])));
    return row;
  });
  const dfd = danfo();
  const agg: Record<string, string[]> = {};
  values.forEach((_, j) => (agg[`v${j}`] = j === 0 ? ['count', ...ops] : [...ops]));
  const grouped = frameRecords(new dfd.DataFrame(data).groupby(by.map((_, c) => keyCol(c))).agg(agg));
  const out = grouped.map((g) => {
    const row: Record<string, Cell> = {};
    by.forEach((k, c) => (row[k] = keyValues[c]![g[keyCol(c)]!] as Cell));
    row['n'] = g['v0_count']!;
    values.forEach((v, j) => ops.forEach((op) => (row[ops.length === 1 && op === 'sum' ? v : `${v}_${op}`] = g[`v${j}_${op}`]!)));
    return row;
  });
  // Sorted by the key values; a key column that mixes numbers and strings (1 and "1")
  // sorts by first appearance instead.
  const homogeneous = keyValues.map((vals) => new Set(vals.map((v) => typeof v)).size === 1);
  const order = grouped.map((g, i) => {
    const o: Record<string, Cell> = { i };
    by.forEach((_, c) => (o[keyCol(c)] = homogeneous[c] ? (keyValues[c]![g[keyCol(c)]!] as Cell) : g[keyCol(c)]!));
    return o;
  });
  return sortRows(order, by.map((_, c) => ({ column: keyCol(c) }))).map((o) => out[Number(o['i'])]!);
}

/** One group of `groupMeans`: its key columns, the mean of the value column and its count. */
export type GroupMean = Record<string, Cell> & { readonly mean: number; readonly n: number };

/** Mean and count of `value` per group of `by` (NaN values left out), sorted by the keys. */
export function groupMeans(rows: readonly Readonly<Record<string, Cell>>[], by: readonly string[], value: string): GroupMean[] {
  return groupAgg(rows, by, [value], ['mean']).map((g) => {
    const { [`${value}_mean`]: mean, ...rest } = g;
    return { ...rest, mean: Number(mean) } as GroupMean;
  });
}

/** One group of `groupStats`: keys, mean, sample sd (NaN for one row) and count. */
export type GroupStat = GroupMean & { readonly sd: number };

/** Mean, sample standard deviation and count of `value` per group of `by`, sorted by the keys. */
export function groupStats(rows: readonly Readonly<Record<string, Cell>>[], by: readonly string[], value: string): GroupStat[] {
  return groupAgg(rows, by, [value], ['mean', 'std']).map((g) => {
    const { [`${value}_mean`]: mean, [`${value}_std`]: sd, ...rest } = g;
    return { ...rest, mean: Number(mean), sd: Number(g['n']) > 1 ? Number(sd) : NaN } as GroupStat;
  });
}

/**
 * The sum of each of `values` per group of `by`, under the value column's own name, and
 * the group's row count `n`; sorted by the keys. E.g. one row per lot offered and per
 * power held, summed per power, gives the auction table's counts.
 */
export function groupSums<V extends string>(rows: readonly Readonly<Record<string, Cell>>[], by: readonly string[], values: readonly V[]): Group<V>[] {
  return groupAgg(rows, by, values, ['sum']) as Group<V>[];
}

/** One sort key: a column, ascending unless `descending`. */
export interface SortKey {
  readonly column: string;
  readonly descending?: boolean;
}

const missing = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));

/**
 * Rows in the order of `keys` (first key first; ties keep their input order), through
 * danfojs' sortValues. Numbers sort numerically, strings case-insensitively (danfojs'
 * order); a key column must not mix the two. Empty cells (null, NaN) sort last in either
 * direction. Only the key columns and the row positions enter the frame, so the rows'
 * own values come back untouched.
 */
export function sortRows<T extends Readonly<Record<string, unknown>>>(rows: readonly T[], keys: readonly SortKey[]): T[] {
  if (rows.length < 2 || keys.length === 0) return [...rows];
  // What an empty cell is filled with in each key column (its flag column sorts it last).
  const fill = keys.map(({ column }) => {
    const kinds = new Set(rows.filter((r) => !missing(r[column])).map((r) => typeof r[column]));
    if ([...kinds].some((k) => k !== 'number' && k !== 'string') || kinds.size > 1)
      throw new Error(`sortRows: column ${JSON.stringify(column)} must hold only numbers or only strings (found ${[...kinds].join(', ')})`);
    return kinds.has('string') ? '' : 0;
  });
  const data = rows.map((r, i) => {
    const row: Record<string, Cell> = { row: i };
    keys.forEach(({ column }, c) => {
      const v = r[column];
      row[`m${c}`] = missing(v) ? 1 : 0;
      row[`k${c}`] = missing(v) ? fill[c]! : (v as Cell);
    });
    return row;
  });
  const dfd = danfo();
  let df = new dfd.DataFrame(data);
  // Stable sorts from the least significant key to the most; within a key the empty
  // cells' flag is sorted after its values, so it outranks them.
  for (let c = keys.length - 1; c >= 0; c--) {
    df = df.sortValues(`k${c}`, { ascending: !keys[c]!.descending }) as DataFrame;
    df = df.sortValues(`m${c}`, { ascending: true }) as DataFrame;
  }
  return frameRecords(df).map((r) => rows[r['row']!]!);
}

/** RFC 4180 CSV of table rows: header from every row's columns; fields with a comma, quote or line break quoted. */
export function toCsv(rows: readonly Readonly<Record<string, TableCell | undefined>>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns.map(cell).join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}
