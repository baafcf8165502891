/**
 * Zones: decks, hands, piles and fields of cards with per-player knowledge, and the
 * generic observation and determinization that go with them (TAG's partially observable
 * decks, OpenSpiel's resampling of information states).
 *
 * A card is a non-negative integer (an index into the game's card table, or simply a suit).
 * Every zone is an ordered list of cards (index 0 = bottom, last = top) and, beside it,
 * who *knows* each card: a bitmask over seats (`1 << seat`), `EVERYONE` for a card seen by
 * all. Knowledge travels with the card when it moves, so a card a player drew stays known
 * to that player in its hand, and a card everyone saw stays known when it is turned face
 * down again (agents have perfect memory). Shuffling a zone forgets every card's place.
 *
 * Two kinds of zone:
 * - `stack` (deck, hand, pile, discard): taking a card closes the gap; new cards go on top;
 * - `field` (a map of slots, a table with places): a slot keeps its index; taking a card
 *   leaves `NO_CARD` there, and cards are put into a given slot.
 *
 * `observeZones(z, seat)` replaces every card `seat` does not know by `HIDDEN` and lists
 * those cards, sorted, in `unseen` (the composition of what is hidden is public; where each
 * card lies is not). `determinizeZones(obs, rng)` deals `unseen` at random back onto the
 * hidden places: exactly what the player cannot see is re-dealt, and everything it has seen
 * stays. Where each player has a deck of their own, `determinizeZonesByGroup` keeps each
 * hidden card among its owner's places (a card's back is public). All functions are pure and copy only the zone they change.
 */
import type { Random } from './random.js';
import type { Rng } from './rng.js';

/** A card the observer cannot see (only in observations). */
export const HIDDEN = -1;
/** An empty slot of a field zone. */
export const NO_CARD = -2;
/** Knowledge mask of a card every seat knows (face up, or seen by all). */
export const EVERYONE = -1;
/** Knowledge mask of a card nobody knows (face down, shuffled). */
export const NOBODY = 0;

export type ZoneKind = 'stack' | 'field';

export interface Zones {
  readonly kinds: readonly ZoneKind[];
  /** Per zone, its cards (bottom first). In an observation, unknown cards are `HIDDEN`. */
  readonly cards: readonly (readonly number[])[];
  /** Per zone and place, the seats who know the card there (bitmask). */
  readonly known: readonly (readonly number[])[];
  /** In an observation: the hidden cards, sorted (their places show `HIDDEN`); else null. */
  readonly unseen: readonly number[] | null;
}

/** The knowledge bit of one seat. */
export function seatBit(seat: number): number {
  if (seat < 0 || seat > 30) throw new Error(`zones: seat ${seat} out of range; allowed: 0..30`);
  return 1 << seat;
}

/** Empty zones of the given kinds (zone i has kind kinds[i]). */
export function createZones(kinds: readonly ZoneKind[]): Zones {
  return { kinds, cards: kinds.map(() => []), known: kinds.map(() => []), unseen: null };
}

function withZone(z: Zones, zone: number, cards: readonly number[], known: readonly number[]): Zones {
  const c = z.cards.slice();
  const k = z.known.slice();
  c[zone] = cards;
  k[zone] = known;
  return { kinds: z.kinds, cards: c, known: k, unseen: z.unseen };
}

/** Zone `zone` filled with `cards`, all with knowledge `known` (NOBODY for a face-down deck). */
export function fillZone(z: Zones, zone: number, cards: readonly number[], known = NOBODY): Zones {
  return withZone(z, zone, cards.slice(), cards.map((c) => (c < 0 ? EVERYONE : known)));
}

/** Shuffles zone `zone` with the state's stream: nobody knows where any card lies any more. */
export function shuffleZone(z: Zones, zone: number, dice: Random): Zones {
  const cards = dice.shuffled(z.cards[zone]!);
  return withZone(z, zone, cards, cards.map(() => NOBODY));
}

/** Number of cards (or slots, for a field) in a zone. */
export function zoneSize(z: Zones, zone: number): number {
  return z.cards[zone]!.length;
}

/** The card at `index` of a zone (`index` -1 = the top). */
export function cardAt(z: Zones, zone: number, index = -1): number {
  const cards = z.cards[zone]!;
  return cards[index < 0 ? cards.length + index : index]!;
}

/** Who knows the card at `index` of a zone. */
export function knownAt(z: Zones, zone: number, index: number): number {
  return z.known[zone]![index]!;
}

/** True when `seat` knows the card at `index` of a zone. */
export function knows(z: Zones, zone: number, index: number, seat: number): boolean {
  return (z.known[zone]![index]! & seatBit(seat)) !== 0;
}

/**
 * Moves a card: from `from` at `fromIndex` (-1 = the top) to `to` (on top of a stack,
 * or into slot `toIndex` of a field, which must be empty). `reveal` is added to what is
 * known of the card (e.g. `seatBit(p)` when drawn into p's hand, `EVERYONE` when played
 * face up); pass `forget: true` to reset its knowledge first (put face down into a deck).
 */
export function moveCard(
  z: Zones,
  from: number,
  fromIndex: number,
  to: number,
  options: { toIndex?: number; reveal?: number; forget?: boolean } = {},
): Zones {
  const src = z.cards[from]!;
  const i = fromIndex < 0 ? src.length + fromIndex : fromIndex;
  const card = src[i];
  if (card === undefined || card < 0) throw new Error(`zones: no card at zone ${from} index ${fromIndex}`);
  const mask = (options.forget ? NOBODY : z.known[from]![i]!) | (options.reveal ?? NOBODY);
  const cards = z.cards.slice();
  const known = z.known.slice();
  // Take it out.
  let sc: number[];
  let sk: number[];
  if (z.kinds[from] === 'field') {
    sc = src.slice();
    sk = z.known[from]!.slice();
    sc[i] = NO_CARD;
    sk[i] = EVERYONE;
  } else if (i === src.length - 1) {
    sc = src.slice(0, i); // drawing from the top: copy all but the top
    sk = z.known[from]!.slice(0, i);
  } else {
    sc = src.slice();
    sk = z.known[from]!.slice();
    sc.splice(i, 1);
    sk.splice(i, 1);
  }
  cards[from] = sc;
  known[from] = sk;
  // Put it in (re-reading the destination: it may be the same zone).
  const dc = cards[to]!.slice();
  const dk = known[to]!.slice();
  if (z.kinds[to] === 'field') {
    const j = options.toIndex ?? -1;
    if (j < 0 || j >= dc.length || dc[j] !== NO_CARD) throw new Error(`zones: slot ${j} of zone ${to} is not an empty slot`);
    dc[j] = card;
    dk[j] = mask;
  } else {
    dc.push(card);
    dk.push(mask);
  }
  cards[to] = dc;
  known[to] = dk;
  return { kinds: z.kinds, cards, known, unseen: z.unseen };
}

/** Adds `mask` (a seat bit, or EVERYONE) to who knows the card at `index` of a zone. */
export function reveal(z: Zones, zone: number, index: number, mask = EVERYONE): Zones {
  const old = z.known[zone]![index]!;
  if ((old | mask) === old) return z;
  const inner = z.known[zone]!.slice();
  inner[index] = old | mask;
  const known = z.known.slice();
  known[zone] = inner;
  return { kinds: z.kinds, cards: z.cards, known, unseen: z.unseen }; // the cards themselves are shared
}

/** What `seat` may know: unknown cards become HIDDEN and are listed, sorted, in `unseen`. */
export function observeZones(z: Zones, seat: number): Zones {
  const bit = seatBit(seat);
  const unseen: number[] = [];
  const cards = z.cards.map((zone, zi) => {
    const known = z.known[zi]!;
    let out: number[] | null = null;
    for (let i = 0; i < zone.length; i++) {
      const c = zone[i]!;
      if (c >= 0 && (known[i]! & bit) === 0) {
        out ??= zone.slice();
        out[i] = HIDDEN;
        unseen.push(c);
      }
    }
    return out ?? zone;
  });
  unseen.sort((a, b) => a - b);
  return { kinds: z.kinds, cards, known: z.known, unseen };
}

/**
 * `observeZones` for a game whose agents observe state after state (a search's rollouts call
 * `observe` at every step): it remembers, per seat, the last zones it observed and what the
 * seat saw of them, and gives `observeZones(zones, seat)` exactly (test/core/zones-observer.test.ts)
 * at a fraction of the cost. Zones are immutable (transitions copy what they change), so
 * - the same zones object again (most moves leave the cards alone: the next state holds the
 *   very same zones) gives the same observation, the very object returned last time;
 * - a new zones object (a card played, a fresh determinization of others' hands) mostly
 *   shares its zone arrays with the last one: a zone's view and hidden cards are redone only
 *   when its cards or knowledge array is a new one, and the unseen list only when a zone's
 *   hidden cards changed — listed in order by marking the card ids, not sorted.
 * One entry per seat, not a cache over every zones object: random play makes new ones all
 * the time. Every card must be a distinct id (an index into a card table): the unseen list is
 * made by marking ids, so a repeated card (Dark Hero's cards are suits) would be listed once —
 * such a game observes with `observeZones`. A game holds one observer (`const observer = new ZonesObserver()`, at module level:
 * a worker thread has its own) and observes with `observer.observe(s.zones, p)`. The returned
 * observation is shared between calls, like every state: never write into it.
 */
export class ZonesObserver {
  private readonly seats: SeatView[] = [];
  /** Scratch marks by card id: the stamp of the listing that last marked the card. */
  private readonly marks: number[] = [];
  private stamp = 0;

  /** What `seat` may know of `zones`: `observeZones(zones, seat)`, from the last observation where it can. */
  observe(zones: Zones, seat: number): Zones {
    const entry = (this.seats[seat] ??= { zones: null, seen: null, cardsIn: [], knownIn: [], view: [], hidden: [] });
    if (entry.zones === zones) return entry.seen!;
    const bit = seatBit(seat);
    const n = zones.cards.length;
    let hiddenChanged = entry.seen === null || entry.cardsIn.length !== n;
    if (entry.cardsIn.length !== n) {
      entry.cardsIn.length = entry.knownIn.length = entry.view.length = entry.hidden.length = 0;
      for (let zi = 0; zi < n; zi++) {
        entry.cardsIn.push(null);
        entry.knownIn.push(null);
        entry.view.push(NO_CARDS);
        entry.hidden.push(NO_CARDS);
      }
    }
    const cards: (readonly number[])[] = new Array(n);
    for (let zi = 0; zi < n; zi++) {
      const zone = zones.cards[zi]!;
      const known = zones.known[zi]!;
      if (entry.cardsIn[zi] === zone && entry.knownIn[zi] === known) {
        cards[zi] = entry.view[zi]!;
        continue;
      }
      let out: number[] | null = null;
      let hidden: number[] | null = null;
      for (let i = 0; i < zone.length; i++) {
        const c = zone[i]!;
        if (c >= 0 && (known[i]! & bit) === 0) {
          out ??= zone.slice();
          out[i] = HIDDEN;
          (hidden ??= []).push(c);
        }
      }
      if (hidden !== null || entry.hidden[zi]!.length > 0) hiddenChanged = true;
      entry.cardsIn[zi] = zone;
      entry.knownIn[zi] = known;
      entry.view[zi] = cards[zi] = out ?? zone;
      entry.hidden[zi] = hidden ?? NO_CARDS;
    }
    const unseen = hiddenChanged ? this.inOrder(entry.hidden) : entry.seen!.unseen!;
    entry.zones = zones;
    entry.seen = { kinds: zones.kinds, cards, known: zones.known, unseen };
    return entry.seen;
  }

  /** Every card of `lists`, in ascending order (as `observeZones` sorts its unseen cards). */
  private inOrder(lists: readonly (readonly number[])[]): readonly number[] {
    let count = 0;
    let max = -1;
    for (const h of lists) {
      count += h.length;
      for (let i = 0; i < h.length; i++) if (h[i]! > max) max = h[i]!;
    }
    if (count === 0) return NO_CARDS;
    // Marking costs one pass over the ids up to the largest: for small card ids (an index into
    // a card table) cheaper than a sort; for a game with sparse large ids, sort.
    if (max > MARKS_UP_TO) {
      const all: number[] = [];
      for (const h of lists) for (let i = 0; i < h.length; i++) all.push(h[i]!);
      return all.sort((a, b) => a - b);
    }
    const stamp = ++this.stamp;
    const marks = this.marks;
    for (const h of lists) for (let i = 0; i < h.length; i++) marks[h[i]!] = stamp;
    const list: number[] = [];
    for (let c = 0; c <= max; c++) if (marks[c] === stamp) list.push(c);
    return list;
  }
}

/** One seat's last observation, zone by zone: the cards and knowledge arrays seen, the view of them, their hidden cards. */
interface SeatView {
  zones: Zones | null;
  seen: Zones | null;
  readonly cardsIn: (readonly number[] | null)[];
  readonly knownIn: (readonly number[] | null)[];
  readonly view: (readonly number[])[];
  readonly hidden: (readonly number[])[];
}
const NO_CARDS: readonly number[] = Object.freeze([]);
/** Largest card id listed by marking (`ZonesObserver`); above it, unseen cards are sorted. */
const MARKS_UP_TO = 1 << 16;

/**
 * A full deal consistent with an observation: the `unseen` cards shuffled with `rng` onto
 * the HIDDEN places (zones in order, bottom first). A full (non-observed) value is returned as is.
 */
export function determinizeZones(obs: Zones, rng: Rng): Zones {
  // One group holding every card and every place: the same single shuffle of `unseen`.
  return determinizeZonesByGroup(obs, rng, oneGroup, oneGroup);
}
const oneGroup = (): number => 0;

/**
 * `determinizeZones` where a card's back tells something: a hidden card is dealt only onto
 * hidden places whose group is its own — with `group(card)` its owner and `zoneGroup(zone)`
 * the zone's owner, a player's unseen hand holds only that player's cards and each Arsenal
 * only its owner's, as every player at the table knows (each deck is its own player's). Each
 * group's cards are shuffled onto that group's places (groups in ascending order, zones in
 * order, bottom first); groups are small non-negative integers. Throws when an observation's groups do not add up (a hidden place
 * with no card of its group left, or cards left over): a game whose cards change hands
 * face down needs its own rule here.
 */
export function determinizeZonesByGroup(obs: Zones, rng: Rng, zoneGroup: (zone: number) => number, group: (card: number) => number): Zones {
  if (obs.unseen === null) return obs;
  // Groups are small non-negative integers (seats): plain arrays indexed by group, since a
  // search determinizes once per iteration.
  const pools: number[][] = [];
  for (const c of obs.unseen) (pools[group(c)] ??= []).push(c);
  for (let g = 0; g < pools.length; g++) if (pools[g] !== undefined) pools[g] = rng.shuffled(pools[g]!);
  const next: number[] = new Array<number>(pools.length).fill(0);
  const cards = obs.cards.map((zone, zi) => {
    let out: number[] | null = null;
    for (let i = 0; i < zone.length; i++)
      if (zone[i] === HIDDEN) {
        const g = zoneGroup(zi);
        const pool = pools[g];
        if (pool === undefined || next[g]! >= pool.length) throw new Error(`zones: zone ${zi} has a hidden place of group ${g} but no unseen card of that group is left`);
        out ??= zone.slice();
        out[i] = pool[next[g]!++]!;
      }
    return out ?? zone;
  });
  for (let g = 0; g < pools.length; g++) {
    const pool = pools[g];
    if (pool !== undefined && next[g] !== pool.length) throw new Error(`zones: observation lists ${pool.length} unseen cards of group ${g} for ${next[g]} hidden places of that group`);
  }
  return { kinds: obs.kinds, cards, known: obs.known, unseen: null };
}
