/**
 * The cards and decks a match may use: the SAMPLE set and its ready decks, plus a user's
 * own card file (`cardFile`: new cards, or a sample card's id to replace it) and deck file
 * (`deckFile`: decks built from the sample and the user's cards). Both are content files
 * of the game options, so a run is keyed on the part of them its seated decks use
 * (contentUsedBy, src/sim/run-key.ts) and the workers read them at setup.
 *
 * Read and checked once: every match's setup asks for its content, and rereading and
 * re-hashing a file per match would cost more than the match's own setup. A file is read
 * again only when its stat (size, modification and change times, inode) changes — an edit
 * between two runs of one process (tests, a queue worker) is seen — and the parsed content
 * is keyed on the SHA-256 of the texts, so the same content under two paths, or a file
 * touched but unchanged, is parsed once and is the same object (the engine's per-table
 * caches key on `MatchContent.key`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import YAML from 'yaml';
import { UserError } from '../../core/errors.js';
import { mergeCardSets, parseCardFile } from './cards/format.js';
import type { CardSet } from './cards/types.js';
import { parseDeckFile, type Deck } from './construction.js';
import { SAMPLE_CARDS, SAMPLE_DECKS } from './sample.js';
import { readBoundedFile } from '../../core/content-file.js';

export interface MatchContent {
  /** A key naming this content (sample only: ''; else the texts' SHA-256, 16 hex). */
  readonly key: string;
  readonly cards: CardSet;
  /** Ready decks by id: the sample's, then the user's. */
  readonly decks: ReadonlyMap<string, Deck>;
}

const SAMPLE_DECK_TEXT = fs.readFileSync(new URL('./decks.yaml', import.meta.url), 'utf8');

const SAMPLE: MatchContent = { key: '', cards: SAMPLE_CARDS, decks: new Map(SAMPLE_DECKS.map((d) => [d.id, d])) };

/** Parsed content by the SHA-256 of its texts. */
const byHash = new Map<string, MatchContent>();
/** The content of a pair of files, by their paths and the stats they were read under. */
const byFiles = new Map<string, MatchContent>();

const unreadable = (field: string, file: string) => new UserError(`ophidian options: ${field} is ${JSON.stringify(file)}: cannot be read; allowed: a readable .yaml/.yml/.json file`);

/** What changes when a file is edited (size, modification and change times, inode); '-' for no file. */
function stamp(field: string, file: string | undefined): string {
  if (file === undefined) return '-';
  try {
    const st = fs.statSync(file);
    return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
  } catch {
    throw unreadable(field, file);
  }
}

function read(field: string, file: string): string {
  return readBoundedFile(`ophidian options: ${field}`, file);
}

/** Builds the content from the files' texts (no file access: tests and studies call it directly). */
export function contentFromTexts(cardText: string | undefined, deckText: string | undefined, where: { cardFile?: string; deckFile?: string } = {}): MatchContent {
  if (cardText === undefined && deckText === undefined) return SAMPLE;
  // The two texts, each marked present or absent, so (card file "x", none) and (none, deck file "x") differ.
  const key = createHash('sha256')
    .update(cardText === undefined ? '-' : `+${cardText.length}:${cardText}`)
    .update(deckText === undefined ? '-' : `+${deckText.length}:${deckText}`)
    .digest('hex')
    .slice(0, 16);
  const hit = byHash.get(key);
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
  const content: MatchContent = { key, cards, decks };
  byHash.set(key, content);
  return content;
}

/** The content of a match's options (`cardFile`, `deckFile`): each file read and parsed once (see the header). */
export function matchContent(options: { readonly cardFile?: string | undefined; readonly deckFile?: string | undefined }): MatchContent {
  const { cardFile, deckFile } = options;
  if (cardFile === undefined && deckFile === undefined) return SAMPLE;
  const key = JSON.stringify([cardFile ?? null, stamp('cardFile', cardFile), deckFile ?? null, stamp('deckFile', deckFile)]);
  const hit = byFiles.get(key);
  if (hit) return hit;
  const cardText = cardFile === undefined ? undefined : read('cardFile', cardFile);
  const deckText = deckFile === undefined ? undefined : read('deckFile', deckFile);
  const content = contentFromTexts(cardText, deckText, { ...(cardFile === undefined ? {} : { cardFile }), ...(deckFile === undefined ? {} : { deckFile }) });
  byFiles.set(key, content);
  return content;
}

/** The decks named by id, or one line naming the unknown id and the decks allowed. */
export function decksOf(content: MatchContent, ids: readonly string[]): Deck[] {
  return ids.map((id) => {
    const d = content.decks.get(id);
    if (!d) throw new UserError(`ophidian options: decks has ${JSON.stringify(id)}; allowed: a ready deck id: ${[...content.decks.keys()].join(', ')}`);
    return d;
  });
}

/** The raw entries of a parsed file's list `field` by their `id` (entries without one are left out). */
function entriesById(raw: unknown, field: string): Map<string, unknown> {
  const list = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : undefined;
  const out = new Map<string, unknown>();
  if (Array.isArray(list)) for (const e of list) if (e !== null && typeof e === 'object' && typeof (e as { id?: unknown }).id === 'string') out.set((e as { id: string }).id, e);
  return out;
}

/**
 * What a match with these decks uses of the user's files, as plain data for the run key
 * (Game.contentUsed): each seated deck (its entry in the deck file, or its sample id), the
 * card file's entry of every card those decks hold (sample cards are the code's), the file's
 * `sample` flag and every keyword its cards declare (the words a card's text may name).
 * A card no seated deck holds is not in it, so editing that card keeps the run's key.
 */
export function contentUsedBy(options: { readonly cardFile?: string | undefined; readonly deckFile?: string | undefined }, deckIds: readonly string[]): unknown {
  const decks = decksOf(matchContent(options), deckIds);
  const cardRaw: unknown = options.cardFile === undefined ? undefined : YAML.parse(read('cardFile', options.cardFile));
  const deckRaw: unknown = options.deckFile === undefined ? undefined : YAML.parse(read('deckFile', options.deckFile));
  const userCards = new Map([...entriesById(cardRaw, 'gladiators'), ...entriesById(cardRaw, 'strategies')]);
  const userDecks = entriesById(deckRaw, 'decks');
  const held = new Set(decks.flatMap((d) => [...d.team, ...(d.reinforcement ? [d.reinforcement] : []), ...d.arsenal].map((c) => c.id)));
  const keywords = new Set<string>();
  for (const e of userCards.values()) {
    const k = (e as { keywords?: unknown }).keywords;
    if (Array.isArray(k)) for (const w of k) if (typeof w === 'string') keywords.add(w);
  }
  return {
    sample: cardRaw !== null && typeof cardRaw === 'object' ? ((cardRaw as { sample?: unknown }).sample ?? null) : null,
    keywords: [...keywords].sort(),
    decks: deckIds.map((id) => userDecks.get(id) ?? id),
    cards: [...held].filter((id) => userCards.has(id)).sort().map((id) => userCards.get(id)),
  };
}
