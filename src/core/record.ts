/**
 * The record of one finished game: what the simulator streams to `games.jsonl` and what
 * the statistics read. It lives in core (not in src/sim) so src/analysis/stats depends
 * only on this data shape, never on the simulator. Indices count from 0.
 */
import type { Tags } from './game.js';

/** One finished game, as streamed to `games.jsonl`. */
export interface GameRecord {
  readonly index: number;
  /** The game's own seed (derived from the master seed and `index`, or the pair's). */
  readonly seed: number;
  /** Agent spec in each seat. */
  readonly seats: readonly string[];
  /** Slot (index into MatchConfig.agents) sitting in each seat. */
  readonly slots: readonly number[];
  /** Per-seat returns in [0, 1]; empty when the game failed. */
  readonly returns: readonly number[];
  /** Decisions taken. */
  readonly length: number;
  readonly tags: Tags;
  /** Pair number when games are paired. */
  readonly pair?: number;
  /** Set when the game threw: the error message. */
  readonly error?: string;
}
