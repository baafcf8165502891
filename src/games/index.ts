/**
 * The registry of games. Each game folder exports its `Game` object; add it here.
 */
import type { AnyGame } from '../core/game.js';
import { UserError } from '../core/errors.js';
import { gladiatorDuel } from './gladiator-duel/index.js';
import { darkHero } from './dark-hero/index.js';
import { rumble } from './rumble/index.js';

/** Superhero Gladiators' hero builder (for `crucible build`). */
export { superheroBuilder } from './superhero-gladiators/content.js';

export const GAMES: readonly AnyGame[] = [
  // one line per game, e.g.: gladiatorDuel,
  gladiatorDuel,
  darkHero,
  rumble,
];

export function getGame(id: string): AnyGame {
  const game = GAMES.find((g) => g.id === id);
  if (!game) {
    throw new UserError(`unknown game ${JSON.stringify(id)}; allowed: ${GAMES.map((g) => g.id).join(', ') || '(none registered)'}`);
  }
  return game;
}
