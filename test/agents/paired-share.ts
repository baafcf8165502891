/** Shared by the strength sanity tests (npm test) and measurements (npm run strength). */
import { expect } from 'vitest';
import { playGame } from '../../src/sim/runner.js';
import type { MatchConfig } from '../../src/sim/types.js';
import { pairedShare, type PairedShare } from '../../src/analysis/stats/paired.js';

/**
 * Win share of slot 0 (agents[0]) over `games` paired games (gladiator-duel unless named): the
 * seat-swapped pair is the unit (a t interval over pair means), since the two games of a
 * pair are not independent.
 */
export function shareOfFirst(
  agents: [string, string],
  games: number,
  seed: string,
  gameId = 'gladiator-duel',
  options: Record<string, unknown> = {},
): PairedShare {
  const config: MatchConfig = { gameId, options, agents, games, seed, paired: true };
  const records = [];
  for (let i = 0; i < games; i++) {
    const record = playGame(config, i);
    expect(record.error).toBeUndefined();
    records.push(record);
  }
  return pairedShare(records, 0);
}
