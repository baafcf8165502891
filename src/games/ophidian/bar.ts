/**
 * Restricted play: which actions a `bar=a+b` list of Strategy card ids forbids. The game
 * declares it (`ophidian.bar`), so the search and learned agents' `bar=…` (agents/barring.ts)
 * and this game's own `heuristic:bar=…` filter the same way — the card study's measure of
 * what a card is worth to its player (experiments/ophidian/cards.ts).
 */
import type { ActionBar } from '../../core/game.js';
import type { OphAction } from './rules.js';
import type { OphidianState } from './state.js';

/** Actions that play a Strategy card (instance after the first colon): from hand, Attack Responses, event Responses, cost modifiers. */
const CARD_PLAYS = new Set(['play', 'resp', 'ev', 'cm']);

/** A `bar` value: Strategy card ids (lowercase, digits, dashes) joined by +. */
export const BAR_LIST = /^[a-z0-9][a-z0-9-]*(\+[a-z0-9][a-z0-9-]*)*$/;

/** The legal actions without those that play a barred card (all of them when nothing else is left). */
export function withoutBarred(s: OphidianState, legal: readonly string[], barred: ReadonlySet<string>): readonly string[] {
  if (barred.size === 0) return legal;
  const kept = legal.filter((a) => {
    const parts = a.split(':');
    return !(CARD_PLAYS.has(parts[0]!) && barred.has(s.t.card[Number(parts[1])]?.id ?? ''));
  });
  return kept.length > 0 ? kept : legal;
}

/** Strategy cards never played from hand, as a Response or as a cost modifier. */
export const ophidianBar: ActionBar<OphidianState, OphAction> = {
  allowed: 'Strategy card ids (lowercase, digits, dashes) joined by +, never played from hand, as a Response or as a cost modifier',
  pattern: BAR_LIST,
  without: withoutBarred,
};
