/**
 * `ZonesObserver` (src/core/zones.ts) remembers what each seat saw last and redoes only the
 * zones that changed. An observation must still be exactly `observeZones(zones, seat)` — "unknown
 * cards become HIDDEN; `unseen` lists them, sorted" (src/core/README.md, Zones) — whatever was
 * observed before it, by whom and in what order, and it never writes to the zones (deep-frozen).
 */
import { describe, expect, it } from 'vitest';
import { Dice } from '../../src/core/dice.js';
import { Rng } from '../../src/core/rng.js';
import {
  EVERYONE,
  NO_CARD,
  createZones,
  determinizeZones,
  fillZone,
  moveCard,
  observeZones,
  reveal,
  seatBit,
  shuffleZone,
  type Zones,
  ZonesObserver,
} from '../../src/core/zones.js';
import { deepFreeze } from './contract.js';

const SEATS = 3;
const DECK = 0;
const DISCARD = 1;
const FIELD = 2;
const handOf = (p: number): number => 3 + p;

/** A deck of `ids`, a discard pile, a 4-slot field and three hands of 2. */
function deal(ids: readonly number[], seed: number): Zones {
  let z = createZones(['stack', 'stack', 'field', 'stack', 'stack', 'stack']);
  z = fillZone(z, DECK, ids);
  z = fillZone(z, FIELD, [NO_CARD, NO_CARD, NO_CARD, NO_CARD]);
  z = shuffleZone(z, DECK, new Dice(seed));
  for (let k = 0; k < 2; k++) for (let p = 0; p < SEATS; p++) z = moveCard(z, DECK, -1, handOf(p), { reveal: seatBit(p) });
  return deepFreeze(z);
}

/** One random change of the kind games make: draw, play face up or down, discard, reveal, reshuffle. */
function step(z: Zones, rng: Rng): Zones {
  const p = rng.int(SEATS);
  const hand = handOf(p);
  const free = z.cards[FIELD]!.findIndex((c) => c === NO_CARD);
  switch (rng.int(6)) {
    case 0:
      if (z.cards[DECK]!.length > 0) return moveCard(z, DECK, -1, hand, { reveal: seatBit(p) });
      break;
    case 1:
      if (z.cards[hand]!.length > 0 && free >= 0) return moveCard(z, hand, rng.int(z.cards[hand]!.length), FIELD, { toIndex: free, reveal: rng.int(2) === 0 ? EVERYONE : 0 });
      break;
    case 2:
      if (z.cards[hand]!.length > 0) return moveCard(z, hand, -1, DISCARD, { reveal: EVERYONE });
      break;
    case 3: {
      // A card shown to one seat: the zone's cards array stays, its knowledge array is new.
      const zone = rng.int(z.cards.length);
      const at = z.cards[zone]!.length > 0 ? rng.int(z.cards[zone]!.length) : -1;
      if (at >= 0 && z.cards[zone]![at]! >= 0) return reveal(z, zone, at, seatBit(p));
      break;
    }
    case 4:
      if (z.cards[DISCARD]!.length > 0) return moveCard(z, DISCARD, -1, DECK, { forget: true });
      break;
    default:
      return shuffleZone(z, DECK, new Dice(rng.u32() | 0));
  }
  return z;
}

function checkAgainstObserveZones(ids: readonly number[], seed: number): void {
  const rng = new Rng(seed);
  const observer = new ZonesObserver();
  let z = deal(ids, seed);
  const seen: Zones[] = [z];
  for (let k = 0; k < 200; k++) {
    // The zones at hand by every seat, an earlier one, a determinization (hidden zones new, the rest shared), and the current again.
    const old = seen[rng.int(seen.length)]!;
    const p = rng.int(SEATS);
    const world = deepFreeze(determinizeZones(observeZones(z, p), rng));
    for (const [zones, seat] of [[z, 0], [z, 1], [z, 2], [old, p], [world, p], [world, (p + 1) % SEATS], [z, p], [z, p]] as const) {
      expect(observer.observe(zones, seat)).toEqual(observeZones(zones, seat));
    }
    z = deepFreeze(step(z, rng));
    seen.push(z);
  }
}

describe('ZonesObserver', () => {
  it('gives observeZones exactly at every step, for every seat, in any order (small card ids: listed by marking)', () => {
    checkAgainstObserveZones([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], 5);
  });

  it('gives observeZones exactly with sparse large card ids (listed by sorting)', () => {
    checkAgainstObserveZones([3, 70_000, 5, 1 << 20, 90_001, 17, 2_000_000, 8, 123_456, 65_537, 1, 400_000], 11);
  });

  it('returns the very same observation for the same zones, and shares the zones that did not change', () => {
    const observer = new ZonesObserver();
    const z = deal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3);
    const first = observer.observe(z, 0);
    expect(observer.observe(z, 0)).toBe(first);
    // Seat 1 played a card face up: only its hand and the field are new arrays.
    const next = deepFreeze(moveCard(z, handOf(1), -1, FIELD, { toIndex: 0, reveal: EVERYONE }));
    const after = observer.observe(next, 0);
    expect(after).toEqual(observeZones(next, 0));
    expect(after.cards[DECK]).toBe(first.cards[DECK]);
    expect(after.cards[handOf(2)]).toBe(first.cards[handOf(2)]);
    // Seat 0 is shown the deck's top card: the same cards array, new knowledge, a new view.
    const shown = deepFreeze(reveal(next, DECK, next.cards[DECK]!.length - 1, seatBit(0)));
    expect(shown.cards[DECK]).toBe(next.cards[DECK]);
    expect(observer.observe(shown, 0)).toEqual(observeZones(shown, 0));
  });
});
