/**
 * Shapes shared by the runner, the CLI, analysis and experiments.
 */
import type { GameRecord } from '../core/record.js';
import type { TfBackend } from '../core/tf.js';

// GameRecord lives in core so the statistics can read records without depending on the
// simulator; re-exported here for the runner, the CLI and existing imports.
export type { GameRecord } from '../core/record.js';

/** What to play: one game, one option set, agents, how many games, the master seed. */
export interface MatchConfig {
  readonly gameId: string;
  /** Raw option overrides; the game's schema validates them and fills defaults. */
  readonly options: Readonly<Record<string, unknown>>;
  /**
   * Agent spec per *slot*. With seat rotation, slot k sits in seat (k + i) mod players
   * in game i; with fewer slots than seats the list repeats.
   */
  readonly agents: readonly string[];
  readonly games: number;
  readonly seed: string | number;
  /** Pair games: games 2k and 2k+1 share a seed with seats swapped (reversed). */
  readonly paired?: boolean;
  /** Rotate seats across games (default true). */
  readonly rotate?: boolean;
  /**
   * Count lead changes (the unique leader of `game.evaluate` after each decision) into
   * `tags.leadChanges`, for the game-quality panel. Costs one evaluate per decision;
   * ignored by games without `evaluate`. Default false.
   */
  readonly leadChanges?: boolean;
  /**
   * Names of the game's listeners (`Game.listeners`, core/listeners.ts) to attach to every
   * game of the run: a study asks here for the data its tables need, and their tags join the
   * records. Unknown names are refused before any game. Default none.
   */
  readonly listeners?: readonly string[];
}

/** Win share of one agent slot (optionally in one seat), with its 95% interval (see `unit`). */
export interface ShareSummary {
  readonly slot: number;
  readonly agent: string;
  readonly seat: number | null;
  readonly share: number;
  readonly lo: number;
  readonly hi: number;
  /** Independent units behind the share: games, or pairs in a paired run's overall share. */
  readonly n: number;
  /**
   * What n counts. `pair`: a paired run's overall share, a mean over complete pairs with a
   * t interval over pairs (the two games of a pair share their seed, so they are one unit);
   * `game`: a Wilson interval over games (unpaired runs, and the per-seat rows, whose games
   * come from different pairs).
   */
  readonly unit: 'game' | 'pair';
}

export interface RunSummary {
  readonly gameId: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly agents: readonly string[];
  readonly seed: string | number;
  readonly games: number;
  readonly completed: number;
  readonly failed: number;
  readonly meanLength: number;
  /** Per agent slot over all seats, then per agent slot per seat. */
  readonly shares: readonly ShareSummary[];
  readonly sharesBySeat: readonly ShareSummary[];
  /** The tfjs backend that scored network leaves (`mcts:…,batch=B` agents); absent when no agent uses tfjs. */
  readonly tfBackend?: TfBackend;
  /** The failed game with the lowest index, when any failed (replay it to see why). */
  readonly firstFailure?: FailureSummary;
}

export interface FailureSummary {
  readonly index: number;
  readonly seed: number;
  readonly error: string;
}
