/**
 * Helpers for Dark Hero tests: options parsed like the runner does, states with chosen
 * fields, and in-state random streams that roll chosen d4 results.
 */
import { scriptDice } from '../../../src/core/random.js';
import { parseWith } from '../../../src/core/validate.js';
import { darkHero, type DarkHeroOptions, type DarkHeroState } from '../../../src/games/dark-hero/index.js';
import { decisionOf, flow } from '../../../src/games/dark-hero/rules.js';
import { MAP, PILE } from '../../../src/games/dark-hero/state.js';
import { ROUND_END } from '../../../src/core/flow.js';
import { NOBODY, type Zones } from '../../../src/core/zones.js';

/** The kind of decision a state asks for (PLACE … VETO, OVER). */
export const kind = decisionOf;

/** `s` with the map card at `slot` replaced by `suit`, face down and unknown to all. */
export function withMapCard(s: DarkHeroState, slot: number, suit: number): DarkHeroState {
  const map = s.zones.cards[MAP]!.slice();
  const known = s.zones.known[MAP]!.slice();
  map[slot] = suit;
  known[slot] = NOBODY;
  return { ...s, zones: replaceZone(s.zones, MAP, map, known) };
}

/** `s` with the top of the draw pile replaced by `suit`. */
export function withPileTop(s: DarkHeroState, suit: number): DarkHeroState {
  const pile = s.zones.cards[PILE]!.slice();
  pile[pile.length - 1] = suit;
  return { ...s, zones: replaceZone(s.zones, PILE, pile, s.zones.known[PILE]!) };
}

function replaceZone(z: Zones, zone: number, cards: readonly number[], known: readonly number[]): Zones {
  const c = z.cards.slice();
  const k = z.known.slice();
  c[zone] = cards;
  k[zone] = known;
  return { ...z, cards: c, known: k };
}

/** `s` with the window `name` open, asking `asker` (e.g. 'club' for an attack, 'veto' at the round's end). */
export function inWindow(s: DarkHeroState, name: 'club' | 'defend' | 'veto', asker: number): DarkHeroState {
  const roundEnd = name === 'veto';
  return {
    ...s,
    phase: roundEnd ? ROUND_END : s.phase,
    current: roundEnd ? -1 : s.current,
    stack: [{ window: flow.windowIndex(name), askers: [asker], at: 0, data: 0, entry: false, then: -1 }],
  };
}

export function options(raw: Record<string, unknown> = {}): DarkHeroOptions {
  return parseWith('dark-hero options', darkHero.optionsSchema, raw);
}

/** A fresh game (seed 1 unless given) with some fields replaced. */
export function stateWith(patch: Partial<DarkHeroState>, raw: Record<string, unknown> = {}, seed = 1): DarkHeroState {
  return atTurn({ ...darkHero.setup(options(raw), seed), ...patch });
}

/** Seat order is the turn order: a state patched to another `current` hero is at that hero's turn. */
export function atTurn(s: DarkHeroState): DarkHeroState {
  return s.current >= 0 ? { ...s, turn: s.current } : s;
}

/** `state` whose next d4 rolls are `rolls` (scripted dice, core/random.ts), then its stream's own. */
export function rolling(state: DarkHeroState, ...rolls: number[]): DarkHeroState {
  return scriptDice(state, rolls);
}

/** Applies one action of the player to move. */
export function step(state: DarkHeroState, action: number): DarkHeroState {
  return darkHero.apply(state, [action]);
}

/**
 * Seed layout with 4 heroes: ring 0..7 (attach cards 0, 2, 4, 6; corners 1, 3, 5, 7),
 * spokes 8–11 (from 0), 12–15 (from 2), 16–19 (from 4), 20–23 (from 6); starts 11, 15, 19, 23.
 */
export const SEED4 = { starts: [11, 15, 19, 23], ringSize: 8, cards: 24 } as const;
