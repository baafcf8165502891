/**
 * Dark Hero's rules as pure functions of a state: setup, legal actions, transitions,
 * returns, observation and determinization. Seed text quotes mark where a rule comes
 * from; interpretations are options (see options.ts and README.md).
 *
 * A hero's turn: [place a card] → spend Resources on Tactics/Hiding → move to an
 * adjacent card and flip it → resolve the card (contest, Club attack, Diamond) →
 * convert Resources to Aces. After every hero has moved, the meter drifts toward its
 * Bent unless a hero pays a Resource. After the last round, one last drawn card shifts it.
 */
import { Dice } from '../../core/dice.js';
import type { Rng } from '../../core/rng.js';
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
  EMPTY,
  FACE_DOWN,
  FASCIST,
  FREE,
  HEART,
  IDEAL,
  MOVE,
  NEUTRAL,
  OVER,
  PLACE,
  SAFE,
  SHIFT,
  SPADE,
  SPEND,
  VETO,
  suitDirection,
  type DarkHeroState,
  type Setup,
} from './state.js';

/** A ceiling on useful boosts: ability 6 beats "vs 2" (2 + d4 ≤ 6) whatever the dice. */
const MAX_BOOSTED = 6;

function set<T>(arr: readonly T[], i: number, v: T): readonly T[] {
  if (arr[i] === v) return arr;
  const out = arr.slice();
  out[i] = v;
  return out;
}

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
  };
  if (!seeded) setupCache.set(options, s);
  return s;
}

export function setup(options: DarkHeroOptions, seed: number): DarkHeroState {
  const g = makeSetup(options, seed);
  const { board, players } = g;
  const dice = new Dice(seed);
  const bentRoll = options.bent ?? dice.d(4);
  const bent = options.bentPositions[bentRoll - 1]!;
  const meter = options.start === 'bent' ? bent : IDEAL;
  // "Heroes with a goal of Free get 2 extra Resource cards if the Bent is 3 or 4; Safe ... 1 or 2."
  const underdog = bentRoll <= 2 ? 'safe' : 'free';
  const shuffled = dice.shuffled(g.deck);
  const cards = new Array<number>(board.size).fill(board.placed ? EMPTY : FACE_DOWN);
  const faceDown = new Array<number>(board.size).fill(-1);
  let top = 0;
  if (!board.placed) for (let s = 0; s < board.size; s++) faceDown[s] = shuffled[top++]!;
  // Heroes stand on their start cards: face up and Neutral (nothing to find there).
  for (const s of board.starts) {
    if (board.placed) top++;
    cards[s] = NEUTRAL;
    faceDown[s] = -1;
  }
  const state: DarkHeroState = {
    setup: g,
    rng: dice.state,
    phase: SPEND,
    round: 0,
    current: 0,
    asker: -1,
    attacker: -1,
    attackerAce: false,
    meter,
    bent,
    bentRoll,
    startMeter: meter,
    drift: 0,
    cards,
    faceDown,
    pile: shuffled.slice(top),
    pileTop: 0,
    resources: options.heroes.map((h) => h.resources + (h.goal === underdog ? options.underdogBonus : 0)),
    aces: options.heroes.map((h) => h.aces),
    pos: board.starts.slice(),
    prev: board.starts.slice(),
    tiedSpade: new Array<number>(players).fill(-1),
    tactics: 0,
    hiding: 0,
    steps: 0,
    masked: false,
  };
  const d = clone(state);
  startTurn(d, 0);
  return d;
}

// ---------------------------------------------------------------------------------
// Legal actions

const CONST_ACTIONS: readonly (readonly number[])[] = [Object.freeze([0]), Object.freeze([0, 1]), Object.freeze([0, 1, 2])];

/** Spend options cached by (resources, Tactics cap, Hiding cap): action = t * 16 + h. */
const spendCache = new Map<number, readonly number[]>();
function spendActions(resources: number, capT: number, capH: number): readonly number[] {
  const key = (resources * 16 + capT) * 16 + capH;
  let list = spendCache.get(key);
  if (!list) {
    const out: number[] = [];
    for (let t = 0; t <= capT && t <= resources; t++) for (let h = 0; h <= capH && t + h <= resources; h++) out.push(t * 16 + h);
    list = Object.freeze(out);
    spendCache.set(key, list);
  }
  return list;
}

/**
 * Cards the current hero may move to: "must move to the next card"; unflipped cards
 * before Neutral ones; "any hero reduced to 0 Resources cannot enter a Club space".
 * A hero who tied a Spade may stay to fight again. With nowhere to go it stays.
 */
export function moveTargets(state: DarkHeroState, hero: number): readonly number[] {
  const here = state.pos[hero]!;
  const adj = state.setup.board.adj[here]!;
  const cards = state.cards;
  const broke = state.resources[hero]! === 0;
  let unflipped = false;
  for (let i = 0; i < adj.length; i++) if (cards[adj[i]!] === FACE_DOWN) unflipped = true;
  const out: number[] = [];
  if (state.tiedSpade[hero] === here && cards[here] === SPADE) out.push(here);
  for (let i = 0; i < adj.length; i++) {
    const c = cards[adj[i]!]!;
    if (c === EMPTY || (c === NEUTRAL && unflipped) || (c === CLUB && broke)) continue;
    out.push(adj[i]!);
  }
  if (out.length === 0) out.push(here);
  return out;
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

export function legalActions(state: DarkHeroState, player: number): readonly number[] {
  const { setup: g } = state;
  switch (state.phase) {
    case PLACE:
      return placeTargets(state);
    case SPEND:
      return spendActions(state.resources[player]!, Math.max(0, MAX_BOOSTED - g.fighting[player]!), Math.max(0, MAX_BOOSTED - g.infiltrating[player]!));
    case MOVE:
      return moveTargets(state, player);
    case CONTEST:
    case CLUB_ASK:
      return CONST_ACTIONS[state.aces[player]! > 0 ? 2 : 1]!;
    case SHIFT:
      return CONST_ACTIONS[2]!;
    case CLUB_DEFEND:
    case VETO:
      return CONST_ACTIONS[1]!;
    case CONVERT: {
      const k = Math.floor(state.resources[player]! / g.options.aceCost);
      const out: number[] = [];
      for (let i = 0; i <= k; i++) out.push(i);
      return out;
    }
    default:
      return [];
  }
}

/** Shared one-element lists [0], [1], ... (toMove runs every step; no allocation). */
const SEATS: readonly (readonly number[])[] = Array.from({ length: 20 }, (_, i) => Object.freeze([i]));
const NOBODY: readonly number[] = Object.freeze([]);

export function toMove(state: DarkHeroState): readonly number[] {
  switch (state.phase) {
    case OVER:
      return NOBODY;
    case CLUB_ASK:
    case VETO:
      return SEATS[state.asker]!;
    default:
      return SEATS[state.current]!;
  }
}

// ---------------------------------------------------------------------------------
// Transitions
//
// `apply` makes one shallow copy of the state (a `Draft`, listing every field so V8
// keeps one object shape) and the helpers below write to that fresh copy only. Arrays
// are copied on write (`set`), so the input state and its arrays are never touched.

type Draft = { -readonly [K in keyof DarkHeroState]: DarkHeroState[K] };

function clone(s: DarkHeroState): Draft {
  return {
    setup: s.setup,
    rng: s.rng,
    phase: s.phase,
    round: s.round,
    current: s.current,
    asker: s.asker,
    attacker: s.attacker,
    attackerAce: s.attackerAce,
    meter: s.meter,
    bent: s.bent,
    bentRoll: s.bentRoll,
    startMeter: s.startMeter,
    drift: s.drift,
    cards: s.cards,
    faceDown: s.faceDown,
    pile: s.pile,
    pileTop: s.pileTop,
    resources: s.resources,
    aces: s.aces,
    pos: s.pos,
    prev: s.prev,
    tiedSpade: s.tiedSpade,
    tactics: s.tactics,
    hiding: s.hiding,
    steps: s.steps,
    masked: s.masked,
  };
}

/** Moves the meter by `dir`, applying the Bent shifts on reaching Dangerous or Stifling. */
function moveMeter(d: Draft, dir: number): void {
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

/** The start of `hero`'s turn: place (draw variant), spend (if it has Resources), move. */
function startTurn(d: Draft, hero: number): void {
  d.current = hero;
  d.tactics = 0;
  d.hiding = 0;
  d.asker = -1;
  d.attacker = -1;
  d.attackerAce = false;
  const canPlace = d.setup.board.placed && d.pileTop < d.pile.length - 1 && placeTargets(d, true).length > 0;
  d.phase = canPlace ? PLACE : d.resources[hero]! > 0 ? SPEND : MOVE;
}

/** End of the current hero's turn: offer Ace conversion, then the next hero or round end. */
function endTurn(d: Draft, converted = false): void {
  if (!converted && d.resources[d.current]! >= d.setup.options.aceCost) {
    d.phase = CONVERT;
    return;
  }
  const next = d.current + 1;
  if (next < d.setup.players) startTurn(d, next);
  else endRound(d);
}

/** The first hero from `from` (inclusive, in seat order) who has a Resource, else -1. */
function nextPayer(d: Draft, from: number): number {
  for (let h = from; h < d.setup.players; h++) if (d.resources[h]! > 0) return h;
  return -1;
}

/**
 * "After all players have moved, the Society meter automatically moves 1 square towards
 * its Bent unless a player (any player) opts to spend 1 Resource card." With
 * Fluctuating Society a drawn card sets the direction instead. Heroes are asked in seat
 * order; the first to pay stops the move.
 */
function endRound(d: Draft): void {
  let dir: number;
  if (d.setup.options.drift === 'fluctuating') {
    dir = suitDirection(d.pile[d.pileTop]!, d.meter);
    d.pileTop++;
  } else {
    dir = Math.sign(d.bent - d.meter);
  }
  const payer = dir === 0 ? -1 : nextPayer(d, 0);
  if (payer < 0) {
    moveMeter(d, dir);
    nextRound(d);
    return;
  }
  d.phase = VETO;
  d.drift = dir;
  d.asker = payer;
  d.current = -1;
}

function nextRound(d: Draft): void {
  d.round++;
  d.drift = 0;
  d.asker = -1;
  if (d.round < d.setup.options.turns) {
    startTurn(d, 0);
    return;
  }
  d.phase = OVER;
  d.current = -1;
  if (d.setup.options.finalDraw) {
    // "After the last turn, a random card is drawn": Heart → Chaos, Spade → Fascist, Diamond → Free, Club → Safe.
    const dir = suitDirection(d.pile[d.pileTop]!, d.meter);
    d.pileTop++;
    moveMeter(d, dir);
  }
}

/** Arrival of `hero` on its (already flipped) card. */
function arrive(d: Draft, hero: number): void {
  const slot = d.pos[hero]!;
  switch (d.cards[slot]) {
    case DIAMOND:
      // "Diamond = gain ally: add 1 to Resources. Diamond becomes Neutral."
      d.resources = set(d.resources, hero, d.resources[hero]! + 1);
      d.cards = set(d.cards, slot, NEUTRAL);
      endTurn(d);
      return;
    case HEART:
    case SPADE:
      d.phase = CONTEST;
      return;
    case CLUB:
      if (d.resources[hero] === 0) {
        // A broke hero "cannot enter a Club space at all": having flipped one, it steps back.
        d.pos = set(d.pos, hero, d.prev[hero]!);
        endTurn(d);
        return;
      }
      askClub(d, 1);
      return;
    default:
      endTurn(d);
  }
}

/** "Any 1 opponent (going around the table to the left, asking only once) can attack you." */
function askClub(d: Draft, offset: number): void {
  const n = d.setup.players;
  if (offset >= n) {
    d.asker = -1;
    endTurn(d);
    return;
  }
  d.phase = CLUB_ASK;
  d.asker = (d.current + offset) % n;
}

function resolveClub(d: Draft, defenderAce: boolean): void {
  const g = d.setup;
  const o = g.options;
  const att = d.attacker;
  const def = d.current;
  const dice = new Dice(d.rng);
  // The attacker fights "at their base fighting"; the defender adds this turn's Tactics.
  const a = g.fighting[att]! + dice.d(4) + (d.attackerAce ? o.aceBonus : 0);
  const b = g.fighting[def]! + d.tactics + dice.d(4) + (defenderAce ? o.aceBonus : 0);
  d.rng = dice.state;
  // "The loser of this attack loses 1 Resource, on a tie there is no loss."
  if (a > b) d.resources = set(d.resources, def, Math.max(0, d.resources[def]! - 1));
  else if (b > a) d.resources = set(d.resources, att, Math.max(0, d.resources[att]! - 1));
  if (defenderAce) d.aces = set(d.aces, def, d.aces[def]! - 1);
  d.asker = -1;
  endTurn(d);
}

/** A Heart raid or Spade fight: ability + d4 (+ Ace) against the card's base + d4. */
function contest(d: Draft, withAce: boolean): void {
  const g = d.setup;
  const o = g.options;
  const hero = d.current;
  const slot = d.pos[hero]!;
  const suit = d.cards[slot]!;
  const dice = new Dice(d.rng);
  const ability = suit === HEART ? g.infiltrating[hero]! + d.hiding : g.fighting[hero]! + d.tactics;
  const mine = ability + dice.d(4) + (withAce ? o.aceBonus : 0);
  const theirs = o.cardBase + dice.d(4);
  d.rng = dice.state;
  if (withAce) d.aces = set(d.aces, hero, d.aces[hero]! - 1);
  d.tiedSpade = set(d.tiedSpade, hero, -1);
  if (mine > theirs) {
    d.cards = set(d.cards, slot, NEUTRAL);
    d.phase = SHIFT;
    return;
  }
  if (suit === SPADE && mine < theirs) d.pos = set(d.pos, hero, d.prev[hero]!); // "failure = move back"
  else if (suit === SPADE) d.tiedSpade = set(d.tiedSpade, hero, slot); // "tie = no change": may fight again
  // A failed or tied raid leaves the Heart ("tie goes to the defender").
  endTurn(d);
}

export function apply(state: DarkHeroState, moves: readonly number[]): DarkHeroState {
  const a = moves[0]!;
  const d = clone(state);
  d.steps++;
  const hero = d.current;
  switch (d.phase) {
    case PLACE:
      d.cards = set(d.cards, a, FACE_DOWN);
      d.faceDown = set(d.faceDown, a, d.pile[d.pileTop]!);
      d.pileTop++;
      d.phase = d.resources[hero]! > 0 ? SPEND : MOVE;
      break;
    case SPEND: {
      const t = a >> 4;
      const h = a & 15;
      d.tactics = t;
      d.hiding = h;
      if (t + h > 0) d.resources = set(d.resources, hero, d.resources[hero]! - t - h);
      d.phase = MOVE;
      break;
    }
    case MOVE: {
      const here = d.pos[hero]!;
      if (a === here) {
        if (d.tiedSpade[hero] === here && d.cards[here] === SPADE) d.phase = CONTEST;
        else endTurn(d); // nowhere to go
        break;
      }
      d.pos = set(d.pos, hero, a);
      d.prev = set(d.prev, hero, here);
      d.tiedSpade = set(d.tiedSpade, hero, -1);
      // "First you move, and then you flip it over."
      // (`faceDown[a]` may keep the suit: once revealed it is no secret.)
      if (d.cards[a] === FACE_DOWN) d.cards = set(d.cards, a, d.faceDown[a]!);
      arrive(d, hero);
      break;
    }
    case CONTEST:
      if (a === 0) endTurn(d);
      else contest(d, a === 2);
      break;
    case SHIFT:
      // "Move Society 1 step in any direction you wish (or 0 steps)."
      moveMeter(d, a - 1);
      endTurn(d);
      break;
    case CLUB_ASK: {
      const n = d.setup.players;
      if (a === 0) {
        askClub(d, ((d.asker - hero + n) % n) + 1);
        break;
      }
      d.attacker = d.asker;
      d.attackerAce = a === 2;
      if (a === 2) d.aces = set(d.aces, d.asker, d.aces[d.asker]! - 1);
      d.asker = -1;
      if (d.aces[hero]! > 0) d.phase = CLUB_DEFEND;
      else resolveClub(d, false);
      break;
    }
    case CLUB_DEFEND:
      resolveClub(d, a === 1);
      break;
    case CONVERT:
      // "You can convert 3 Resources into 1 Ace at the end of any of your turns."
      if (a > 0) {
        d.resources = set(d.resources, hero, d.resources[hero]! - a * d.setup.options.aceCost);
        d.aces = set(d.aces, hero, d.aces[hero]! + a);
      }
      endTurn(d, true);
      break;
    case VETO: {
      if (a === 1) {
        d.resources = set(d.resources, d.asker, d.resources[d.asker]! - 1);
        nextRound(d);
        break;
      }
      const payer = nextPayer(d, d.asker + 1);
      if (payer >= 0) d.asker = payer;
      else {
        moveMeter(d, d.drift);
        nextRound(d);
      }
      break;
    }
    default:
      throw new Error(`dark-hero: apply called in phase ${d.phase} (game over)`);
  }
  return d;
}

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
  const over = state.phase === OVER;
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

/** What a player may know: every face-down suit is hidden; `pile` holds the unknown pool, sorted. */
export function observe(state: DarkHeroState): DarkHeroState {
  if (state.masked) return state;
  // Count the unknown suits, then write them out in order (no sort needed).
  const counts = [0, 0, 0, 0, 0];
  const faceDown = state.faceDown.slice();
  for (let s = 0; s < faceDown.length; s++) {
    if (state.cards[s] === FACE_DOWN) counts[faceDown[s]!]!++;
    faceDown[s] = -1;
  }
  for (let i = state.pileTop; i < state.pile.length; i++) counts[state.pile[i]!]!++;
  const pool: number[] = [];
  for (let suit = HEART; suit <= CLUB; suit++) for (let k = 0; k < counts[suit]!; k++) pool.push(suit);
  return { ...state, faceDown, pile: pool, pileTop: 0, masked: true };
}

/** Deals the unknown pool at random onto the face-down cards and the pile. */
export function determinize(obs: DarkHeroState, rng: Rng): DarkHeroState {
  if (!obs.masked) return obs;
  const pool = rng.shuffled(obs.pile);
  const faceDown = obs.faceDown.slice();
  let k = 0;
  for (let s = 0; s < faceDown.length; s++) if (obs.cards[s] === FACE_DOWN) faceDown[s] = pool[k++]!;
  // Nobody knows the future dice either: a fresh stream (keeping obs.rng would let search plan on the true rolls).
  return { ...obs, faceDown, pile: pool.slice(k), pileTop: 0, masked: false, rng: rng.u32() | 0 };
}
