/**
 * Every game a study plays passes through its ledger, so the report can say how many
 * failed (and why) and how many were stopped at a cap the rule text does not have —
 * before any finding. Studies filter failed games out of their statistics; the ledger
 * makes sure that is never silent.
 */
import type { ReportBlock, ReportVerdict } from '../src/analysis/report-model.js';
import { endedAtCap } from '../src/analysis/stats/quality.js';
import type { GameRecord } from '../src/sim/types.js';
import { CapTally, capNameOf, capTable, capVerdicts, describeTally, NOTHING_HAPPENED } from './cap-report.js';

export { CAP_WARNING_SHARE } from './cap-report.js';

/** Where a part's games belong: the condition the report tallies them under, and the table. */
export interface LedgerPlace {
  /** e.g. 'agents: heuristic' or a study's own setting name. */
  readonly condition?: string;
  /** The table (run) key. */
  readonly table?: string;
}

/** The condition of games added without one. */
export const ALL_GAMES = 'all games';

export class GameLedger {
  games = 0;
  failed = 0;
  capped = 0;
  private readonly errors = new Map<string, number>();
  // Completed games per condition and per table; the whole study too (each tallies seeds:
  // every table of a study plays game i on seed i, and a pair's two games share one, so
  // the games on one seed are the unit of the cap share).
  private readonly overall = new CapTally();
  private readonly conditions = new Map<string, CapTally>();
  private readonly tables = new Map<string, CapTally>();
  /** Set by the first `add` with a game id (playStudyTable passes it): what "nothing happened" means. */
  private gameId: string | undefined;
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

  /**
   * Counts `records` (all of them, failed included) and returns the completed ones. `place`
   * names their condition and table (default: one condition, "all games"); `gameId` says
   * what "nothing happened" means in them.
   */
  add(records: readonly GameRecord[], place: LedgerPlace = {}, gameId?: string): GameRecord[] {
    if (gameId !== undefined) this.gameId ??= gameId;
    const quiet = this.gameId === undefined ? undefined : NOTHING_HAPPENED[this.gameId];
    const condition = place.condition ?? ALL_GAMES;
    const byCondition = this.conditions.get(condition) ?? new CapTally();
    this.conditions.set(condition, byCondition);
    const byTable = place.table === undefined ? null : (this.tables.get(place.table) ?? new CapTally());
    if (byTable && place.table !== undefined) this.tables.set(place.table, byTable);
    const done: GameRecord[] = [];
    for (const r of records) {
      this.games++;
      if (r.error !== undefined || r.returns.length === 0) {
        this.failed++;
        const e = r.error ?? 'no returns';
        this.errors.set(e, (this.errors.get(e) ?? 0) + 1);
        continue;
      }
      if (endedAtCap(r)) this.capped++;
      const q = quiet?.test(r);
      this.overall.add(r, q);
      // The unit is the seed everywhere: the tables share their seeds, and a seed moves the
      // share at the cap of every matchup played on it (measured: bench/superhero-gladiators/seed-effect.ts),
      // so different matchups on one seed are not independent units.
      byCondition.add(r, q);
      byTable?.add(r, q);
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
    return this.overall.capShare();
  }

  /** The tally of each condition (games added without one are under "all games"). */
  byCondition(): ReadonlyMap<string, CapTally> {
    return this.conditions;
  }

  /** The most common error message of the failed games. */
  commonError(): string | undefined {
    return [...this.errors].sort((a, b) => b[1] - a[1])[0]?.[0];
  }

  /**
   * Warnings that lead the report: failed games; then, per condition whose share of games
   * ended at the cap is above 5%, that share and the share in which nothing happened
   * (cap-report.ts). `gameId` names the cap.
   */
  warnings(gameId: string): ReportVerdict[] {
    const out: ReportVerdict[] = [];
    if (this.failed > 0) {
      out.push({
        statement: `${this.failed} of ${this.games} games failed and are left out of every statistic below${this.failed * 2 > this.games ? ' — most of the study did not run, so its numbers describe a small remainder' : ''}.`,
        evidence: `most common error: ${this.commonError() ?? 'unknown'}`,
        strength: 'warning',
      });
    }
    return [...out, ...capVerdicts(this.gameId ?? gameId, this.overall, this.conditions)];
  }

  /** The report's evidence blocks (always shown): a paragraph, then the cap table per condition and per table. */
  summary(gameId: string): ReportBlock[] {
    const id = this.gameId ?? gameId;
    const done = this.games - this.failed;
    const capName = capNameOf(id);
    const text: ReportBlock = {
      kind: 'text',
      text: `${this.games} games played: ${done} completed, ${this.failed} failed${this.failed ? ` (most common error: ${this.commonError()})` : ''}. ${done > 0 ? `Over the whole study, ${describeTally(this.overall, id)}` : `Games stopped at the ${capName}: 0 of 0`} (the units are seeds, over the whole study and within a condition: the tables share their seeds, and a seed moves the share at the cap of every matchup played on it, so the games on one seed are one unit).`,
    };
    if (this.overall.capped === 0) return [text];
    const blocks: ReportBlock[] = [text];
    if (this.conditions.size > 1) blocks.push(capTable(id, 'cap-by-condition', `Games at the ${capName}, per condition`, this.conditions));
    if (this.tables.size > 1) blocks.push(capTable(id, 'cap-by-table', `Games at the ${capName}, per table (matchup or setting)`, this.tables));
    return blocks;
  }
}
