/**
 * Game-specific heuristic agents, by game id. Each game's owner adds one line here for
 * its own heuristic (in its game folder, src/games/<game>/heuristic.ts, exported by the
 * game's index, or agents/heuristics/<game>.ts). The `heuristic` agent kind looks a game up in this record.
 */
import type { AgentFactory } from '../../src/core/agent.js';
import type { AnyGame } from '../../src/core/game.js';
import { UserError } from '../../src/core/errors.js';
import { gladiatorDuelHeuristic } from '../../src/games/gladiator-duel/index.js';
import { darkHeroHeuristic } from '../../src/games/dark-hero/index.js';
import { rumbleHeuristicOrSearch } from './rumble.js';
import { superheroGladiatorsHeuristic } from '../../src/games/superhero-gladiators/index.js';
import { ophidianHeuristic } from '../../src/games/ophidian/index.js';

export const HEURISTICS: Record<string, AgentFactory> = {
  // one line per game, e.g.: 'gladiator-duel': createGladiatorDuelHeuristic,
  'gladiator-duel': gladiatorDuelHeuristic,
  'dark-hero': darkHeroHeuristic,
  rumble: rumbleHeuristicOrSearch,
  'superhero-gladiators': superheroGladiatorsHeuristic,
  ophidian: ophidianHeuristic,
};

/** The heuristic factory of `game`, or a UserError naming the games that have one. */
export function heuristicFor(game: AnyGame, spec = 'heuristic'): AgentFactory {
  const factory = HEURISTICS[game.id];
  if (!factory) {
    const have = Object.keys(HEURISTICS).sort();
    throw new UserError(
      `agent spec ${JSON.stringify(spec)}: game ${JSON.stringify(game.id)} has no heuristic agent; allowed: heuristic for ${have.length ? have.join(', ') : '(no game yet)'}, or random, flatmc, mcts`,
    );
  }
  return factory;
}
