/**
 * Dark Hero's rules as pure functions of a state: setup, the turn flow (phases of a hero's
 * turn, the Club and veto response windows), returns, observation and determinization.
 * Seed text quotes mark where a rule comes from; interpretations are options (see
 * options.ts and README.md).
 *
 * A hero's turn (flow phases): [place a card] → spend Resources on Tactics/Hiding → move
 * to an adjacent card and flip it → resolve the card (contest and shift, the Club window,
 * Diamond) → convert Resources to Aces. After every hero has moved, the veto window asks
 * each hero with a Resource, in seat order, whether to pay to stop the drift toward the
 * Bent. After the last round, one last drawn card shifts the meter.
 */
import { Dice } from '../../core/dice.js';
import { GAME_OVER, defineFlow, fixedOrder, othersFrom, setAt, type Draft } from '../../core/flow.js';
import { UNSEEN_STREAM, type Rng } from '../../core/rng.js';
import { freshStream, random } from '../../core/random.js';
import { EVERYONE, NO_CARD, NOBODY, cardAt, createZones, determinizeZones, moveCard, observeZones, reveal, zoneSize, type Zones } from '../../core/zones.js';
import { buildBoard } from './map.js';
import type { DarkHeroOptions } from './options.js';
import {
  CHAOS,
  CLUB,
  CLUB_ASK,
  CLUB_DEFEND,
  CONTEST,
  CONVERT,
  DIAMOND,
  DRAWN,
  EMPTY,
  FACE_DOWN,
  FASCIST,
  FREE,
  HEART,
  IDEAL,
  MAP,
  MOVE,
  NEUTRAL,
  OVER,
  PILE,
  PLACE,
  SAFE,
  SHIFT,
  SPADE,
  SPEND,
  VETO,
  hidingOf,
  spendCode,
  suitDirection,
  tacticsOf,
  type DarkHeroState,
  type Setup,
} from './state.js';

function clampMeter(m: number): number {
  return m < CHAOS ? CHAOS : m > FASCIST ? FASCIST : m;
}

// ---------------------------------------------------------------------------------
// Setup

/** Setups of layouts that do not depend on the seed, shared by every game of an option set. */
const setupCache = new WeakMap<DarkHeroOptions, Setup>();

function makeSetup(options: DarkHeroOptions, seed: number): Setup {
  const seeded = options.map.layout === 'random' || options.map.layout === 'asymmetric';
  const cached = seeded ? undefined : setupCache.get(options);
  if (cached) return cached;
  const board = buildBoard(options, seed);
  const players = options.heroes.length;
  const fixedCards = board.placed ? players : board.size;
  const placements = board.placed ? players * options.turns : 0;
  const draws = (options.drift === 'fluctuating' ? options.turns : 0) + 1;
  const decks = Math.max(1, Math.ceil((fixedCards + placements + draws) / 52));
  const deck: number[] = [];
  for (let k = 0; k < decks; k++) for (let suit = HEART; suit <= CLUB; suit++) for (let r = 0; r < 13; r++) deck.push(suit);
  const s: Setup = {
    options,
    board,
    players,
    deck,
    target: options.heroes.map((h) => (h.goal === 'free' ? FREE : SAFE)),
    fighting: options.heroes.map((h) => h.fighting),
    infiltrating: options.heroes.map((h) => h.infiltrating),
    others: options.heroes.map((_, h) => othersFrom(h, players)),
    seat: options.heroes.map((_, h) => [h]),
    seats: options.heroes.map((_, h) => h),
    start: startTemplate(options, board, deck.length),
  };
  if (!seeded) setupCache.set(options, s);
  return s;
}

export function setup(options: DarkHeroOptions, seed: number): DarkHeroState {
  const g = makeSetup(options, seed);
  const t = g.start;
  const dice = new Dice(seed);
  const bentRoll = options.bent ?? dice.d(4);
  const bent = options.bentPositions[bentRoll - 1]!;
  const meter = options.start === 'bent' ? bent : IDEAL;
  // "Shuffle the deck then lay down a map of playing cards, face down" (Fisher–Yates on the state's stream).
  const deck = g.deck.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = dice.int(i + 1);
    const x = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = x;
  }
  // The map takes the first cards (slot order; in the draw variant only the start cards),
  // the pile the rest, its top (the next card drawn) last.
  const map = t.emptyMap.slice();
  let top = 0;
  for (let i = 0; i < t.dealt.length; i++) map[t.dealt[i]!] = deck[top++]!;
  // The deck itself becomes the pile: reversed, cut to the cards after the map's.
  const pile = deck.reverse();
  pile.length -= top;
  const zones: Zones = { kinds: ZONE_KINDS, cards: [map, pile, EMPTY_ZONE], known: [t.mapKnown, t.pileKnown, EMPTY_ZONE], unseen: null };
  // One literal with every field (flow's first): spreading `flow.initial()` and adding
  // fields would make V8 build a new hidden class per game (microseconds each).
  return flow.begin({
    phase: GAME_OVER,
    round: 0,
    order: t.noTies,
    turn: 0,
    current: -1,
    stack: NO_WINDOWS,
    steps: 0,
    setup: g,
    rng: dice.state,
    attacker: -1,
    attackerAce: false,
    meter,
    bent,
    bentRoll,
    startMeter: meter,
    drift: 0,
    cards: t.cards,
    zones,
    // "Heroes with a goal of Free get 2 extra Resource cards if the Bent is 3 or 4; Safe ... 1 or 2."
    resources: bentRoll <= 2 ? t.resourcesSafeUnderdog : t.resourcesFreeUnderdog,
    aces: t.aces,
    pos: t.starts,
    prev: t.starts,
    tiedSpade: t.noTies,
    tactics: 0,
    hiding: 0,
  });
}

// Shared by every game and never written (zones copy a zone before changing it), but not
// frozen: V8 copies a frozen array on its slow path (about 10x a plain slice), and the
// last card drawn copies this one.
const EMPTY_ZONE: readonly number[] = [];
const NO_WINDOWS: DarkHeroState['stack'] = Object.freeze([]);

/** The parts of the first state that do not depend on the seed, built once per setup (shared, frozen). */
function startTemplate(options: DarkHeroOptions, board: Setup['board'], deckSize: number): Setup['start'] {
  const players = options.heroes.length;
  const placed = board.placed;
  // Heroes stand on their start cards: face up and Neutral (nothing to find there).
  const cards = filled(board.size, placed ? EMPTY : FACE_DOWN);
  const mapKnown = filled(board.size, placed ? EVERYONE : NOBODY);
  for (const s of board.starts) {
    cards[s] = NEUTRAL;
    mapKnown[s] = EVERYONE;
  }
  const dealt: number[] = [];
  for (let s = 0; s < board.size; s++) if (!placed || board.starts.includes(s)) dealt.push(s);
  const resources = (underdog: 'free' | 'safe') => (options.heroes.map((h) => h.resources + (h.goal === underdog ? options.underdogBonus : 0)));
  return ({
    cards: (cards),
    mapKnown: (mapKnown),
    emptyMap: (filled(board.size, NO_CARD)),
    dealt: (dealt),
    pileKnown: (filled(deckSize - dealt.length, NOBODY)),
    resourcesSafeUnderdog: resources('safe'),
    resourcesFreeUnderdog: resources('free'),
    aces: (options.heroes.map((h) => h.aces)),
    starts: (board.starts.slice()),
    noTies: (filled(players, -1)),
  });
}

const ZONE_KINDS = ['field', 'stack', 'stack'] as const;

/**
 * `n` copies of `v` in a packed array. `new Array(n).fill(v)` makes a *holey* array (V8
 * remembers it was created with holes), and every read of it and of its copies — the
 * card statuses are read on every move — then checks for holes.
 */
function filled(n: number, v: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

// ---------------------------------------------------------------------------------
// Legal actions

const CONST_ACTIONS: readonly (readonly number[])[] = [Object.freeze([0]), Object.freeze([0, 1]), Object.freeze([0, 1, 2])];
const ATTEMPT_ONLY: readonly (readonly number[])[] = [Object.freeze([1]), Object.freeze([1, 2])];

/**
 * Spend options by Resources: every (Tactics t, Hiding h) with t + h ≤ Resources. "Spend
 * any or all Resources": no cap beyond what the hero has (a revealed Club's attacker can
 * reach 10, so boosts past 6 matter). Cached per Resource count.
 */
const spendCache: (readonly number[])[] = [];
export function spendActions(resources: number): readonly number[] {
  let list = spendCache[resources];
  if (!list) {
    const out: number[] = [];
    for (let t = 0; t <= resources && t < 64; t++) for (let h = 0; t + h <= resources && h < 64; h++) out.push(spendCode(t, h));
    list = spendCache[resources] = Object.freeze(out);
  }
  return list;
}

/**
 * Cards the current hero may move to: "must move to the next card"; unflipped cards
 * before Neutral ones; "any hero reduced to 0 Resources cannot enter a Club space".
 * A hero who tied a Spade may stay — to fight it again. With nowhere to go it stays.
 */
export function moveTargets(state: DarkHeroState, hero: number): readonly number[] {
  const here = state.pos[hero]!;
  const board = state.setup.board.adj;
  const adj = board[here]!;
  const cards = state.cards;
  const broke = state.resources[hero]! === 0;
  // Which targets are open, as a bit mask (bit 0: stay; bit i + 1: adj[i]); the list of a
  // mask is built once per slot and shared (frozen): the hot path allocates nothing.
  // One pass over the neighbours: Neutral cards are set aside in their own mask and
  // closed at the end if a face-down card is next to the hero.
  let mask = state.tiedSpade[hero] === here && cards[here] === SPADE ? 1 : 0;
  let neutral = 0;
  let unflipped = false;
  for (let i = 0; i < adj.length; i++) {
    const c = cards[adj[i]!]!;
    if (c === FACE_DOWN) unflipped = true;
    else if (c === NEUTRAL) neutral |= 2 << i;
    else if (c === EMPTY || (c === CLUB && broke)) continue;
    mask |= 2 << i;
  }
  if (unflipped) mask &= ~neutral;
  if (adj.length > 29) return targetList(here, adj, mask); // (no such map today) a mask would overflow
  // The last board's lists are kept at hand: a playout asks about one board thousands of
  // times, and a WeakMap lookup per move cost more than building the mask.
  if (board !== lastBoard) {
    let lists = targetLists.get(board);
    if (!lists) targetLists.set(board, (lists = []));
    lastBoard = board;
    lastLists = lists;
  }
  const bySlot = (lastLists[here] ??= []);
  return (bySlot[mask] ??= targetList(here, adj, mask));
}

/** Per board (its adjacency, shared by every state of a game and frozen by tests), slot and mask: the shared lists of `moveTargets`. */
const targetLists = new WeakMap<readonly (readonly number[])[], (readonly number[])[][]>();
let lastBoard: readonly (readonly number[])[] | null = null;
let lastLists: (readonly number[])[][] = [];

/** The targets a mask opens (stay first, then the adjacent cards in order); none open: stay (nowhere to go). */
function targetList(here: number, adj: readonly number[], mask: number): readonly number[] {
  const out: number[] = [];
  if (mask & 1) out.push(here);
  for (let i = 0; i < adj.length; i++) if (mask & (2 << i)) out.push(adj[i]!);
  if (out.length === 0) out.push(here);
  return Object.freeze(out);
}

/** Empty slots next to a card (draw variant placements); with `firstOnly`, stops at the first. */
export function placeTargets(state: DarkHeroState, firstOnly = false): readonly number[] {
  const { adj, size } = state.setup.board;
  const out: number[] = [];
  for (let s = 0; s < size; s++) {
    if (state.cards[s] !== EMPTY) continue;
    const n = adj[s]!;
    for (let i = 0; i < n.length; i++)
      if (state.cards[n[i]!] !== EMPTY) {
        out.push(s);
        if (firstOnly) return out;
        break;
      }
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Effects shared by several phases and windows (they write to the draft of one apply)

type D = Draft<DarkHeroState>;

/** Moves the meter by `dir`, applying the Bent shifts on reaching Dangerous or Stifling. */
function moveMeter(d: D, dir: number): void {
  if (dir === 0) return;
  const meter = clampMeter(d.meter + dir);
  const o = d.setup.options;
  if (o.bentShifts && meter !== d.meter) {
    // "If the Society meter hits Dangerous, the new Bent is now 1; Stifling, now 4."
    if (meter === o.bentPositions[1]) d.bent = o.bentPositions[0];
    else if (meter === o.bentPositions[2]) d.bent = o.bentPositions[3];
  }
  d.meter = meter;
}

/** Draws the top card of the pile face up (drift and final cards); returns its suit. */
function drawCard(d: D): number {
  const suit = cardAt(d.zones, PILE);
  d.zones = moveCard(d.zones, PILE, -1, DRAWN, { reveal: EVERYONE });
  return suit;
}

/** A Heart raid or Spade fight: ability + d4 (+ Ace) against the card's base + d4. Returns true when won. */
function contest(d: D, withAce: boolean): boolean {
  const g = d.setup;
  const o = g.options;
  const hero = d.current;
  const slot = d.pos[hero]!;
  const suit = d.cards[slot]!;
  const dice = random(d);
  const ability = suit === HEART ? g.infiltrating[hero]! + d.hiding : g.fighting[hero]! + d.tactics;
  const mine = ability + dice.d(4) + (withAce ? o.aceBonus : 0);
  const theirs = o.cardBase + dice.d(4);
  if (withAce) d.aces = setAt(d.aces, hero, d.aces[hero]! - 1);
  d.tiedSpade = setAt(d.tiedSpade, hero, -1);
  if (mine > theirs) {
    d.cards = setAt(d.cards, slot, NEUTRAL);
    return true;
  }
  if (suit === SPADE && mine < theirs) d.pos = setAt(d.pos, hero, d.prev[hero]!); // "failure = move back"
  else if (suit === SPADE) d.tiedSpade = setAt(d.tiedSpade, hero, slot); // "tie = no change": move off or fight again
  // A failed or tied raid leaves the Heart ("tie goes to the defender").
  return false;
}

/** The Club attack: the attacker "at their base fighting", the defender with this turn's Tactics. */
function resolveClub(d: D, defenderAce: boolean): void {
  const g = d.setup;
  const o = g.options;
  const att = d.attacker;
  const def = d.current;
  const dice = random(d);
  const a = g.fighting[att]! + dice.d(4) + (d.attackerAce ? o.aceBonus : 0);
  const b = g.fighting[def]! + d.tactics + dice.d(4) + (defenderAce ? o.aceBonus : 0);
  // "The loser of this attack loses 1 Resource, on a tie there is no loss."
  if (a > b) d.resources = setAt(d.resources, def, Math.max(0, d.resources[def]! - 1));
  else if (b > a) d.resources = setAt(d.resources, att, Math.max(0, d.resources[att]! - 1));
  if (defenderAce) d.aces = setAt(d.aces, def, d.aces[def]! - 1);
  d.attacker = -1;
  d.attackerAce = false;
}

/** Concentration variant: a flipped card that still does something is turned face down again when its hero leaves it. */
function turnBackOnLeaving(d: D, hero: number, slot: number): void {
  const c = d.cards[slot]!;
  if (c < HEART || c > CLUB) return;
  for (let h = 0; h < d.setup.players; h++) if (h !== hero && d.pos[h] === slot) return; // another hero still stands on it
  d.cards = setAt(d.cards, slot, FACE_DOWN); // everyone saw it: the zone keeps it known to all
}

// ---------------------------------------------------------------------------------
// The turn flow

/** Flow phase → decision kind (state.ts). */
const PHASE_KIND = [PLACE, SPEND, MOVE, CONTEST, SHIFT, CONTEST, CONVERT] as const;
/** Flow window → decision kind. */
const WINDOW_KIND = [CLUB_ASK, CLUB_DEFEND, VETO] as const;

export const flow = defineFlow<DarkHeroState, number>({
  game: 'dark-hero',
  turnOrder: fixedOrder((s) => s.setup.players), // "Seat 0 starts every round", then to the left
  first: (s) => (s.setup.board.placed ? 'place' : 'spend'), // "place" exists only in the draw-a-card variant
  phases: {
    // Draw variant: "each turn a player draws a card (unseen) from the deck and places it adjacent to any card".
    place: {
      skipIf: (s) => zoneSize(s.zones, PILE) <= 1 || placeTargets(s, true).length === 0,
      moves: (s) => placeTargets(s),
      play(d, _hero, slot) {
        d.zones = moveCard(d.zones, PILE, -1, MAP, { toIndex: slot });
        d.cards = setAt(d.cards, slot, FACE_DOWN);
      },
      next: 'spend',
    },
    // "Before you move ... you can choose to spend any or all Resources" on Tactics / Hiding, for this turn.
    spend: {
      onBegin(d) {
        d.tactics = 0; // bought for "the next turn only"
        d.hiding = 0;
      },
      skipIf: (s) => s.resources[s.current]! === 0,
      moves: (s, hero) => spendActions(s.resources[hero]!),
      play(d, hero, code) {
        const t = tacticsOf(code);
        const h = hidingOf(code);
        d.tactics = t;
        d.hiding = h;
        if (t + h > 0) d.resources = setAt(d.resources, hero, d.resources[hero]! - t - h);
      },
      next: 'move',
    },
    // "Each turn, your hero must move to the next card ... First you move, and then you flip it over."
    move: {
      moves: (s, hero) => moveTargets(s, hero),
      play(d, hero, slot) {
        const here = d.pos[hero]!;
        if (slot === here) {
          // Staying is only offered on a tied Spade (fight again) or with nowhere to go.
          if (d.tiedSpade[hero] === here && d.cards[here] === SPADE) flow.goto(d, FIGHT_AGAIN);
          return;
        }
        if (d.setup.options.concentration) turnBackOnLeaving(d, hero, here);
        d.pos = setAt(d.pos, hero, slot);
        d.tiedSpade = setAt(d.tiedSpade, hero, -1);
        let card = d.cards[slot]!;
        if (card === FACE_DOWN) {
          card = cardAt(d.zones, MAP, slot);
          // A flipped Diamond turns Neutral at once (below): one copy of `cards` for both.
          d.cards = setAt(d.cards, slot, card === DIAMOND ? NEUTRAL : card);
          d.zones = reveal(d.zones, MAP, slot, EVERYONE);
        }
        switch (card) {
          case DIAMOND:
            // "Diamond = gain ally: add 1 to Resources. Diamond becomes Neutral."
            d.resources = setAt(d.resources, hero, d.resources[hero]! + 1);
            d.cards = setAt(d.cards, slot, NEUTRAL);
            return;
          case SPADE:
            d.prev = setAt(d.prev, hero, here); // where "failure = move back" sends it
            flow.goto(d, CONTEST_PHASE);
            return;
          case HEART:
            flow.goto(d, CONTEST_PHASE);
            return;
          case CLUB:
            if (d.resources[hero] === 0) {
              // A broke hero "cannot enter a Club space at all": having flipped one, it steps back.
              d.pos = setAt(d.pos, hero, here);
              return;
            }
            // "Any 1 opponent (going around the table to the left, asking only once) can attack you."
            flow.openWindow(d, 'club', d.setup.others[hero]!);
            return;
          default:
        }
      },
      next: 'convert',
    },
    // Heart: "you can attempt a raid"; Spade: "you can fight": 0 decline, 1 try, 2 try with an Ace.
    contest: {
      moves: (s, hero) => CONST_ACTIONS[s.aces[hero]! > 0 ? 2 : 1]!,
      play(d, _hero, a) {
        if (a !== 0 && contest(d, a === 2)) flow.goto(d, SHIFT_PHASE);
      },
      next: 'convert',
    },
    // "Success = move Society 1 step in any direction you wish (or 0 steps)."
    shift: {
      moves: () => CONST_ACTIONS[2]!,
      play(d, _hero, a) {
        moveMeter(d, a - 1);
      },
      next: 'convert',
    },
    // A hero who stayed on its tied Spade fights it again ("either move off the card next
    // turn or fight again"): it cannot stay and decline.
    'fight-again': {
      moves: (s, hero) => ATTEMPT_ONLY[s.aces[hero]! > 0 ? 1 : 0]!,
      play(d, _hero, a) {
        if (contest(d, a === 2)) flow.goto(d, SHIFT_PHASE);
      },
      next: 'convert',
    },
    // "You can convert 3 Resources into 1 Ace at the end of any of your turns."
    convert: {
      skipIf: (s) => s.resources[s.current]! < s.setup.options.aceCost,
      moves(s, hero) {
        const k = Math.floor(s.resources[hero]! / s.setup.options.aceCost);
        return CONVERT_ACTIONS[k] ?? Array.from({ length: k + 1 }, (_, i) => i);
      },
      play(d, hero, a) {
        if (a > 0) {
          d.resources = setAt(d.resources, hero, d.resources[hero]! - a * d.setup.options.aceCost);
          d.aces = setAt(d.aces, hero, d.aces[hero]! + a);
        }
      },
    },
  },
  windows: {
    // Each opponent from the hero's left, once: 0 pass, 1 attack, 2 attack with an Ace. The first attack closes it.
    club: {
      moves: (s, p) => CONST_ACTIONS[s.aces[p]! > 0 ? 2 : 1]!,
      play(d, p, a) {
        if (a === 0) return false;
        d.attacker = p;
        d.attackerAce = a === 2;
        if (a === 2) d.aces = setAt(d.aces, p, d.aces[p]! - 1);
        return true;
      },
      onClose(d, attacker) {
        if (attacker < 0) return;
        // "An Ace ... once you know ... who is attacking you": the attacked hero may answer with one.
        if (d.aces[d.current]! > 0) flow.openWindow(d, 'defend', d.setup.seat[d.current]!);
        else resolveClub(d, false);
      },
    },
    defend: {
      moves: () => CONST_ACTIONS[1]!,
      play(d, _p, a) {
        resolveClub(d, a === 1);
        return true;
      },
    },
    // "Unless a player (any player) opts to spend 1 Resource card to prevent this": asked in seat order; the first to pay stops it.
    veto: {
      asks: (s, p) => s.resources[p]! > 0,
      moves: () => CONST_ACTIONS[1]!,
      play(d, p, a) {
        if (a === 0) return false;
        d.resources = setAt(d.resources, p, d.resources[p]! - 1);
        return true;
      },
      onClose(d, payer) {
        if (payer < 0) moveMeter(d, d.drift);
        d.drift = 0;
      },
    },
  },
  // "After all players have moved, the Society meter automatically moves 1 square towards its Bent";
  // with Fluctuating Society a drawn card sets the direction instead.
  onRoundEnd(d) {
    const dir = d.setup.options.drift === 'fluctuating' ? suitDirection(drawCard(d), d.meter) : Math.sign(d.bent - d.meter);
    if (dir === 0) return;
    d.drift = dir;
    flow.openWindow(d, 'veto', d.setup.seats);
  },
  endIf: (s) => s.round >= s.setup.options.turns,
  // "After the last turn, a random card is drawn": Heart → Chaos, Spade → Fascist, Diamond → Free, Club → Safe.
  onEnd(d) {
    if (d.setup.options.finalDraw) moveMeter(d, suitDirection(drawCard(d), d.meter));
  },
  copy: (s) => ({
    phase: s.phase,
    round: s.round,
    order: s.order,
    turn: s.turn,
    current: s.current,
    stack: s.stack,
    steps: s.steps,
    setup: s.setup,
    rng: s.rng,
    attacker: s.attacker,
    attackerAce: s.attackerAce,
    meter: s.meter,
    bent: s.bent,
    bentRoll: s.bentRoll,
    startMeter: s.startMeter,
    drift: s.drift,
    cards: s.cards,
    zones: s.zones,
    resources: s.resources,
    aces: s.aces,
    pos: s.pos,
    prev: s.prev,
    tiedSpade: s.tiedSpade,
    tactics: s.tactics,
    hiding: s.hiding,
  }),
});

const CONVERT_ACTIONS: readonly (readonly number[])[] = Array.from({ length: 16 }, (_, k) => Object.freeze(Array.from({ length: k + 1 }, (_, i) => i)));

export const toMove = flow.toMove;
export const legalActions = flow.legalActions;
export const apply = flow.apply;
export const applyUnchecked = flow.applyUnchecked;

/** The kind of decision a state asks for (PLACE … VETO, or OVER). */
export function decisionOf(s: DarkHeroState): number {
  const st = s.stack;
  if (st.length > 0) return WINDOW_KIND[st[st.length - 1]!.window]!;
  return s.phase < 0 ? OVER : PHASE_KIND[s.phase]!;
}

/** True on a tied Spade the hero chose to fight again (no declining). */
export function fightingAgain(s: DarkHeroState): boolean {
  return s.stack.length === 0 && s.phase === FIGHT_AGAIN;
}
const FIGHT_AGAIN = flow.phaseIndex('fight-again');
const CONTEST_PHASE = flow.phaseIndex('contest');
const SHIFT_PHASE = flow.phaseIndex('shift');

// ---------------------------------------------------------------------------------
// Outcome

/**
 * "At your Goal, you win; within 1 of your Goal, you win - but not as fully; otherwise
 * you lose. If the Meter is at either extreme, everyone loses." → 1, 0.5, 0.
 */
export function shareAt(meter: number, target: number): number {
  if (meter === CHAOS || meter === FASCIST) return 0;
  const d = Math.abs(meter - target);
  return d === 0 ? 1 : d === 1 ? 0.5 : 0;
}

export function returns(state: DarkHeroState): readonly number[] {
  return state.setup.target.map((t) => shareAt(state.meter, t));
}

/**
 * A cheap forecast of the returns (for rollout cut-offs and lead changes): the meter
 * drifts toward its Bent for the rounds left, less one round per Resource on the table
 * (each can pay a veto), then the final card moves it one of four ways with equal odds.
 */
export function evaluate(state: DarkHeroState): readonly number[] {
  const g = state.setup;
  const o = g.options;
  let meter = state.meter;
  const over = state.phase === GAME_OVER;
  if (!over && o.drift === 'bent') {
    let money = 0;
    for (let h = 0; h < g.players; h++) money += state.resources[h]!;
    const steps = Math.max(0, o.turns - state.round - money);
    const gap = state.bent - meter;
    meter += Math.sign(gap) * Math.min(Math.abs(gap), steps);
  }
  const out = new Array<number>(g.players);
  for (let h = 0; h < g.players; h++) {
    const t = g.target[h]!;
    if (over || !o.finalDraw) out[h] = shareAt(meter, t);
    else {
      let v = 0;
      for (let suit = HEART; suit <= CLUB; suit++) v += shareAt(clampMeter(meter + suitDirection(suit, meter)), t);
      out[h] = v / 4;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Hidden information: face-down suits and the pile order

/** What a player may know: every card it has not seen is hidden (the face-down map cards, the pile). */
export function observe(state: DarkHeroState, player: number): DarkHeroState {
  // Nobody knows the future d4 rolls: the observation shows no stream (determinize draws one).
  if (state.zones.unseen !== null) return state.rng === UNSEEN_STREAM ? state : { ...state, rng: UNSEEN_STREAM };
  return { ...state, zones: observeZones(state.zones, player), rng: UNSEEN_STREAM };
}

/**
 * A full state consistent with an observation: the unseen cards dealt at random onto the
 * face-down slots and the pile, and a fresh dice stream — nobody knows the future d4 rolls
 * (keeping the true stream would let search plan on them).
 */
export function determinize(obs: DarkHeroState, rng: Rng): DarkHeroState {
  return { ...obs, zones: determinizeZones(obs.zones, rng), rng: freshStream(rng) };
}
