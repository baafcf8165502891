/**
 * Shared pieces of the Dark Hero studies: running one table configuration through the
 * runner (here) and the measures read from its records (measures.ts).
 */
import type { GameRecord } from '../../src/sim/types.js';
import { describeAgents, studyAgents, type Study, type StudyContext } from '../study.js';
import { playStudyTable } from '../study-table.js';

export * from './measures.js';

export const GAME_ID = 'dark-hero';

/**
 * Who plays the Dark Hero studies: the goal-seeking heuristic in every seat, quick and
 * full. Measured: `mcts:iterations=200,rollout=evaluate,depth=10` in one seat against
 * three heuristics scored 0.377 [0.318, 0.440] against the heuristics' 0.376 (240 games,
 * 120 seat-swapped pairs, seed dhs: `crucible play dark-hero --paired --games 240 --seed
 * dhs --agents mcts:…,heuristic,heuristic,heuristic`; that interval is the Wilson interval
 * over the 240 games `crucible play --paired` printed before it scored pairs, not yet
 * recomputed over pairs) while a game with MCTS in every seat
 * costs about 50x the heuristic's; so MCTS is not the stronger choice at any budget here.
 */
export const DARK_HERO_AGENTS: Pick<Study, 'agentSlots' | 'defaultAgents' | 'agentChoice'> = {
  agentSlots: ['every seat'],
  defaultAgents: () => ['heuristic'],
  agentChoice: () =>
    'the goal-seeking heuristic: MCTS (200 iterations, evaluate after 10 steps) in one seat scored 0.377 [0.318, 0.440] (a Wilson interval over games, not yet recomputed over the pairs) against the heuristics\' 0.376 over 240 games (120 seat-swapped pairs), so it is not shown stronger, and it costs about 50x as much per game',
};

/** "played by "heuristic" in every seat" (or the user's --agents), for verdicts and method text. */
export function playedBy(ctx: StudyContext): string {
  return `played by ${describeAgents(DARK_HERO_AGENTS, ctx)}`;
}

/** Plays `games` games of one option set with the study's agents, kept under the study's run folder. */
export async function playTable(ctx: StudyContext, key: string, options: Record<string, unknown>, games: number): Promise<GameRecord[]> {
  return playStudyTable(ctx, key, { gameId: GAME_ID, options, agents: studyAgents(DARK_HERO_AGENTS, ctx), games });
}
