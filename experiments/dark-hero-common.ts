/**
 * Shared pieces of the Dark Hero studies: running one table configuration through the
 * runner (here) and the measures read from its records (dark-hero-measures.ts).
 */
import type { GameRecord } from '../src/sim/types.js';
import type { StudyContext } from './study.js';
import { playStudyTable } from './study-table.js';

export * from './dark-hero-measures.js';

export const GAME_ID = 'dark-hero';

/** Plays `games` games of one option set, every seat `agent`, kept under the study's run folder. */
export async function playTable(ctx: StudyContext, key: string, options: Record<string, unknown>, games: number, agent = 'heuristic'): Promise<GameRecord[]> {
  return playStudyTable(ctx, key, { gameId: GAME_ID, options, agents: [agent], games });
}
