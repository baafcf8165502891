/**
 * Every game a study plays passes through its ledger, so the report can say how many
 * failed (and why) and how many were stopped at a cap the rule text does not have —
 * before any finding. Studies filter failed games out of their statistics; the ledger
 * makes sure that is never silent.
 */
import type { ReportBlock, ReportVerdict } from '../src/analysis/report-model.js';
import { endedAtCap } from '../src/analysis/stats/quality.js';
import { clusterShare } from '../src/analysis/stats/paired.js';
import type { GameRecord } from '../src/sim/types.js';

/** Above this share of games stopped at the cap, the report's first verdict says so. */
export const CAP_WARNING_SHARE = 0.1;

export class GameLedger {
  games = 0;
  failed = 0;
  capped = 0;
  private readonly errors = new Map<string, number>();
  // Completed and capped games per seed: every table of a study plays game i on seed i (and
  // a pair's two games share one), so the games on one seed are the unit of the cap share.
  private readonly bySeed = new Map<number, { n: number; hits: number }>();
  private parts = 0;
  private readonly started: number;
  private lastLine = -Infinity;

  /**
   * `log`, when given, gets a line when a part (a table, a matchup, a setting) finishes, so
   * a run without a terminal progress bar is never silent for minutes — at most one line
   * per `everyMs` (studies of thousands of one-game matchups would otherwise print
   * thousands of lines). `now` reads the clock for that pacing only, never for an outcome.
   */
  constructor(
    private readonly log?: (line: string) => void,
    private readonly everyMs = 2000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
  }

  /** Counts `records` (all of them, failed included) and returns the completed ones. */
  add(records: readonly GameRecord[]): GameRecord[] {
    const done: GameRecord[] = [];
    for (const r of records) {
      this.games++;
      if (r.error !== undefined || r.returns.length === 0) {
        this.failed++;
        const e = r.error ?? 'no returns';
        this.errors.set(e, (this.errors.get(e) ?? 0) + 1);
        continue;
      }
      const capped = endedAtCap(r);
      if (capped) this.capped++;
      const c = this.bySeed.get(r.seed) ?? { n: 0, hits: 0 };
      this.bySeed.set(r.seed, { n: c.n + 1, hits: c.hits + (capped ? 1 : 0) });
      done.push(r);
    }
    this.parts++;
    const now = this.now();
    if (this.log && now - this.lastLine >= this.everyMs) {
      this.lastLine = now;
      const s = (now - this.started) / 1000;
      this.log(`      ${this.parts} part${this.parts === 1 ? '' : 's'} done (last: ${records.length} game${records.length === 1 ? '' : 's'}); ${this.games} games so far, ${this.failed} failed, ${(this.games / Math.max(s, 1e-3)).toFixed(0)} games/s, ${s.toFixed(0)} s`);
    }
    return done;
  }

  /** Share of completed games stopped at the cap, with its 95% interval over seeds (see bySeed). */
  capShare(): { p: number; lo: number; hi: number; seeds: number } {
    const s = clusterShare([...this.bySeed.values()]);
    return { p: s.p, lo: s.lo, hi: s.hi, seeds: s.clusters };
  }

  /** The most common error message of the failed games. */
  commonError(): string | undefined {
    return [...this.errors].sort((a, b) => b[1] - a[1])[0]?.[0];
  }

  /** Warnings that lead the report: failed games; games stopped at the cap above 10%. */
  warnings(capName: string): ReportVerdict[] {
    const out: ReportVerdict[] = [];
    if (this.failed > 0) {
      out.push({
        statement: `${this.failed} of ${this.games} games failed and are left out of every statistic below${this.failed * 2 > this.games ? ' — most of the study did not run, so its numbers describe a small remainder' : ''}.`,
        evidence: `most common error: ${this.commonError() ?? 'unknown'}`,
        strength: 'warning',
      });
    }
    const done = this.games - this.failed;
    if (done > 0 && this.capped / done > CAP_WARNING_SHARE) {
      const w = this.capShare();
      out.push({
        statement: `${this.capped} of ${done} completed games (${(w.p * 100).toFixed(0)}%) were stopped at the ${capName}, which the rule text does not have: their outcome is the engine's tie rule, not play.`,
        evidence: `share at the cap ${w.p.toFixed(3)} (95% CI ${w.lo.toFixed(3)} to ${w.hi.toFixed(3)}, ${done} games on ${w.seeds} seeds; the games on one seed are one unit)`,
        strength: 'warning',
      });
    }
    return out;
  }

  /** A paragraph for the report's evidence section (always shown). */
  summary(capName: string): ReportBlock {
    const done = this.games - this.failed;
    const w = done > 0 ? this.capShare() : { p: 0, lo: 0, hi: 1, seeds: 0 };
    return {
      kind: 'text',
      text: `${this.games} games played: ${done} completed, ${this.failed} failed${this.failed ? ` (most common error: ${this.commonError()})` : ''}. Games stopped at the ${capName}: ${this.capped} of ${done} (${done ? (w.p * 100).toFixed(1) : '0'}%, 95% CI ${(w.lo * 100).toFixed(1)}–${(w.hi * 100).toFixed(1)}% over ${w.seeds} seeds: the tables share their seeds, so the games on one seed are one unit).`,
    };
  }
}
