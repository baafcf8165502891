/**
 * The summary of a run: each agent slot's win share, overall and per seat, with its
 * sample size and 95% Wilson interval, plus failures and mean game length.
 *
 * A slot's value in one game is the mean return of the seats it holds (one seat unless
 * the agent list repeats to fill a multi-player table), so every game is one
 * observation in [0, 1] and n counts games, not seats.
 */
import { wilson } from '../core/wilson.js';
import { normalizeConfig, type NormalizedConfig } from './config.js';
import type { FailureSummary, GameRecord, MatchConfig, RunSummary, ShareSummary } from './types.js';

function share(slot: number, agent: string, seat: number | null, total: number, n: number): ShareSummary {
  const w = wilson(total, n);
  return { slot, agent, seat, share: w.p, lo: w.lo, hi: w.hi, n };
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
  private lengthSum = 0;
  private completed = 0;
  private failed = 0;
  private firstFailure: FailureSummary | undefined;

  constructor(config: MatchConfig) {
    this.cfg = normalizeConfig(config);
    const slots = this.cfg.agents.length;
    this.slotTotal = new Array<number>(slots).fill(0);
    this.slotN = new Array<number>(slots).fill(0);
    this.seatTotal = Array.from({ length: slots }, () => []);
    this.seatN = Array.from({ length: slots }, () => []);
  }

  add(r: GameRecord): void {
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
    for (let k = 0; k < slotCount; k++) {
      if (held[k]! > 0) {
        this.slotTotal[k]! += sum[k]! / held[k]!;
        this.slotN[k]! += 1;
      }
    }
  }

  result(): RunSummary {
    const cfg = this.cfg;
    const shares = cfg.agents.map((agent, k) => share(k, agent, null, this.slotTotal[k]!, this.slotN[k]!));
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
  const header = pad('agent', nameWidth) + (withSeat ? 'seat  ' : '') + 'share  95% interval     n';
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
    `Win share per agent: mean return of its seats, draws split (${seats} seats; 1/${seats} = ${seats > 0 ? (1 / seats).toFixed(3) : '-'}):`,
    ...rows(summary.shares, false),
    '',
    'By seat (agents and seats numbered from 1; summary.json and game records count from 0):',
    ...rows(summary.sharesBySeat, true),
  ];
  return lines.join('\n');
}
