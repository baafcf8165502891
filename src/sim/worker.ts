/**
 * The work a pool thread does: play a list of game indices of one config and send the
 * finished records back in small batches (a batch at least every few milliseconds, so
 * records reach the disk soon after they finish without one message per cheap game,
 * and never a message per move). Prepared matches are cached per config, so options
 * and agent specs are checked once per thread.
 */
import { canonicalJson } from './config.js';
import { playPrepared, prepareMatch, type PreparedMatch } from './play.js';
import type { GameRecord, MatchConfig } from './types.js';
import { startAs } from './runtime.js';
import type { TfBackend } from '../core/tf.js';

const prepared = new Map<string, PreparedMatch>();

function preparedFor(config: MatchConfig): PreparedMatch {
  const key = canonicalJson(config);
  let match = prepared.get(key);
  if (!match) {
    match = prepareMatch(config); // workers always use the game registry
    prepared.set(key, match);
  }
  return match;
}

/** How often a worker sends finished records (grouping only; results never depend on it). */
const BATCH_MS = 25;

/**
 * Plays `indices` of `config`, handing finished records to `emit` in batches. `backend`:
 * the tfjs backend the run was keyed on, when its agents use tfjs (started here first,
 * and checked to be the same).
 */
export async function playChunk(config: MatchConfig, indices: readonly number[], emit: (records: GameRecord[]) => void, backend?: TfBackend): Promise<number> {
  const match = preparedFor(config);
  await startAs(config.agents, backend);
  let batch: GameRecord[] = [];
  let last = performance.now();
  for (const index of indices) {
    batch.push(playPrepared(match, index));
    if (performance.now() - last >= BATCH_MS) {
      emit(batch);
      batch = [];
      last = performance.now();
    }
  }
  if (batch.length > 0) emit(batch);
  return indices.length;
}
