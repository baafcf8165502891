/**
 * The summary of a run: each agent slot's win share, overall and per seat, with its
 * sample size and 95% Wilson interval, plus failures and mean game length.
 *
 * A slot's value in one game is the mean return of the seats it holds (one seat unless
 * the agent list repeats to fill a multi-player table), so every game is one
 * observation in [0, 1] and n counts games, not seats.
 */
import { wilson } from '../analysis/stats/wilson.js';
import { normalizeConfig } from './config.js';
import type { GameRecord, MatchConfig, RunSummary, ShareSummary } from './types.js';

function share(slot: number, agent: string, seat: number | null, total: number, n: number): ShareSummary {
  const w = wilson(total, n);
  return { slot, agent, seat, share: w.p, lo: w.lo, hi: w.hi, n };
}

/** Summarizes the records of a run (in any order; failed games are counted, not scored). */
export function summarize(config: MatchConfig, records: readonly GameRecord[]): RunSummary {
  const cfg = normalizeConfig(config);
  const slotCount = cfg.agents.length;
  const completed = [...records].sort((a, b) => a.index - b.index).filter((r) => r.error === undefined);
  const slotTotal = new Array<number>(slotCount).fill(0);
  const slotN = new Array<number>(slotCount).fill(0);
  // seatTotal[slot][seat], seatN[slot][seat]; seats grow as records show them.
  const seatTotal: number[][] = Array.from({ length: slotCount }, () => []);
  const seatN: number[][] = Array.from({ length: slotCount }, () => []);
  let lengthSum = 0;
  for (const r of completed) {
    lengthSum += r.length;
    const sum = new Array<number>(slotCount).fill(0);
    const held = new Array<number>(slotCount).fill(0);
    r.slots.forEach((slot, seat) => {
      const ret = r.returns[seat] ?? 0;
      sum[slot]! += ret;
      held[slot]! += 1;
      seatTotal[slot]![seat] = (seatTotal[slot]![seat] ?? 0) + ret;
      seatN[slot]![seat] = (seatN[slot]![seat] ?? 0) + 1;
    });
    for (let k = 0; k < slotCount; k++) {
      if (held[k]! > 0) {
        slotTotal[k]! += sum[k]! / held[k]!;
        slotN[k]! += 1;
      }
    }
  }
  const shares = cfg.agents.map((agent, k) => share(k, agent, null, slotTotal[k]!, slotN[k]!));
  const sharesBySeat: ShareSummary[] = [];
  cfg.agents.forEach((agent, k) => {
    seatN[k]!.forEach((n, seat) => {
      if (n !== undefined) sharesBySeat.push(share(k, agent, seat, seatTotal[k]![seat]!, n));
    });
  });
  return {
    gameId: cfg.gameId,
    options: cfg.options,
    agents: cfg.agents,
    seed: cfg.seed,
    games: cfg.games,
    completed: completed.length,
    failed: records.length - completed.length,
    meanLength: completed.length > 0 ? lengthSum / completed.length : NaN,
    shares,
    sharesBySeat,
  };
}

function fmt(x: number): string {
  return Number.isNaN(x) ? '  -  ' : x.toFixed(3);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function rows(list: readonly ShareSummary[], withSeat: boolean): string[] {
  const nameWidth = Math.max(5, ...list.map((s) => `${s.slot}:${s.agent}`.length)) + 2;
  const header = pad('agent', nameWidth) + (withSeat ? 'seat  ' : '') + 'share  95% interval     n';
  return [
    header,
    ...list.map(
      (s) => pad(`${s.slot}:${s.agent}`, nameWidth) + (withSeat ? pad(String(s.seat), 6) : '') + `${fmt(s.share)}  [${fmt(s.lo)}, ${fmt(s.hi)}]  ${s.n}`,
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
    'By seat:',
    ...rows(summary.sharesBySeat, true),
  ];
  return lines.join('\n');
}
