/**
 * Where the runner's missing games get played when not on this machine. The runner
 * keeps the run folder, resume and summary; an executor only turns game indices into
 * records. `crucible <command> --queue URL` installs the Redis executor for the whole
 * command, so studies, compare and tune (which call the runner many times, through
 * layers the CLI does not reach) all run on the queue without knowing it.
 *
 * This file imports nothing heavy: the runner loads it on every run.
 */
import type { NormalizedConfig } from '../config.js';
import type { GameRecord } from '../types.js';

/** What the executor may show beside the progress bar (e.g. live workers). */
export interface ExecutorProgress {
  note(text: string): void;
}

export interface MatchExecutor {
  /** Short description for logs, e.g. "queue redis://host:6379". */
  readonly description: string;
  /**
   * Plays the games `indices` of `config` and hands each finished record to
   * `onRecords` exactly once (any order, any grouping). Resolves when every index
   * has its record (or `stopped()`); rejects on a failure that is not a game's own error.
   */
  play(
    config: NormalizedConfig,
    indices: readonly number[],
    onRecords: (records: readonly GameRecord[]) => void,
    progress: ExecutorProgress,
    /** True once the user interrupted the run (Ctrl-C): return soon, leaving the rest for a rerun. */
    stopped?: () => boolean,
  ): Promise<void>;
}

let installed: MatchExecutor | null = null;

/** Makes `executor` play every following run of this process (null: back to local threads). */
export function setMatchExecutor(executor: MatchExecutor | null): void {
  installed = executor;
}

/** The executor installed by `setMatchExecutor`, if any. */
export function currentMatchExecutor(): MatchExecutor | null {
  return installed;
}
