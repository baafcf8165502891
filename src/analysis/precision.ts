/**
 * Answers to a chosen precision (`--precision <width>`, `--minutes <m>`): play in
 * batches until every primary interval is at most `width` wide, or the time is up, or the
 * plan (the game budget) is exhausted — whichever comes first, checked after each batch.
 * The intervals that decide (and that the report shows as its verdict) are anytime-valid
 * (stats/confidence-sequence.ts), so stopping when the data look good does not inflate
 * the error rate.
 *
 * Determinism: batch k is seeded from (master seed, k) alone, so the games played are a
 * function of the seed and of the stopping rule's data, whatever the worker count. Only
 * `--minutes` reads the wall clock (between batches, never inside a game): it makes the
 * count machine-dependent, so the count played is recorded and a rerun with that plan
 * (`--games`, `--rounds`) and without --minutes reproduces it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError, showValue } from '../core/errors.js';
import { wallClockMs } from '../sim/clock.js';
import { normalizeConfig } from '../sim/config.js';
import { runMatch, summarize, type RunOptions } from '../sim/runner.js';
import type { GameRecord, MatchConfig, RunSummary } from '../sim/types.js';
import { bettingIntervals, type SequenceInterval } from './stats/confidence-sequence.js';

/** Why a --precision run stopped. */
export type PrecisionStop = 'target width reached' | 'time up' | 'plan exhausted';

/** The stopping rule a user asked for: a width, a time, or both. */
export interface PrecisionGoal {
  /** Widest primary interval allowed (absent: play until the time or the plan is up). */
  readonly width?: number;
  /** Wall-clock budget in minutes, checked between batches (absent: no time limit). */
  readonly minutes?: number;
}

/**
 * Parses --precision and --minutes (either may be absent), refusing bad values before any
 * game: a width in (0, 1] (intervals of shares and of share changes are on that scale) and
 * a positive number of minutes. Returns undefined when neither flag is given.
 */
export function precisionGoal(precision: string | undefined, minutes: string | undefined): PrecisionGoal | undefined {
  if (precision === undefined && minutes === undefined) return undefined;
  const number = (flag: string, raw: string, ok: (x: number) => boolean, allowed: string): number => {
    const x = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(x) || !ok(x)) throw new UserError(`${flag} is ${showValue(raw)}; allowed: ${allowed}`);
    return x;
  };
  return {
    ...(precision !== undefined ? { width: number('--precision', precision, (x) => x > 0 && x <= 1, 'a width greater than 0 and at most 1 (win-share scale), e.g. 0.05') } : {}),
    ...(minutes !== undefined ? { minutes: number('--minutes', minutes, (x) => x > 0 && x <= 100_000, 'a number of minutes greater than 0 (at most 100000), e.g. 30') } : {}),
  };
}

/** Checks that a batch size fits the run: at least 2 games and even when games are paired. */
export function checkBatch(flag: string, batch: number, paired: boolean): number {
  if (!Number.isInteger(batch) || batch < 1 || (paired && batch % 2 !== 0)) {
    throw new UserError(`${flag} is ${batch}; allowed: ${paired ? 'an even integer >= 2 (each pair is two games)' : 'a positive integer'}`);
  }
  return batch;
}

/** Watches the stopping rule: the width of the primary intervals and the wall clock. */
export class PrecisionClock {
  private readonly start: number;
  constructor(
    readonly goal: PrecisionGoal,
    private readonly now: () => number = wallClockMs,
  ) {
    this.start = now();
  }

  /** Minutes since the run started. */
  elapsedMinutes(): number {
    return (this.now() - this.start) / 60_000;
  }

  /**
   * The rule that stops the run now, or null to play another batch. `widest` is the widest
   * primary interval; `more` whether the plan has games left; `nextMinutes` how long the
   * next batch is expected to take (a study's next round plays as many games as all its
   * rounds before it): the time is up when it would end past the limit.
   */
  stop(widest: number, more: boolean, nextMinutes = 0): PrecisionStop | null {
    if (this.goal.width !== undefined && widest <= this.goal.width) return 'target width reached';
    if (this.goal.minutes !== undefined && this.elapsedMinutes() + nextMinutes >= this.goal.minutes) return 'time up';
    if (!more) return 'plan exhausted';
    return null;
  }
}

/** One line for reports and the terminal: the rule, what was asked, what was played. */
export function describeStop(stop: PrecisionStop, goal: PrecisionGoal, played: string, what = 'every primary interval'): string {
  const asked = [goal.width !== undefined ? `${what} at most ${goal.width} wide` : '', goal.minutes !== undefined ? `at most ${goal.minutes} minutes` : ''].filter(Boolean).join(', ');
  return `Stopped by: ${stop} (asked: ${asked}); played ${played}.`;
}

/** The primary measures of `play`: each agent slot's overall share, one unit per game or per seat-swapped pair. */
export interface SlotInterval extends SequenceInterval {
  readonly slot: number;
  readonly agent: string;
  readonly unit: 'game' | 'pair';
}

/**
 * Each slot's units in index order: its mean return per game (the summary's scores), or
 * per seat-swapped pair when paired (a pair with a failed game is left out whole).
 */
export function slotUnits(records: readonly GameRecord[], slots: number, paired: boolean): number[][] {
  const out: number[][] = Array.from({ length: slots }, () => []);
  const score = (r: GameRecord): number[] => {
    const sum = new Array<number>(slots).fill(0);
    const held = new Array<number>(slots).fill(0);
    r.slots.forEach((slot, seat) => {
      sum[slot]! += r.returns[seat] ?? 0;
      held[slot]! += 1;
    });
    return sum.map((x, k) => (held[k]! > 0 ? x / held[k]! : NaN));
  };
  const ok = (r: GameRecord | undefined): r is GameRecord => r !== undefined && r.error === undefined && r.returns.length > 0;
  const sorted = [...records].sort((a, b) => a.index - b.index);
  if (!paired) {
    for (const r of sorted) if (ok(r)) score(r).forEach((x, k) => Number.isNaN(x) || out[k]!.push(x));
    return out;
  }
  const byPair = new Map<number, GameRecord[]>();
  for (const r of sorted) if (r.pair !== undefined) byPair.set(r.pair, [...(byPair.get(r.pair) ?? []), r]);
  for (const [, games] of [...byPair].sort((a, b) => a[0] - b[0])) {
    if (games.length !== 2 || !ok(games[0]) || !ok(games[1])) continue;
    const a = score(games[0]);
    const b = score(games[1]);
    a.forEach((x, k) => {
      const y = (x + b[k]!) / 2;
      if (!Number.isNaN(y)) out[k]!.push(y);
    });
  }
  return out;
}

/**
 * The anytime-valid 95% interval of each slot's share (betting CS). The family is the
 * slots whose shares are not determined by the others: in a two-slot run where every
 * unit's shares sum to 1 (a two-player constant-sum game) the second is the mirror of the
 * first, so one test covers both; otherwise Bonferroni over the slots.
 */
export function slotIntervals(records: readonly GameRecord[], agents: readonly string[], paired: boolean, alpha = 0.05): SlotInterval[] {
  const units = slotUnits(records, agents.length, paired);
  const mirrored = agents.length === 2 && units[0]!.length === units[1]!.length && units[0]!.every((x, i) => Math.abs(x + units[1]![i]! - 1) < 1e-9);
  const family = mirrored ? 1 : agents.length;
  const each = bettingIntervals(units.map((u) => ({ units: u, range: [0, 1] as const })), alpha * (agents.length / family));
  return each.map((ci, slot) => ({ ...ci, slot, agent: agents[slot]!, unit: paired ? 'pair' : 'game' }));
}

/** What a --precision play run did: its stopping rule, its batches and its anytime-valid intervals. */
export interface PrecisionPlayResult {
  readonly summary: RunSummary;
  readonly intervals: readonly SlotInterval[];
  readonly stop: PrecisionStop;
  readonly goal: PrecisionGoal;
  readonly batch: number;
  readonly batches: number;
  readonly games: number;
  /** Independent units behind the intervals (games, or pairs when paired). */
  readonly units: number;
  readonly minutes: number;
}

/**
 * Plays `config` (config.games is the plan: the most games) in batches of `batch`
 * games: batch k is a run of its own seeded `<seed>/batch-k`, kept in `outDir/batch-k`
 * (so a rerun resumes), its records renumbered after the batches before it. After each
 * batch the stopping rule reads the anytime-valid intervals. Writes outDir/meta.json with
 * the rule it stopped by and the games played.
 */
export async function playToPrecision(
  config: MatchConfig,
  goal: PrecisionGoal,
  opts: { readonly batch: number; readonly outDir: string; readonly command?: string; readonly now?: () => number } & Pick<RunOptions, 'workers' | 'progress' | 'resolveGame'>,
): Promise<PrecisionPlayResult> {
  const paired = normalizeConfig(config).paired; // the plan's own checks (an even paired count) before any game
  checkBatch('--batch', opts.batch, paired);
  const clock = new PrecisionClock(goal, opts.now);
  const records: GameRecord[] = [];
  let k = 0;
  let intervals: SlotInterval[] = [];
  let stop: PrecisionStop | null = null;
  while (stop === null) {
    const games = Math.min(opts.batch, config.games - records.length);
    const offset = records.length;
    const { records: batch } = await runMatch(
      { ...config, games, seed: batchSeed(config.seed, k) },
      { workers: opts.workers, outDir: path.join(opts.outDir, `batch-${k}`), progress: opts.progress, label: `${config.gameId} batch ${k + 1}`, resolveGame: opts.resolveGame },
    );
    records.push(...batch.map((r) => renumber(r, offset)));
    k++;
    intervals = slotIntervals(records, config.agents, paired);
    const widest = Math.max(...intervals.map((c) => (c.n > 0 ? c.hi - c.lo : Infinity)));
    stop = clock.stop(widest, records.length < config.games);
  }
  const summary = summarize({ ...config, games: records.length }, records);
  const result: PrecisionPlayResult = {
    summary,
    intervals,
    stop,
    goal,
    batch: opts.batch,
    batches: k,
    games: records.length,
    units: Math.max(0, ...intervals.map((c) => c.n)),
    minutes: clock.elapsedMinutes(),
  };
  writePrecisionMeta(opts.outDir, result, opts.command);
  return result;
}

/** The master seed of batch k: a function of the run's seed and k alone. */
export function batchSeed(seed: string | number, k: number): string {
  return `${String(seed)}/batch-${k}`;
}

/** A batch's record as game `offset + index` of the whole run (pairs renumbered alike). */
export function renumber(r: GameRecord, offset: number): GameRecord {
  if (offset === 0) return r;
  return { ...r, index: r.index + offset, ...(r.pair !== undefined ? { pair: r.pair + offset / 2 } : {}) };
}

function writePrecisionMeta(outDir: string, r: PrecisionPlayResult, command: string | undefined): void {
  const meta = {
    precision: {
      stoppedBy: r.stop,
      asked: r.goal,
      batch: r.batch,
      batches: r.batches,
      games: r.games,
      units: r.units,
      minutes: Number(r.minutes.toFixed(3)),
      reproduce: `the same command with --games ${r.games} and without --minutes plays exactly these ${r.batches} batches`,
      intervals: r.intervals.map((c) => ({ slot: c.slot, agent: c.agent, share: c.estimate, lo: c.lo, hi: c.hi, level: c.level, n: c.n, unit: c.unit })),
    },
    ...(command ? { command } : {}),
  };
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'meta.json'), JSON.stringify(meta, null, 2) + '\n');
}

/** The anytime-valid intervals as terminal lines. */
export function formatSlotIntervals(result: PrecisionPlayResult): string[] {
  const unit = result.intervals[0]?.unit === 'pair' ? 'pairs' : 'games';
  const level = result.intervals[0]?.level ?? 0.95;
  return [
    `Anytime-valid intervals (betting confidence sequence, Waudby-Smith & Ramdas; ${(level * 100).toFixed(level === 0.95 ? 0 : 2)}% each, 95% over the ${result.intervals.length} agents together) — the verdict of this run:`,
    ...result.intervals.map((c) => `  ${c.slot + 1}:${c.agent}  ${c.estimate.toFixed(3)}  [${c.lo.toFixed(3)}, ${c.hi.toFixed(3)}]  width ${(c.hi - c.lo).toFixed(3)}  n ${c.n} ${unit}`),
  ];
}
