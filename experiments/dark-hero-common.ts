/**
 * Shared pieces of the Dark Hero studies: running one table configuration through the
 * runner (here) and the measures read from its records (dark-hero-measures.ts).
 */
import { runMatch } from '../src/sim/runner.js';
import type { GameRecord } from '../src/sim/types.js';
import type { StudyContext } from './study.js';

export * from './dark-hero-measures.js';

export const GAME_ID = 'dark-hero';

/** Plays `games` games of one option set, every seat `agent`, kept under the study's run folder. */
export async function playTable(ctx: StudyContext, key: string, options: Record<string, unknown>, games: number, agent = 'heuristic'): Promise<GameRecord[]> {
  const { records } = await runMatch(
    { gameId: GAME_ID, options, agents: [agent], games, seed: ctx.seed },
    { workers: ctx.workers, runsDir: ctx.runDir, runName: key, progress: ctx.progress, label: `dark-hero ${key}` },
  );
  return ctx.ledger ? ctx.ledger.add(records) : records.filter((r) => r.error === undefined && r.returns.length > 0);
}
