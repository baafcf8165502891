/**
 * The summary of a run: each agent slot's win share, overall and per seat, with its
 * sample size and 95% interval, plus failures and mean game length.
 *
 * A slot's value in one game is the mean return of the seats it holds (one seat unless
 * the agent list repeats to fill a multi-player table), so every game is one
 * observation in [0, 1] and n counts games, not seats — except in a paired run, where
 * the overall share is a mean over pairs (the two games of a pair share their seed and
 * swap the seats, so they are one independent unit, not two) with a t interval over
 * pairs, as src/analysis/stats/paired.ts scores them; a pair with a failed game is left
 * out whole. The per-seat rows stay per game: within one seat, the games come from
 * different pairs.
 */
import { tFor } from '../core/student-t.js';
import { wilson } from '../core/wilson.js';
import { normalizeConfig, type NormalizedConfig } from './config.js';
import type { FailureSummary, GameRecord, MatchConfig, RunSummary, ShareSummary } from './types.js';
import type { TfBackend } from '../core/tf.js';

function share(slot: number, agent: string, seat: number | null, total: number, n: number): ShareSummary {
  const w = wilson(total, n);
  return { slot, agent, seat, share: w.p, lo: w.lo, hi: w.hi, n, unit: 'game' };
}

/**
 * A slot's share over `n` pairs from the sum and sum of squares of its pair scores: the
 * t interval over pairs, cut to [0, 1]. When every pair scored the same (no spread, e.g.
 * every pair won) the t interval has no width, so the exact interval for equal units is given
 * instead — Clopper–Pearson for "n of n" (issue #28: Wilson's undercovers there).
 */
function pairShare(slot: number, agent: string, total: number, squares: number, n: number): ShareSummary {
  const mean = n > 0 ? total / n : NaN;
  const variance = n > 1 ? Math.max(0, (squares - n * mean * mean) / (n - 1)) : NaN;
  if (!(variance > 1e-12)) {
    if (!(n > 0)) {
      const w = wilson(total, n);
      return { slot, agent, seat: null, share: mean, lo: w.lo, hi: w.hi, n, unit: 'pair' };
    }
    // The exact interval for n equal units in [0, 1] (analysis/stats equalUnitsInterval; the
    // Clopper–Pearson interval for n of n): Wilson's bound for n of n undercovers (0.438 for 3
    // of 3 against the exact 0.292).
    const q = 0.025 ** (1 / n);
    return { slot, agent, seat: null, share: mean, lo: mean - (1 - q) * mean, hi: mean + (1 - q) * (1 - mean), n, unit: 'pair' };
  }
  const half = (tFor(0.95, n - 1) * Math.sqrt(variance)) / Math.sqrt(n);
  return { slot, agent, seat: null, share: mean, lo: Math.max(0, mean - half), hi: Math.min(1, mean + half), n, unit: 'pair' };
}

/**
 * The summary built one record at a time, so a run of any size is summarized in
 * constant memory. Feed records in index order (the runner does) so floating-point
 * sums, and hence summary.json, are the same bytes for any worker count.
 */
export class SummaryAccumulator {
  private readonly cfg: NormalizedConfig;
  private readonly slotTotal: number[];
  private readonly slotN: number[];
  // seatTotal[slot][seat], seatN[slot][seat]; seats grow as records show them.
  private readonly seatTotal: number[][];
  private readonly seatN: number[][];
  // Paired runs: each slot's sum and sum of squares of its complete pairs' scores, and the
  // first game of the pair in progress (the runner feeds games 2k and 2k + 1 in turn).
  private readonly pairTotal: number[];
  private readonly pairSquares: number[];
  private readonly pairN: number[];
  private openPair: { pair: number; scores: number[] } | null = null;
  private lengthSum = 0;
  private completed = 0;
  private failed = 0;
  private firstFailure: FailureSummary | undefined;

  constructor(
    config: MatchConfig,
    /** The tfjs backend the agents scored leaves on, when one of them uses tfjs (runtime.ts). */
    private readonly tfBackend?: TfBackend,
  ) {
    this.cfg = normalizeConfig(config);
    const slots = this.cfg.agents.length;
    this.slotTotal = new Array<number>(slots).fill(0);
    this.slotN = new Array<number>(slots).fill(0);
    this.seatTotal = Array.from({ length: slots }, () => []);
    this.seatN = Array.from({ length: slots }, () => []);
    this.pairTotal = new Array<number>(slots).fill(0);
    this.pairSquares = new Array<number>(slots).fill(0);
    this.pairN = new Array<number>(slots).fill(0);
  }

  add(r: GameRecord): void {
    const open = this.openPair;
    this.openPair = null;
    if (r.error !== undefined) {
      this.failed++;
      if (!this.firstFailure || r.index < this.firstFailure.index) this.firstFailure = { index: r.index, seed: r.seed, error: r.error };
      return;
    }
    this.completed++;
    this.lengthSum += r.length;
    const slotCount = this.cfg.agents.length;
    const sum = new Array<number>(slotCount).fill(0);
    const held = new Array<number>(slotCount).fill(0);
    r.slots.forEach((slot, seat) => {
      const ret = r.returns[seat] ?? 0;
      sum[slot]! += ret;
      held[slot]! += 1;
      this.seatTotal[slot]![seat] = (this.seatTotal[slot]![seat] ?? 0) + ret;
      this.seatN[slot]![seat] = (this.seatN[slot]![seat] ?? 0) + 1;
    });
    const scores = sum.map((x, k) => (held[k]! > 0 ? x / held[k]! : NaN));
    for (let k = 0; k < slotCount; k++) {
      if (held[k]! > 0) {
        this.slotTotal[k]! += scores[k]!;
        this.slotN[k]! += 1;
      }
    }
    if (!this.cfg.paired || r.pair === undefined) return;
    if (open === null || open.pair !== r.pair) {
      this.openPair = { pair: r.pair, scores };
      return;
    }
    // The pair's second game: the slot's pair score is the mean of its two games.
    for (let k = 0; k < slotCount; k++) {
      const x = (open.scores[k]! + scores[k]!) / 2;
      if (Number.isNaN(x)) continue;
      this.pairTotal[k]! += x;
      this.pairSquares[k]! += x * x;
      this.pairN[k]! += 1;
    }
  }

  result(): RunSummary {
    const cfg = this.cfg;
    const shares = cfg.agents.map((agent, k) =>
      cfg.paired ? pairShare(k, agent, this.pairTotal[k]!, this.pairSquares[k]!, this.pairN[k]!) : share(k, agent, null, this.slotTotal[k]!, this.slotN[k]!),
    );
    const sharesBySeat: ShareSummary[] = [];
    cfg.agents.forEach((agent, k) => {
      this.seatN[k]!.forEach((n, seat) => {
        if (n !== undefined) sharesBySeat.push(share(k, agent, seat, this.seatTotal[k]![seat]!, n));
      });
    });
    return {
      gameId: cfg.gameId,
      options: cfg.options,
      agents: cfg.agents,
      seed: cfg.seed,
      games: cfg.games,
      completed: this.completed,
      failed: this.failed,
      meanLength: this.completed > 0 ? this.lengthSum / this.completed : NaN,
      shares,
      sharesBySeat,
      ...(this.tfBackend ? { tfBackend: this.tfBackend } : {}),
      ...(this.firstFailure ? { firstFailure: this.firstFailure } : {}),
    };
  }
}

/** Summarizes the records of a run (in any order; failed games are counted, not scored). */
export function summarize(config: MatchConfig, records: readonly GameRecord[]): RunSummary {
  const acc = new SummaryAccumulator(config);
  for (const r of [...records].sort((a, b) => a.index - b.index)) acc.add(r);
  return acc.result();
}

function fmt(x: number): string {
  return Number.isNaN(x) ? '  -  ' : x.toFixed(3);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/**
 * Printed tables number slots and seats from 1, as compare and tune do (people count
 * seats from 1); summary.json and the game records keep 0-based indices.
 */
function rows(list: readonly ShareSummary[], withSeat: boolean): string[] {
  const name = (s: ShareSummary) => `${s.slot + 1}:${s.agent}`;
  const nameWidth = Math.max(5, ...list.map((s) => name(s).length)) + 2;
  const unit = list[0]?.unit === 'pair' ? 'pairs' : 'games';
  const header = pad('agent', nameWidth) + (withSeat ? 'seat  ' : '') + `share  95% interval     n ${unit}`;
  return [
    header,
    ...list.map(
      (s) => pad(name(s), nameWidth) + (withSeat ? pad(s.seat === null ? '' : String(s.seat + 1), 6) : '') + `${fmt(s.share)}  [${fmt(s.lo)}, ${fmt(s.hi)}]  ${s.n}`,
    ),
  ];
}

/** The summary as a plain text table for the terminal. */
export function formatSummary(summary: RunSummary): string {
  const seats = new Set(summary.sharesBySeat.map((s) => s.seat)).size;
  const lines = [
    `${summary.gameId}  seed ${String(summary.seed)}  ${summary.games} games: ${summary.completed} completed, ${summary.failed} failed` +
      (Number.isNaN(summary.meanLength) ? '' : `, mean length ${summary.meanLength.toFixed(1)} decisions`),
    '',
    `Win share per agent: mean return of its seats, draws split (${seats} seats; 1/${seats} = ${seats > 0 ? (1 / seats).toFixed(3) : '-'})` +
      (summary.shares[0]?.unit === 'pair' ? '; paired: a pair of seat-swapped games is one unit, t interval over pairs:' : ':'),
    ...rows(summary.shares, false),
    '',
    'By seat (agents and seats numbered from 1; summary.json and game records count from 0):',
    ...rows(summary.sharesBySeat, true),
  ];
  if (summary.tfBackend) lines.push('', `Network leaves (batch=) scored by tfjs on its ${summary.tfBackend} backend: the same seed gives the same moves on that backend.`);
  return lines.join('\n');
}
