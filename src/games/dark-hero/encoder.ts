/**
 * Tensor view of Dark Hero for learned agents: a fixed-size observation and a fixed
 * action index space (sizes fit every legal option set: up to 560 map slots, the
 * largest draw-a-card grid).
 *
 * Observation, from the observing hero's point of view:
 *   per slot (MAX_SLOTS × 11): card status one-hot (empty, face down, Heart, Spade,
 *   Diamond, Club, Neutral), then heroes there: me, allies, opponents (counts / 4), then
 *   "next to my card";
 *   then globals: meter one-hot (7), Bent one-hot (7), phase one-hot (10), round
 *   fraction, my goal, Fighting, Infiltrating, Resources, Aces, Tactics, Hiding, allies'
 *   and opponents' Resources and Aces, "I am to move", pending drift, attacker's Ace,
 *   heroes, current, attacker, pile share; then (version 2) where the meter is from my
 *   goal (below / at / above, one-hot), the status of the card I stand on (7), and my
 *   chances to win a raid and a fight against the card's base now (Tactics and Hiding
 *   included).
 *
 * Version 2 adds those relational slots because a small network over absolute slots does
 * not learn from a few thousand games which of 560 slots are next to its hero, which card
 * it stands on, or which way it wants the meter — what the heuristic reads directly.
 *
 * Actions: MOVE slot s → s; PLACE slot s → MAX_SLOTS + s; then SPEND (t·32 + h for t, h < 32),
 * CONTEST, SHIFT, CLUB_ASK, CLUB_DEFEND, CONVERT and VETO choices in fixed blocks.
 */
import type { Encoder } from '../../core/game.js';
import { decisionOf, legalActions, toMove } from './rules.js';
import { zoneSize } from '../../core/zones.js';
import { contestOdds } from './heuristic.js';
import { CLUB_ASK, CLUB_DEFEND, CONTEST, CONVERT, EMPTY, MOVE, PILE, PLACE, SHIFT, SPEND, VETO, hidingOf, tacticsOf, type DarkHeroState } from './state.js';

export const MAX_SLOTS = 560;
const SLOT_FEATURES = 11;
const NEXT_TO_ME = 10;
const GLOBALS = 7 + 7 + 10 + 19 + 3 + 7 + 2;

const SPEND_BASE = 2 * MAX_SLOTS;
const SPEND_SIDE = 32; // Tactics and Hiding below 32 each (more Resources than that are never held)
const SPEND_SIZE = SPEND_SIDE * SPEND_SIDE;
const CONTEST_BASE = SPEND_BASE + SPEND_SIZE;
const SHIFT_BASE = CONTEST_BASE + 3;
const ASK_BASE = SHIFT_BASE + 3;
const DEFEND_BASE = ASK_BASE + 3;
const CONVERT_BASE = DEFEND_BASE + 2;
const CONVERT_SIZE = 32;
const VETO_BASE = CONVERT_BASE + CONVERT_SIZE;
const ACTIONS = VETO_BASE + 2;

function actionIndex(action: number, state: DarkHeroState): number {
  switch (decisionOf(state)) {
    case MOVE:
      return action;
    case PLACE:
      return MAX_SLOTS + action;
    case SPEND:
      return SPEND_BASE + Math.min(tacticsOf(action), SPEND_SIDE - 1) * SPEND_SIDE + Math.min(hidingOf(action), SPEND_SIDE - 1);
    case CONTEST:
      return CONTEST_BASE + action;
    case SHIFT:
      return SHIFT_BASE + action;
    case CLUB_ASK:
      return ASK_BASE + action;
    case CLUB_DEFEND:
      return DEFEND_BASE + action;
    case CONVERT:
      return CONVERT_BASE + Math.min(action, CONVERT_SIZE - 1);
    case VETO:
      return VETO_BASE + action;
    default:
      throw new Error(`dark-hero encoder: no actions in phase ${decisionOf(state)}`);
  }
}

function encode(obs: DarkHeroState, player: number, out: Float32Array): void {
  out.fill(0);
  const g = obs.setup;
  const n = Math.min(obs.cards.length, MAX_SLOTS);
  for (let s = 0; s < n; s++) {
    const c = obs.cards[s]!;
    out[s * SLOT_FEATURES + (c === EMPTY ? 0 : c + 1)] = 1;
  }
  const mine = g.target[player]!;
  let allyRes = 0;
  let allyAces = 0;
  let oppRes = 0;
  let oppAces = 0;
  for (let h = 0; h < g.players; h++) {
    const kind = h === player ? 7 : g.target[h] === mine ? 8 : 9;
    const slot = obs.pos[h]!;
    if (slot < MAX_SLOTS) out[slot * SLOT_FEATURES + kind]! += 0.25;
    if (h === player) continue;
    if (g.target[h] === mine) (allyRes += obs.resources[h]!), (allyAces += obs.aces[h]!);
    else (oppRes += obs.resources[h]!), (oppAces += obs.aces[h]!);
  }
  const here = obs.pos[player]!;
  if (here < MAX_SLOTS) for (const slot of g.board.adj[here] ?? []) if (slot < MAX_SLOTS) out[slot * SLOT_FEATURES + NEXT_TO_ME] = 1;
  let k = MAX_SLOTS * SLOT_FEATURES;
  out[k + obs.meter - 1] = 1;
  k += 7;
  out[k + obs.bent - 1] = 1;
  k += 7;
  const kind = decisionOf(obs);
  out[k + kind] = 1;
  k += 10;
  const movers = toMove(obs)[0] ?? -1;
  const globals = [
    obs.round / g.options.turns,
    mine === 3 ? 1 : 0,
    g.fighting[player]! / 3,
    g.infiltrating[player]! / 2,
    obs.resources[player]! / 10,
    obs.aces[player]! / 5,
    obs.current === player ? obs.tactics / 6 : 0,
    obs.current === player ? obs.hiding / 6 : 0,
    allyRes / 20,
    allyAces / 10,
    oppRes / 20,
    oppAces / 10,
    movers === player ? 1 : 0,
    obs.drift,
    obs.attackerAce ? 1 : 0,
    g.players / 20,
    obs.current === player ? 1 : 0,
    obs.attacker === player ? 1 : 0,
    zoneSize(obs.zones, PILE) / g.deck.length, // share of the deck still in the pile
  ];
  for (let i = 0; i < globals.length; i++) out[k + i] = globals[i]!;
  k += 19;
  out[k + Math.sign(mine - obs.meter) + 1] = 1;
  k += 3;
  const under = obs.cards[here];
  if (under !== undefined) out[k + (under === EMPTY ? 0 : under + 1)] = 1;
  k += 7;
  const mover = obs.current === player;
  const base = g.options.cardBase;
  out[k++] = contestOdds(g.infiltrating[player]! + (mover ? obs.hiding : 0) - base).win;
  out[k++] = contestOdds(g.fighting[player]! + (mover ? obs.tactics : 0) - base).win;
}

export const darkHeroEncoder: Encoder<DarkHeroState, number, DarkHeroState> = {
  version: 2,
  observationSize: MAX_SLOTS * SLOT_FEATURES + GLOBALS,
  actionCount: ACTIONS,
  encode,
  actionIndex: (action, state) => actionIndex(action, state),
  legalMask(state, player, mask) {
    mask.fill(0);
    for (const a of legalActions(state, player)) mask[actionIndex(a, state)] = 1;
  },
};
