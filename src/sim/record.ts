/**
 * Checks a game record read back from a run folder. A folder is a file a user can
 * edit, truncate or damage; a record that does not belong to this run (wrong seed or
 * seats) or cannot be a result (a return outside [0, 1], a null line) must not reach a
 * summary. Its seed is known from its index, so the runner replays it.
 */
import { gameSeed, pairOf, seatSlots } from './seeding.js';
import type { PreparedMatch } from './play.js';
import type { GameRecord } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Why `value` is not a record of game `value.index` of `match`, or null when it is. */
export function recordProblem(value: unknown, match: PreparedMatch): string | null {
  const { config, players } = match;
  if (!isObject(value)) return `not a game record (${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value})`;
  const index = value['index'];
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= config.games) {
    return `index is ${JSON.stringify(index)}; allowed: 0 to ${config.games - 1}`;
  }
  if (value['seed'] !== gameSeed(config, index)) return `seed is ${JSON.stringify(value['seed'])}, not the seed of game ${index} of this run`;
  const slots = value['slots'];
  const expected = seatSlots(config, index, players);
  if (!Array.isArray(slots) || slots.length !== players || slots.some((s, i) => s !== expected[i])) {
    return `slots is ${JSON.stringify(slots)}; allowed: ${JSON.stringify(expected)} (the seats of game ${index})`;
  }
  const seats = value['seats'];
  if (!Array.isArray(seats) || seats.length !== players || seats.some((s, i) => s !== config.agents[expected[i]!])) {
    return `seats is ${JSON.stringify(seats)}; allowed: the agents of this run in their seats`;
  }
  if (config.paired ? value['pair'] !== pairOf(index) : value['pair'] !== undefined) return `pair is ${JSON.stringify(value['pair'])}`;
  const length = value['length'];
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) return `length is ${JSON.stringify(length)}; allowed: an integer >= 0`;
  if (!isObject(value['tags'])) return `tags is ${JSON.stringify(value['tags'])}; allowed: an object`;
  const returns = value['returns'];
  if (!Array.isArray(returns)) return `returns is ${JSON.stringify(returns)}; allowed: a list of numbers`;
  const error = value['error'];
  if (error !== undefined) {
    if (typeof error !== 'string') return `error is ${JSON.stringify(error)}; allowed: a message`;
    if (returns.length !== 0) return `returns is ${JSON.stringify(returns)} in a failed game; allowed: []`;
    return null;
  }
  if (returns.length !== players) return `returns has ${returns.length} values; allowed: one per seat (${players})`;
  for (let s = 0; s < returns.length; s++) {
    const r: unknown = returns[s];
    if (typeof r !== 'number' || !Number.isFinite(r) || r < 0 || r > 1) return `returns.${s} is ${JSON.stringify(r)}; allowed: a share in [0, 1]`;
  }
  return null;
}

/** Narrowing helper for callers that checked `recordProblem(value) === null`. */
export function asRecord(value: unknown): GameRecord {
  return value as GameRecord;
}
