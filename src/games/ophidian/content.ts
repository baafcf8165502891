/**
 * The cards and decks a match may use: the SAMPLE set and its ready decks, plus a user's
 * own card file (`cardFile`: new cards, or a sample card's id to replace it) and deck file
 * (`deckFile`: decks built from the sample and the user's cards). Both are content files
 * of the game options, so a run is keyed on their content (src/sim/run-key.ts) and the
 * workers read them at setup. Parsed once per distinct content.
 */
import { readFileSync } from 'node:fs';
import { UserError } from '../../core/errors.js';
import { mergeCardSets, parseCardFile } from './cards/format.js';
import type { CardSet } from './cards/types.js';
import { parseDeckFile, type Deck } from './construction.js';
import { SAMPLE_CARDS, SAMPLE_DECKS } from './sample.js';

export interface MatchContent {
  /** A key naming this content (sample only: ''). */
  readonly key: string;
  readonly cards: CardSet;
  /** Ready decks by id: the sample's, then the user's. */
  readonly decks: ReadonlyMap<string, Deck>;
}

const SAMPLE_DECK_TEXT = readFileSync(new URL('./decks.yaml', import.meta.url), 'utf8');

const SAMPLE: MatchContent = { key: '', cards: SAMPLE_CARDS, decks: new Map(SAMPLE_DECKS.map((d) => [d.id, d])) };

const cache = new Map<string, MatchContent>();

function read(field: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new UserError(`ophidian options: ${field} is ${JSON.stringify(file)}: cannot be read; allowed: a readable .yaml/.yml/.json file`);
  }
}

/** Builds the content from the files' texts (no file access: tests and studies call it directly). */
export function contentFromTexts(cardText: string | undefined, deckText: string | undefined, where: { cardFile?: string; deckFile?: string } = {}): MatchContent {
  if (cardText === undefined && deckText === undefined) return SAMPLE;
  const key = `${cardText ?? ''}\u0000${deckText ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const cards = cardText === undefined ? SAMPLE_CARDS : mergeCardSets(SAMPLE_CARDS, parseCardFile(cardText, `card file ${where.cardFile ?? '(inline)'}`));
  // The sample decks are re-resolved against the merged set: a replaced card plays in them too.
  const decks = new Map<string, Deck>(cardText === undefined ? SAMPLE.decks : parseDeckFile(SAMPLE_DECK_TEXT, cards, 'sample decks (with the card file)').map((d) => [d.id, d]));
  if (deckText !== undefined) {
    const at = `deck file ${where.deckFile ?? '(inline)'}`;
    for (const d of parseDeckFile(deckText, cards, at)) {
      if (decks.has(d.id)) throw new UserError(`${at}: deck ${JSON.stringify(d.id)}: field id is ${JSON.stringify(d.id)}; allowed: an id no sample deck uses (the sample has ${[...SAMPLE.decks.keys()].join(', ')})`);
      decks.set(d.id, d);
    }
  }
  const content: MatchContent = { key: String(cache.size + 1), cards, decks };
  cache.set(key, content);
  return content;
}

/** The content of a match's options (`cardFile`, `deckFile`). */
export function matchContent(options: { readonly cardFile?: string | undefined; readonly deckFile?: string | undefined }): MatchContent {
  const cardText = options.cardFile === undefined ? undefined : read('cardFile', options.cardFile);
  const deckText = options.deckFile === undefined ? undefined : read('deckFile', options.deckFile);
  return contentFromTexts(cardText, deckText, { ...(options.cardFile === undefined ? {} : { cardFile: options.cardFile }), ...(options.deckFile === undefined ? {} : { deckFile: options.deckFile }) });
}

/** The decks named by id, or one line naming the unknown id and the decks allowed. */
export function decksOf(content: MatchContent, ids: readonly string[]): Deck[] {
  return ids.map((id) => {
    const d = content.decks.get(id);
    if (!d) throw new UserError(`ophidian options: decks has ${JSON.stringify(id)}; allowed: a ready deck id: ${[...content.decks.keys()].join(', ')}`);
    return d;
  });
}
