/**
 * Helpers for rule tests: a position after setup, hands given by card id (cards outside the
 * deck are swapped into the table for the test), acting with a legality check on
 * deep-frozen states, and passing the response windows a test does not answer.
 */
import { expect } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { flow } from '../../../src/games/ophidian/rules.js';
import { SAMPLE_CARDS } from '../../../src/games/ophidian/sample.js';
import { ARSENAL, HAND, zoneOf, type OphidianState, type Table } from '../../../src/games/ophidian/state.js';
import { deepFreeze } from '../../core/contract.js';

/** Setup decisions taken (first legal each), every Gladiator in the Action Field; the Flow holder to act. */
export function position(seed = 1, decks?: string[]): OphidianState {
  return afterSetup(decks ? { decks } : {}, seed);
}

/** A match of n players after setup (as `position`), seat p holding the Flow and acting. */
export function table(n: number, p = 0, seed = 1): OphidianState {
  const s = afterSetup({ players: n }, seed);
  return { ...s, flowHolder: p, current: p, turn: p, order: Array.from({ length: n }, (_, k) => k) };
}

function afterSetup(options: object, seed: number): OphidianState {
  let s = ophidian.setup(ophidian.optionsSchema.parse(options) as never, seed);
  while (flow.decision(s)!.name !== 'act') {
    const d = flow.decision(s)!;
    s = ophidian.apply(s, [d.name === 'maneuver' ? 'field:action' : ophidian.legalActions(s, d.player)[0]!]);
  }
  return s;
}

export const idOf = (s: OphidianState, p: number, cardId: string, nth = 0): number =>
  s.t.card.map((c, i) => [c, i] as const).filter(([c, i]) => c.id === cardId && s.t.owner[i] === p).map(([, i]) => i)[nth]!;

/**
 * Gives p exactly these cards in hand (the rest of its Strategy cards in the Arsenal). A card
 * id its deck lacks replaces one of p's other Strategy cards in this state's table.
 */
export function giveHand(s: OphidianState, p: number, ids: string[]): OphidianState {
  const hand: number[] = [];
  let card = s.t.card;
  for (const cid of ids) {
    let i = card.findIndex((c, k) => c.id === cid && s.t.owner[k] === p && !hand.includes(k));
    if (i < 0) {
      i = card.findIndex((c, k) => c.kind === 'strategy' && s.t.owner[k] === p && !hand.includes(k) && !ids.includes(c.id) && s.loc[k] === 0);
      const sc = SAMPLE_CARDS.strategies.get(cid);
      if (!sc) throw new Error(`no sample card ${cid}`);
      card = card.map((c, k) => (k === i ? sc : c));
    }
    hand.push(i);
  }
  const t = card === s.t.card ? s.t : tableWith(s.t, card);
  const rest: number[] = [];
  for (let i = 0; i < t.card.length; i++) if (t.owner[i] === p && t.card[i]!.kind === 'strategy' && !hand.includes(i) && s.loc[i] === 0) rest.push(i);
  const cards = s.zones.cards.slice();
  const known = s.zones.known.slice();
  cards[zoneOf(p, HAND)] = hand;
  known[zoneOf(p, HAND)] = hand.map(() => 1 << p);
  cards[zoneOf(p, ARSENAL)] = rest;
  known[zoneOf(p, ARSENAL)] = rest.map(() => 0);
  return { ...s, t, zones: { ...s.zones, cards, known } };
}

export const decision = (s: OphidianState) => flow.decision(s);

/** Every player passes the event chain after an action ("After …" Responses, 8.0). */
export function quiet(s: OphidianState): OphidianState {
  while (flow.decision(s)?.name === 'react') s = ophidian.apply(deepFreeze(s), ['pass']);
  return s;
}
/** Every player passes the Attack's response chain (8.0). */
export function settle(s: OphidianState): OphidianState {
  while (flow.decision(s)?.name === 'respond') s = ophidian.apply(deepFreeze(s), ['pass']);
  return s;
}

/** Applies a legal action (asserting it is legal) on a deep-frozen state. */
export function step(s: OphidianState, a: string): OphidianState {
  const p = ophidian.toMove(s)[0]!;
  expect(ophidian.legalActions(s, p), `${a} for seat ${p} in ${flow.decision(s)?.name}`).toContain(a);
  return ophidian.apply(deepFreeze(s), [a]);
}

/** Like `step`, passing first any event chain the action is not part of. */
export function act(s: OphidianState, a: string): OphidianState {
  if (!a.startsWith('ev:') && !a.startsWith('eab:')) s = quiet(s);
  return step(s, a);
}

/** The table with other cards at some instances (the lists of cards scanned for modifiers and triggers recomputed). */
export function tableWith(t: Table, card: Table['card']): Table {
  const abilities = (c: Table['card'][number]) => (c.kind === 'gladiator' ? c.levels.flatMap((l) => l.abilities) : c.abilities);
  const modders = card.map((c, i) => (abilities(c).some((a) => a.modifiers.length > 0) ? i : -1)).filter((i) => i >= 0);
  const triggered = card.map((c, i) => (abilities(c).some((a) => a.trigger && a.flow === 'continuous') ? i : -1)).filter((i) => i >= 0);
  return { ...t, card, modders, triggered };
}

/** Puts sample Strategy cards at the given instances (outside the hand), e.g. to place them in play. */
export function withCards(s: OphidianState, cards: Record<number, string>): OphidianState {
  const card = s.t.card.map((c, i) => (cards[i] ? SAMPLE_CARDS.strategies.get(cards[i]!) ?? c : c));
  const gone = Object.keys(cards).map(Number);
  const zc = s.zones.cards.map((z) => z.filter((c) => !gone.includes(c)));
  const zk = s.zones.known.map((z, k) => z.filter((_, i) => !gone.includes(s.zones.cards[k]![i]!)));
  return { ...s, t: tableWith(s.t, card), zones: { ...s.zones, cards: zc, known: zk } };
}
