/**
 * The registry of games. Each game folder exports its `Game` object; add it here.
 */
import type { AnyGame } from '../core/game.js';
import { UserError } from '../core/errors.js';
import { gladiatorDuel } from './gladiator-duel/index.js';
import { darkHero } from './dark-hero/index.js';
import { checkUserPowerFile, rumble } from './rumble/index.js';
import { checkHeroFile, superheroGladiators } from './superhero-gladiators/index.js';
import { ophidian } from './ophidian/index.js';

/** Superhero Gladiators' hero builder (for `crucible build`). */
export { superheroBuilder } from './superhero-gladiators/index.js';

export const GAMES: readonly AnyGame[] = [
  // one line per game, e.g.: gladiatorDuel,
  gladiatorDuel,
  darkHero,
  rumble,
  superheroGladiators,
  ophidian,
];

export function getGame(id: string): AnyGame {
  const game = GAMES.find((g) => g.id === id);
  if (!game) {
    throw new UserError(`unknown game ${JSON.stringify(id)}; allowed: ${GAMES.map((g) => g.id).join(', ') || '(none registered)'}`);
  }
  return game;
}

/**
 * User content files per game (Rumble's power files), checked up front so a bad file
 * fails before any work starts; the CLI goes through here, never into a game's folder.
 */
const CONTENT_CHECKS: Readonly<Record<string, (path: string) => void>> = {
  rumble: (path) => void checkUserPowerFile(path),
  'superhero-gladiators': (path) => void checkHeroFile(path),
};

/** Validates a content file for `gameId` (UserError naming file, item, field and fix). */
export function checkContentFile(gameId: string, path: string): void {
  const check = CONTENT_CHECKS[gameId];
  if (!check) throw new UserError(`content file ${JSON.stringify(path)}: game ${JSON.stringify(gameId)} takes no content files; allowed: ${Object.keys(CONTENT_CHECKS).join(', ')}`);
  check(path);
}
