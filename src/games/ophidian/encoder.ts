/**
 * Tensor view of Ophidian 2350 for learned agents: a fixed-size observation of what the
 * acting player sees, and a fixed action index space that classifies a move by what it
 * does (which card, which kind of move, on whose card), not by its place in a menu, so an
 * index means the same thing in every state and for every seat.
 *
 * Cards are named by their **card index**: the card's position in the SAMPLE set as the
 * encoder froze it (encoder-cards.ts: Gladiators, then Strategy cards, in file order), and
 * one last index, OTHER, shared by every card added since and every card a user's card file adds (a card file that replaces a sample id keeps that
 * id's index). Two copies of one card share its index.
 *
 * Everything is relative to the observing seat `player`. Board slots: 0 = the player,
 * 1 = its left neighbour, 2 = its right neighbour (empty in two-player, where the one
 * opponent is the left neighbour). Players who are not neighbours cannot affect the
 * player (7.0) and are left out of the board; their CP, Cheer and VP still show in the
 * per-seat block (MAX_SEATS seats, counted to the left from the player).
 *
 * Observation (built from `game.observe`, so only what the player may know):
 *   per board slot × card index (BOARD_FEATURES): copies in Support, in Action, as Pumps,
 *     as face-up and face-down Zones, Wounds, Set, Raging, Level, Life left, ADMG, in the
 *     Funeral Pyre, the pending Attack's attacker and target;
 *   the player's hand: copies of each card index (other hands: only their sizes);
 *   per seat (relative): in the match, CP, Cheer, VP, hand size, Arsenal size, crowd
 *     favourite, holds the Flow, asked now;
 *   globals: Wave, players, passes in a row, a (+) just made (a Cheer may be traded),
 *     Death Match, the Breather step, the decision being asked (the phase or window
 *     name), the Attack chain's state (how defended, ADMG change), the card whose cost is
 *     being paid, the last event of the action's chain (every event of EVENTS), the
 *     number of options of an effect choice;
 *   (version 2) per board slot, totals a small network cannot add up from the per-card
 *     block: Gladiators and characters in play, their Life left and Wounds, the VP the
 *     foes have earned on them (Wounds / Life × VP, as `evaluate` counts it), raging, Set
 *     and Unset characters, the ready attackers (Action, Unset) with their ADMG sum and
 *     maximum, the weakest character's Life left, the characters a foe's ready attacker
 *     could Destroy with one hit (attack threats), the VP in play; and per seat the
 *     game's `evaluate` share (Points and Riot progress).
 * The Arsenal's order, the other players' hands and the d6 stream are never read: a
 * determinization gives the same vector (test/games/ophidian/encoder.test.ts).
 *
 * Actions (index blocks, in order):
 *   fixed words: pass, trade, allow, done, none, keep, drop, reinforce, field:support,
 *     field:action, (OTHER_WORD for any word not listed), opt:0..7 (8 and more share opt:7)
 *   per card index:  play × target (none, own card, another player's card)
 *                    ab (ability 0 / 1 and more) × target
 *                    ch (by the Pyre Gladiator channelled) · adv · ret
 *                    atk (by the target) × the attacker's ADMG (0..4, 5 and more share 4)
 *                    icp · prt · new (Hidden Danger's new target)
 *                    resp × target · rab × target · ev × target · eab × target
 *                    cm · promote · scrap · bottom
 *
 * Collision rule: moves that differ only where the index does not look share an index —
 * the X chosen, the cards discarded and Minions scrapped as extra costs, the Zone
 * replaced, the neighbour named as "the opponent", targets after the first and which card
 * of a target class exactly, the event answered, which copy of a card, the attacker among
 * attackers of equal ADMG, and the cards of a user's card file (OTHER). The evaluator and
 * the trainer treat each legal move as its own entry with its index's logit, so colliding
 * moves share a prior equally and their visit shares train the same logit; no legal move
 * is ever masked out.
 */
import type { Encoder } from '../../core/game.js';
import { HIDDEN, zoneSize } from '../../core/zones.js';
import { EVENTS } from './cards/types.js';
import { ENCODED_GLADIATORS, ENCODED_STRATEGIES } from './encoder-cards.js';
import { flow } from './rules.js';
import { ARSENAL, HAND, LOC, PYRE, zoneOf, type OphidianState } from './state.js';
import { admg, controller, favorite, glad, isChar, isG, leftOf, life, raging, rightOf, type OphAction } from './view.js';
import { evaluateOphidian } from './evaluate.js';
import { SETUP, WAVE_END } from './breather.js';

/**
 * Card index by card id: the sample's Gladiators, then its Strategy cards, as frozen in
 * encoder-cards.ts (not read from the sample, so a card added to it does not move the
 * layout and refuse the shipped model); OTHER for the rest.
 */
const CARD_IDS: readonly string[] = [...ENCODED_GLADIATORS, ...ENCODED_STRATEGIES];
const CARD_INDEX = new Map<string, number>(CARD_IDS.map((id, i) => [id, i]));
export const CARDS = CARD_IDS.length + 1;
export const OTHER = CARDS - 1;
export const MAX_SEATS = 6;
export const BOARD_SLOTS = 3;
export const BOARD_FEATURES = 14;
const SEAT_FEATURES = 9;
const BREATHER_STEPS = 9; // the Wave (-1), SETUP, WAVE_END, steps 0..5
/** The decisions the flow asks (phase `act` and every window), in a fixed order. */
const DECISIONS = ['act', 'defend', 'respond', 'retarget', 'choose', 'react', 'cost', 'redraw', 'bottom', 'force', 'maintain', 'promote', 'reinforce', 'maneuver'] as const;
/** Events one-hot as "the last event": every event (version 1 had the first eleven, set … promoted). */
const ENCODED_EVENTS = EVENTS.length;
const GLOBALS = 5 + BREATHER_STEPS + DECISIONS.length + 1 + 3 + 1 + CARDS + ENCODED_EVENTS + 1 + 1;
/** Per board slot: the totals of `slotTotals` (version 2). */
export const SLOT_TOTALS = 14;
export const OBSERVATION_SIZE = BOARD_SLOTS * CARDS * BOARD_FEATURES + CARDS + MAX_SEATS * SEAT_FEATURES + GLOBALS + BOARD_SLOTS * SLOT_TOTALS + MAX_SEATS;
/** Where the last-event one-hot starts (EVENTS order), the per-slot totals, and the per-seat `evaluate` shares. */
export const LAST_EVENT_AT = BOARD_SLOTS * CARDS * BOARD_FEATURES + CARDS + MAX_SEATS * SEAT_FEATURES + GLOBALS - ENCODED_EVENTS - 2;
export const TOTALS_AT = LAST_EVENT_AT + ENCODED_EVENTS + 2;
export const EVALUATE_AT = TOTALS_AT + BOARD_SLOTS * SLOT_TOTALS;

/** The fixed words, in index order (OTHER_WORD for anything else). */
const WORDS = ['pass', 'trade', 'allow', 'done', 'none', 'keep', 'drop', 'reinforce', 'field:support', 'field:action'] as const;
const WORD_INDEX = new Map<string, number>(WORDS.map((w, i) => [w, i]));
export const PASS = 0;
export const OTHER_WORD = WORDS.length;
const OPTS = 8;
export const OPT_BASE = OTHER_WORD + 1;
const TARGETS = 3; // none, own card, another player's card
const ADMG_BUCKETS = 5;
/** Per card index, the sub-indices of each kind of move, in block order. */
const KINDS: readonly (readonly [string, number])[] = [
  ['play', TARGETS],
  ['ab', 2 * TARGETS],
  ['ch', 1],
  ['adv', 1],
  ['ret', 1],
  ['atk', ADMG_BUCKETS],
  ['icp', 1],
  ['prt', 1],
  ['new', 1],
  ['resp', TARGETS],
  ['rab', TARGETS],
  ['ev', TARGETS],
  ['eab', TARGETS],
  ['cm', 1],
  ['promote', 1],
  ['scrap', 1],
  ['bottom', 1],
];
export const CARD_BASE = OPT_BASE + OPTS;
/** First index of each kind's block (CARDS × its sub-indices). */
export const BLOCK: Readonly<Record<string, number>> = (() => {
  const out: Record<string, number> = {};
  let at = CARD_BASE;
  for (const [kind, width] of KINDS) {
    out[kind] = at;
    at += CARDS * width;
  }
  out['end'] = at;
  return out;
})();
const WIDTH = new Map<string, number>(KINDS);
export const ACTION_COUNT = BLOCK['end']!;

/** The card index of instance c. */
export function cardIndex(s: OphidianState, c: number): number {
  const card = s.t.card[c];
  return card ? (CARD_INDEX.get(card.id) ?? OTHER) : OTHER;
}

/** Board slot of seat q for `player` (0 self, 1 left, 2 right), or -1 when not on the board. */
function boardSlot(s: OphidianState, player: number, q: number): number {
  if (q === player) return 0;
  const l = leftOf(s, player);
  if (q === l) return 1;
  const r = rightOf(s, player);
  return r !== l && q === r ? 2 : -1;
}

function breatherSlot(b: number): number {
  if (b === SETUP) return 1;
  if (b === WAVE_END) return 2;
  if (b >= 0 && b <= 5) return 3 + b;
  return 0;
}

function encode(s: OphidianState, player: number, out: Float32Array): void {
  out.fill(0);
  const n = s.t.players;
  const attacker = s.attack.length > 0 ? s.attack[0]! : -1;
  const target = s.attack.length > 1 ? s.attack[1]! : -1;
  // The board: every instance in play (public), by its controller's slot and card index.
  for (let c = 0; c < s.loc.length; c++) {
    const where = s.loc[c]!;
    if (where === LOC.out) continue;
    const slot = boardSlot(s, player, controller(s, c));
    if (slot < 0) continue;
    const at = (slot * CARDS + cardIndex(s, c)) * BOARD_FEATURES;
    if (where === LOC.support) out[at] += 1;
    else if (where === LOC.action) out[at + 1] += 1;
    else if (where === LOC.pump) out[at + 2] += 1;
    else if (where === LOC.zoneUp) out[at + 3] += 1;
    else if (where === LOC.zoneDown) out[at + 4] += 1;
    if (!isChar(s, c)) continue;
    out[at + 5] += s.wounds[c]! / 10;
    if (s.isSet[c]) out[at + 6] += 1;
    if (raging(s, c)) out[at + 7] += 1;
    if (isG(s, c)) out[at + 8] = Math.max(out[at + 8]!, (s.lvl[c]! + 1) / 3);
    out[at + 9] += Math.max(0, life(s, c) - s.wounds[c]!) / 10;
    out[at + 10] += Math.max(0, admg(s, c)) / 5;
    if (c === attacker) out[at + 12] = 1;
    if (c === target) out[at + 13] = 1;
  }
  // The Funeral Pyres (public piles; a HIDDEN entry, if any, is skipped).
  for (let q = 0; q < n; q++) {
    const slot = boardSlot(s, player, q);
    if (slot < 0) continue;
    for (const c of s.zones.cards[zoneOf(q, PYRE)]!) if (c !== HIDDEN) out[(slot * CARDS + cardIndex(s, c)) * BOARD_FEATURES + 11] += 1;
  }
  let g = BOARD_SLOTS * CARDS * BOARD_FEATURES;
  // The player's own hand (its observation shows it; the others' hands only by size).
  for (const c of s.zones.cards[zoneOf(player, HAND)]!) if (c !== HIDDEN) out[g + cardIndex(s, c)] += 1 / 3;
  g += CARDS;
  const asked = flow.toMove(s);
  for (let k = 0; k < Math.min(n, MAX_SEATS); k++) {
    const q = (player + k) % n;
    const at = g + k * SEAT_FEATURES;
    out[at] = s.alive[q] ? 1 : 0;
    out[at + 1] = s.cp[q]! / 20;
    out[at + 2] = s.cheer[q]! / 10;
    out[at + 3] = s.vp[q]! / 12;
    out[at + 4] = zoneSize(s.zones, zoneOf(q, HAND)) / 10;
    out[at + 5] = zoneSize(s.zones, zoneOf(q, ARSENAL)) / 50;
    out[at + 6] = favorite(s, q) ? 1 : 0;
    out[at + 7] = s.flowHolder === q ? 1 : 0;
    out[at + 8] = asked.includes(q) ? 1 : 0;
  }
  g += MAX_SEATS * SEAT_FEATURES;
  out[g++] = s.wave / 8;
  out[g++] = n / MAX_SEATS;
  out[g++] = s.passes / n;
  out[g++] = s.plusJustMade ? 1 : 0;
  out[g++] = s.deathMatch ? 1 : 0;
  out[g + breatherSlot(s.breather)] = 1;
  g += BREATHER_STEPS;
  const d = flow.decision(s);
  const k = d ? DECISIONS.indexOf(d.name as (typeof DECISIONS)[number]) : -1;
  out[g + (k >= 0 ? k : DECISIONS.length)] = d ? 1 : 0;
  g += DECISIONS.length + 1;
  // The Attack's response chain: how it is defended (hit, intercept, protect) and the ADMG change.
  if (s.chain.length >= 3) {
    out[g + Math.max(0, Math.min(2, s.chain[1]!))] = 1;
    out[g + 3] = s.chain[2]! / 5;
  }
  g += 4;
  // A card play waiting for its cost modifiers (`play:<card>…`).
  if (s.paying !== '') {
    const c = Number(s.paying.split(':')[1]);
    if (Number.isInteger(c) && c >= 0 && c < s.t.card.length) out[g + cardIndex(s, c)] = 1;
  }
  g += CARDS;
  // The last event of the action's chain (four numbers an event: event, subject, source, amount).
  if (s.events.length >= 4) {
    const e = s.events[s.events.length - 4]!;
    if (e >= 0 && e < ENCODED_EVENTS) out[g + e] = 1;
  }
  g += ENCODED_EVENTS;
  out[g++] = s.pending ? s.pending.labels.length / OPTS : 0;
  out[g++] = s.payDelta / 5;
  slotTotals(s, player, out, g);
  g += BOARD_SLOTS * SLOT_TOTALS;
  // The game's own position value (public: VP, Wounds on Gladiators in play, Cheer, cards in play), per seat.
  const value = evaluateOphidian(s);
  for (let k = 0; k < Math.min(n, MAX_SEATS); k++) out[g + k] = value[(player + k) % n]!;
}

/**
 * Per board slot, totals over its characters in play (version 2): what decides the next
 * Attacks and the Points race, which a 64-unit layer would otherwise have to add up from
 * a hundred per-card inputs. `out[at..at + SLOT_TOTALS)` for slot 0, then 1, then 2.
 */
function slotTotals(s: OphidianState, player: number, out: Float32Array, at: number): void {
  // First pass: the strongest ready attacker (Action, Unset, ADMG ≥ 0) of each slot.
  const strongest = [-1, -1, -1];
  for (let c = 0; c < s.loc.length; c++) {
    if (!isChar(s, c)) continue;
    const slot = boardSlot(s, player, controller(s, c));
    if (slot < 0 || s.loc[c] !== LOC.action || s.isSet[c]) continue;
    strongest[slot] = Math.max(strongest[slot]!, admg(s, c));
  }
  const weakest = [Infinity, Infinity, Infinity];
  for (let c = 0; c < s.loc.length; c++) {
    if (!isChar(s, c)) continue;
    const slot = boardSlot(s, player, controller(s, c));
    if (slot < 0) continue;
    const o = at + slot * SLOT_TOTALS;
    const left = Math.max(0, life(s, c) - s.wounds[c]!);
    const gladiator = isG(s, c);
    if (gladiator) {
      const vp = glad(s, c).levels[s.lvl[c]!]!.vp;
      out[o] += 1 / 4;
      out[o + 2] += left / 20;
      out[o + 3] += s.wounds[c]! / 20;
      out[o + 4] += (vp * s.wounds[c]!) / Math.max(1, life(s, c)) / 12;
      out[o + 13] += vp / 12;
    }
    out[o + 1] += 1 / 6;
    if (raging(s, c)) out[o + 5] += 1 / 4;
    if (s.isSet[c]) out[o + 6] += 1 / 6;
    else out[o + 12] += 1 / 6;
    const ready = s.loc[c] === LOC.action && !s.isSet[c] && admg(s, c) >= 0;
    if (ready) {
      out[o + 7] += 1 / 4;
      out[o + 8] += admg(s, c) / 10;
    }
    weakest[slot] = Math.min(weakest[slot]!, left);
    // A foe on the board (another slot) has a ready attacker that Destroys it with one hit.
    let threat = -1;
    for (let k = 0; k < BOARD_SLOTS; k++) if (k !== slot) threat = Math.max(threat, strongest[k]!);
    if (threat > 0 && threat >= left) out[o + 11] += 1 / 4;
  }
  for (let slot = 0; slot < BOARD_SLOTS; slot++) {
    const o = at + slot * SLOT_TOTALS;
    out[o + 9] = Math.max(0, strongest[slot]!) / 5;
    out[o + 10] = weakest[slot] === Infinity ? 0 : weakest[slot]! / 10;
  }
}

/** The target class of an action's `t<targets>` part: 0 none, 1 the player's own card, 2 another player's. */
function targetClass(s: OphidianState, player: number, parts: readonly string[]): number {
  const t = parts.find((x) => x.startsWith('t'));
  if (!t) return 0;
  const first = Number(t.slice(1).split(',')[0]);
  return Number.isInteger(first) && first >= 0 && first < s.t.owner.length && controller(s, first) !== player ? 2 : 1;
}

function actionIndex(a: OphAction, s: OphidianState, player: number): number {
  const word = WORD_INDEX.get(a);
  if (word !== undefined) return word;
  const parts = a.split(':');
  const kind = parts[0]!;
  if (kind === 'opt') return OPT_BASE + Math.min(OPTS - 1, Math.max(0, Number(parts[1]) || 0));
  const base = BLOCK[kind];
  if (base === undefined || kind === 'end') return OTHER_WORD;
  const width = WIDTH.get(kind)!;
  const card = (i: number) => {
    const c = Number(parts[i]);
    return Number.isInteger(c) && c >= 0 && c < s.t.card.length ? c : -1;
  };
  const at = (c: number, sub: number) => base + (c < 0 ? OTHER : cardIndex(s, c)) * width + sub;
  switch (kind) {
    case 'play':
    case 'resp':
    case 'ev':
      return at(card(1), targetClass(s, player, parts.slice(2)));
    case 'rab':
      return at(card(1), targetClass(s, player, parts.slice(3)));
    case 'eab':
      return at(card(1), targetClass(s, player, parts.slice(4)));
    case 'ab':
      return at(card(1), Math.min(1, Number(parts[2]) || 0) * TARGETS + targetClass(s, player, parts.slice(3)));
    case 'ch':
      return at(card(3), 0); // the Pyre Gladiator whose ability is channelled
    case 'atk': {
      const attacker = card(1);
      const dmg = attacker >= 0 ? Math.max(0, admg(s, attacker)) : 0;
      return at(card(2), Math.min(ADMG_BUCKETS - 1, dmg));
    }
    default:
      return at(card(1), 0);
  }
}

export const ophidianEncoder: Encoder<OphidianState, OphAction, OphidianState> = {
  version: 2,
  observationSize: OBSERVATION_SIZE,
  actionCount: ACTION_COUNT,
  encode,
  actionIndex,
  legalMask(s, player, mask) {
    mask.fill(0);
    if (!flow.toMove(s).includes(player)) return;
    for (const a of flow.legalActions(s, player)) mask[actionIndex(a, s, player)] = 1;
  },
};
