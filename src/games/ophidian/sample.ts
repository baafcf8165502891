/**
 * The shipped SAMPLE card set and its ready decks (original content, labelled as a sample:
 * the rulebook prints no card texts). Loaded and checked once per process.
 */
import { loadCardFile } from './cards/format.js';
import type { CardSet } from './cards/types.js';
import { loadDeckFile, type Deck } from './construction.js';

export const SAMPLE_CARDS: CardSet = loadCardFile(new URL('./cards/sample.yaml', import.meta.url));

export const SAMPLE_DECKS: readonly Deck[] = loadDeckFile(new URL('./decks.yaml', import.meta.url), SAMPLE_CARDS);

export function sampleDeck(id: string): Deck {
  const d = SAMPLE_DECKS.find((x) => x.id === id);
  if (!d) throw new Error(`ophidian: no sample deck ${id}; have ${SAMPLE_DECKS.map((x) => x.id).join(', ')}`);
  return d;
}
