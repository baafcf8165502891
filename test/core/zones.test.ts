import { describe, expect, it } from 'vitest';
import { Dice } from '../../src/core/dice.js';
import { Rng } from '../../src/core/rng.js';
import {
  EVERYONE,
  HIDDEN,
  NO_CARD,
  cardAt,
  createZones,
  determinizeZones,
  determinizeZonesByGroup,
  fillZone,
  knows,
  moveCard,
  observeZones,
  reveal,
  seatBit,
  shuffleZone,
} from '../../src/core/zones.js';
import { deepFreeze } from './contract.js';

const DECK = 0;
const HAND0 = 1;
const HAND1 = 2;
const MAP = 3;

/** A 10-card deck, two hands of 2, and a 3-slot field with one card face down. */
function deal() {
  let z = createZones(['stack', 'stack', 'stack', 'field']);
  z = fillZone(z, DECK, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  z = fillZone(z, MAP, [NO_CARD, NO_CARD, NO_CARD]);
  z = shuffleZone(z, DECK, new Dice(42));
  for (let k = 0; k < 2; k++) {
    z = moveCard(z, DECK, -1, HAND0, { reveal: seatBit(0) });
    z = moveCard(z, DECK, -1, HAND1, { reveal: seatBit(1) });
  }
  z = moveCard(z, DECK, -1, MAP, { toIndex: 1 }); // face down on the map
  return deepFreeze(z);
}

describe('zones', () => {
  it('a seeded shuffle from the state stream is a permutation and replays exactly', () => {
    const a = deal();
    expect(a).toEqual(deal());
    const all = [...a.cards[DECK]!, ...a.cards[HAND0]!, ...a.cards[HAND1]!, cardAt(a, MAP, 1)].sort((x, y) => x - y);
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a hand is seen by its owner only; a field slot keeps its place', () => {
    const z = deal();
    expect(knows(z, HAND0, 0, 0)).toBe(true);
    expect(knows(z, HAND0, 0, 1)).toBe(false);
    expect(z.cards[MAP]![0]).toBe(NO_CARD);
    expect(z.cards[MAP]![1]).toBeGreaterThanOrEqual(0);
    expect(() => moveCard(z, DECK, -1, MAP, { toIndex: 1 })).toThrow(/not an empty slot/);
  });

  it('observe hides exactly what the seat does not know and lists it, sorted', () => {
    const z = deal();
    const o = observeZones(z, 0);
    expect(o.cards[HAND0]).toEqual(z.cards[HAND0]);
    expect(o.cards[HAND1]).toEqual([HIDDEN, HIDDEN]);
    expect(o.cards[DECK]!.every((c) => c === HIDDEN)).toBe(true);
    expect(o.cards[MAP]).toEqual([NO_CARD, HIDDEN, NO_CARD]);
    const hidden = [...z.cards[DECK]!, ...z.cards[HAND1]!, cardAt(z, MAP, 1)].sort((a, b) => a - b);
    expect(o.unseen).toEqual(hidden);
  });

  it('determinize re-deals only the unseen cards, and observing the result gives the observation back', () => {
    const z = deal();
    const o = observeZones(z, 0);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const d = determinizeZones(o, new Rng(i));
      expect(d.cards[HAND0]).toEqual(z.cards[HAND0]); // what seat 0 holds stays
      expect(observeZones(d, 0)).toEqual(o); // OpenSpiel's resample test
      seen.add(JSON.stringify(d.cards));
    }
    expect(seen.size).toBeGreaterThan(20); // the hidden part really is re-dealt
  });

  it('a card everyone saw stays known when turned face down again (memory)', () => {
    let z = reveal(deal(), MAP, 1, EVERYONE);
    z = moveCard(z, MAP, 1, DECK, {}); // back on the deck: still known where it lies
    const o = observeZones(z, 1);
    expect(cardAt(o, DECK)).toBe(cardAt(z, DECK));
    const forgot = observeZones(moveCard(reveal(deal(), MAP, 1), MAP, 1, DECK, { forget: true }), 1);
    expect(cardAt(forgot, DECK)).toBe(HIDDEN);
  });

  it('shuffling forgets where every card lies', () => {
    let z = reveal(deal(), DECK, 0, EVERYONE);
    z = shuffleZone(z, DECK, new Dice(1));
    expect(observeZones(z, 0).cards[DECK]!.every((c) => c === HIDDEN)).toBe(true);
  });

  it('determinize by group deals each hidden card only onto places of its own group, and refuses groups that do not add up', () => {
    // Two decks of their own: cards 0–4 are seat 0's (zones 0, 1), 5–9 seat 1's (zones 2, 3).
    let z = createZones(['stack', 'stack', 'stack', 'stack']);
    z = fillZone(z, 0, [0, 1, 2, 3, 4]);
    z = fillZone(z, 2, [5, 6, 7, 8, 9]);
    for (let k = 0; k < 2; k++) {
      z = moveCard(z, 0, -1, 1, { reveal: seatBit(0) });
      z = moveCard(z, 2, -1, 3, { reveal: seatBit(1) });
    }
    const o = observeZones(deepFreeze(z), 0);
    const owner = (c: number) => (c < 5 ? 0 : 1);
    const zoneOwner = (zone: number) => (zone < 2 ? 0 : 1);
    let pooledCrossed = 0;
    for (let i = 0; i < 40; i++) {
      const d = determinizeZonesByGroup(o, new Rng(i), zoneOwner, owner);
      d.cards.forEach((zone, zi) => zone.forEach((c) => expect(owner(c)).toBe(zoneOwner(zi))));
      expect(observeZones(d, 0)).toEqual(o);
      // The ungrouped deal puts seat 0's unseen deck cards into seat 1's hand and deck.
      const pooled = determinizeZones(o, new Rng(i));
      if (pooled.cards.some((zone, zi) => zone.some((c) => owner(c) !== zoneOwner(zi)))) pooledCrossed++;
    }
    expect(pooledCrossed).toBeGreaterThan(20);
    expect(() => determinizeZonesByGroup(o, new Rng(1), () => 0, owner)).toThrow(/zones: zone \d+ has a hidden place of group 0 but no unseen card of that group is left/);
  });
});
