/**
 * Tiny games with known answers, for testing agents and documenting the Game contract.
 * They are deliberately not in the game registry (src/games/index.ts): they answer no
 * balance question, but each has an answer an agent must find.
 */
import type { AnyGame } from '../../core/game.js';
import { nim } from './nim.js';
import { pennies } from './pennies.js';
import { highCard } from './high-card.js';
import { kingmaker } from './kingmaker.js';
import { challenge } from './challenge.js';

export { nim, pennies, highCard, kingmaker, challenge };

export const TOY_GAMES: readonly AnyGame[] = [nim, pennies, highCard, kingmaker, challenge];
