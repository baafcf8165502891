/**
 * A study answers one balance question about one game: it declares the question, runs
 * its games through the runner and returns a Report. `quick` sizes go in the default
 * study (`npm start`, everything in at most 5 minutes on 2 cores); `--full` gives the
 * sample sizes a published verdict needs.
 */
import type { Report } from '../src/analysis/report-model.js';
import type { GameLedger } from './ledger.js';

export interface StudyContext {
  /** Master seed: fixes every result. */
  readonly seed: string | number;
  /** Full sample sizes (true) or the quick version (false). */
  readonly full: boolean;
  /** Worker threads for the runner. */
  readonly workers: number;
  /** Folder where this study may keep its raw game records (resumable). */
  readonly runDir: string;
  /** The command line that launched the study, recorded in the report. */
  readonly command: string;
  /** Show progress bars (TTY) or stay quiet. */
  readonly progress: boolean;
  /**
   * A user's own content file (e.g. a Rumble power file) that studies of games with
   * user content add to their runs. Studies of other games ignore it.
   */
  readonly powerFile?: string;
  /** A user's Superhero Gladiators hero file (`--hero-file`): its heroes join those studies. */
  readonly heroFile?: string;
  /** Counts every game the study plays (failed and capped ones too) for the report. */
  readonly ledger?: GameLedger;
}

export interface Study {
  /** Command-line name: `crucible study <name>`. */
  readonly name: string;
  readonly gameId: string;
  readonly title: string;
  readonly question: string;
  run(ctx: StudyContext): Promise<Report>;
}
