/**
 * Shared pieces of the Ophidian studies (ophidian-cards, ophidian-teams, ophidian-flow):
 * the agents, a user's own cards and decks (`--card-file`, `--deck-file`), deck-versus-deck
 * tables played in both seat orders on common seeds, and reading the game tags.
 *
 * Seat orders: an Ophidian deck sits in a seat through the options (`decks`), so a
 * seat-swapped unit is two tables — (A, B) and (B, A) — played with the same master seed:
 * game i of both shares its seed (src/sim/seeding.ts), hence the shuffles' dice stream and
 * the d6 for the first Flow. Unit i scores A by its mean return over the two games.
 */
import { resolve } from 'node:path';
import { UserError } from '../../src/core/errors.js';
import { deriveSeed, Rng, shuffledWith } from '../../src/core/rng.js';
import type { GameRecord } from '../../src/core/record.js';
import { readContentFile } from '../../src/sim/run-key.js';
import { contentFromTexts, type MatchContent } from '../../src/games/ophidian/index.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { playStudyTable } from '../study-table.js';
import type { Study, StudyContext } from '../study.js';

export const GAME_ID = 'ophidian';

/**
 * The heuristic in every seat. Measured: it beats uniform-random play in 20 of 20
 * seat-swapped games (README of the game: 1.000 [0.839, 1.000]) and plays a match in about
 * 15–25 ms on one core. The information-set MCTS (bare `mcts`) is stronger — it won all 12
 * of the strength test's seat-swapped pairs against the heuristic — but costs about 7 CPU-s
 * a match (the strength test: 24 games in 180 s of wall time in one process), ~300 times more, so
 * the studies seat the heuristic and say so.
 */
export const OPH_AGENTS: Pick<Study, 'agentSlots' | 'defaultAgents' | 'agentChoice'> = {
  agentSlots: ['every seat'],
  defaultAgents: () => ['heuristic'],
  agentChoice: () =>
    'the Ophidian heuristic (spends CP on the dearest playable card, kills and Cheer Attacks first, Intercepts to save a Gladiator; beats uniform-random play in 20 of 20 seat-swapped games, 1.000 [0.839, 1.000]) at about 15–25 ms a match; the information-set MCTS (bare mcts) beats it (12 of 12 seat-swapped pairs) but costs about 7 CPU-s a match, so verdicts here are about play at the heuristic\'s level',
};

/** The Ophidian studies read the user's card and deck files: checked before any study plays a game. */
export const OPH_CONTENT: Pick<Study, 'checkUserFiles'> = {
  checkUserFiles: (files) => void userContent(files),
};

/** The StudyContext with a user's Ophidian card and deck files (`--card-file`, `--deck-file`). */
export type OphidianStudyContext = StudyContext & { readonly cardFile?: string; readonly deckFile?: string };

export interface UserContent {
  /** The options that bring the files to every game (content files: the run is keyed on their content). */
  readonly options: Readonly<Record<string, string>>;
  readonly content: MatchContent;
  /** Ids of the user's decks and Strategy cards (new or replacing a sample card). */
  readonly deckIds: readonly string[];
  readonly cardIds: readonly string[];
}

/**
 * Reads and checks the user's card and deck files before any game (size cap, every card
 * and deck; one line naming the file, the card or deck, the field and the problem).
 */
export function userContent(files: { readonly cardFile?: string | undefined; readonly deckFile?: string | undefined }): UserContent {
  const cardText = files.cardFile === undefined ? undefined : readContentFile('--card-file', files.cardFile);
  const deckText = files.deckFile === undefined ? undefined : readContentFile('--deck-file', files.deckFile);
  const content = contentFromTexts(cardText, deckText, { ...(files.cardFile === undefined ? {} : { cardFile: files.cardFile }), ...(files.deckFile === undefined ? {} : { deckFile: files.deckFile }) });
  const base = contentFromTexts(undefined, undefined);
  const options: Record<string, string> = {};
  if (files.cardFile !== undefined) options['cardFile'] = resolve(files.cardFile);
  if (files.deckFile !== undefined) options['deckFile'] = resolve(files.deckFile);
  const deckIds = [...content.decks.keys()].filter((id) => !base.decks.has(id));
  const cardIds = [...content.cards.strategies.keys()].filter((id) => base.cards.strategies.get(id) !== content.cards.strategies.get(id));
  if (files.cardFile !== undefined && files.deckFile === undefined && cardIds.length > 0 && ![...content.decks.values()].some((d) => d.arsenal.some((c) => cardIds.includes(c.id))))
    throw new UserError(`--card-file ${files.cardFile}: its Strategy cards (${cardIds.join(', ')}) are in no deck; allowed: a card file that replaces sample cards, or --deck-file with decks that hold the new cards`);
  return { options, content, deckIds, cardIds };
}

/**
 * The heuristic spec that also never plays `card`: `heuristic` → `heuristic:bar=card`; a spec
 * that bars cards already (`--agents heuristic:bar=x`) gets the card added to its list
 * (`bar=x+card`), since a parameter given twice is an error.
 */
export function barredSpec(spec: string, card: string): string {
  const m = /([:,])bar=([^,]*)/.exec(spec);
  if (m) return m[2]!.split('+').includes(card) ? spec : `${spec.slice(0, m.index)}${m[1]}bar=${m[2]}+${card}${spec.slice(m.index + m[0].length)}`;
  return spec.includes(':') ? `${spec},bar=${card}` : `${spec}:bar=${card}`;
}

/**
 * The game's listeners every Ophidian study table attaches (src/games/ophidian/listener.ts):
 * each Wave's score (`tags.waves`, ophidian-flow) and the cards played (`tags.played`,
 * ophidian-cards). The game gathers neither unless a table asks.
 */
export const OPH_LISTENERS: readonly string[] = ['waves', 'played'];

/** Plays `games` games of deck `a` (seat 0) against deck `b` (seat 1) with one spec per seat; completed records. */
export function playDecks(ctx: StudyContext, key: string, a: string, b: string, games: number, agents: readonly [string, string], extra: Readonly<Record<string, unknown>> = {}): Promise<GameRecord[]> {
  return playStudyTable(ctx, key, { gameId: GAME_ID, options: { decks: [a, b], ...extra }, agents: [...agents], games, rotate: false, paired: false, listeners: OPH_LISTENERS });
}

/** One seat-swapped unit of a deck matchup: A's mean return over the two games on seed index i. */
export interface MatchupUnit {
  readonly a: string;
  readonly b: string;
  readonly index: number;
  /** A's share over the two seat orders (only whole units: both games completed). */
  readonly share: number;
  readonly games: readonly GameRecord[];
}

/** Plays A v B in both seat orders on common seeds and pairs the games by seed index. */
export async function playMatchup(ctx: StudyContext, prefix: string, a: string, b: string, perOrder: number, agents: readonly [string, string] = ['heuristic', 'heuristic'], extra: Readonly<Record<string, unknown>> = {}): Promise<MatchupUnit[]> {
  const ab = await playDecks(ctx, `${prefix}-${a}-v-${b}`, a, b, perOrder, agents, extra);
  const ba = await playDecks(ctx, `${prefix}-${b}-v-${a}`, b, a, perOrder, [agents[1], agents[0]], extra);
  return pairUnits(a, b, ab, ba);
}

/**
 * Pairs game i of (A, B) with game i of (B, A): the same seed with the decks' seats
 * swapped, one unit. A unit whose partner game failed (or is missing) is left out whole:
 * half a unit would bring back the seat effect the pairing cancels (the failed games are
 * counted in the study's ledger).
 */
export function pairUnits(a: string, b: string, ab: readonly GameRecord[], ba: readonly GameRecord[]): MatchupUnit[] {
  const done = (r: GameRecord | undefined): r is GameRecord => r !== undefined && r.error === undefined && r.returns.length === 2;
  const second = new Map(ba.map((r) => [r.index, r]));
  const out: MatchupUnit[] = [];
  for (const r of [...ab].sort((x, y) => x.index - y.index)) {
    const m = second.get(r.index);
    if (!done(r) || !done(m) || m.seed !== r.seed) continue;
    out.push({ a, b, index: r.index, share: (r.returns[0]! + m.returns[1]!) / 2, games: [r, m] });
  }
  return out;
}

/** Times each card id was played by `seat` in a game (tags.played: "id:n0:n1"). */
export function playedBy(r: GameRecord, seat: number): Map<string, number> {
  let bySeat = playedCache.get(r);
  if (!bySeat) {
    bySeat = [new Map(), new Map()];
    const list = r.tags['played'];
    for (const e of Array.isArray(list) ? list : []) {
      const parts = String(e).split(':');
      for (let p = 0; p < parts.length - 1; p++) {
        const k = Number(parts[1 + p]);
        if (k > 0) (bySeat[p] ??= new Map()).set(parts[0]!, k);
      }
    }
    playedCache.set(r, bySeat);
  }
  return bySeat[seat] ?? new Map();
}
const playedCache = new WeakMap<GameRecord, Map<string, number>[]>();

/** A mean with its 95% t interval (NaN bounds below two values). */
export function meanCi(xs: readonly number[], level = 0.95): { mean: number; lo: number; hi: number; n: number } {
  const t = tInterval(xs, level);
  return { mean: t.mean, lo: t.lo, hi: t.hi, n: xs.length };
}

/** Standard error of a mean, sd/√n (NaN below two units). Not the interval's width over 3.92: that carries t(n−1)/1.96 and overstates it for small n. */
export function se(xs: readonly number[]): number {
  const t = tInterval(xs, 0.95);
  return t.n >= 2 && Number.isFinite(t.sd) ? t.sd / Math.sqrt(t.n) : NaN;
}

/** Runs the tasks `k` at a time (tables share the worker pool; results in task order). */
export async function inBatches<T>(tasks: readonly (() => Promise<T>)[], k: number): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += k) out.push(...(await Promise.all(tasks.slice(i, i + k).map((t) => t()))));
  return out;
}

/** A seeded choice of `k` items: the same items for the same seed string. */
export function seededSample<T>(items: readonly T[], k: number, seed: string): T[] {
  const rng = new Rng(deriveSeed(seed));
  return shuffledWith(items, (n) => rng.int(n)).slice(0, Math.min(k, items.length));
}

export function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '–';
}

export function r3(x: number): number | null {
  return Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null;
}

/** "0.612 [0.540, 0.680], n=40". */
export function ci(x: { mean: number; lo: number; hi: number; n: number }, what = 'units'): string {
  return `${fmt(x.mean)} [${fmt(x.lo)}, ${fmt(x.hi)}], n=${x.n} ${what}`;
}
