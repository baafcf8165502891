/**
 * "When a card's cost is being paid" (8.0 modifier Responses, e.g. Price Gouging): before a
 * card is paid for (from hand, or a Response card in an Attack's chain or an event chain), the players may modify its cost. They are asked from the player with the
 * Flow, then clockwise, until all pass in a row; modifiers apply first-in first-out, a modifier
 * cannot itself be modified (it is paid at once), and "remove any modifiers" (Fair Price)
 * clears those played before it. Then the card is paid at its cost + the modifiers (not below
 * 0) and played (paying.ts); a cost raised beyond the player's CP cannot be paid: the card is
 * not played and stays in hand.
 *
 * As for event chains, who is asked reads only public information (events.ts); the window
 * opens only when someone could answer. Actions: `cm:<card>` plays a cost modifier from hand.
 */
import { setAt } from '../../core/flow.js';
import { EVERYONE, moveCard, reveal } from '../../core/zones.js';
import { openWindow } from './ask.js';
import type { StrategyCard } from './cards/types.js';
import { fire, runProgram, tailFor } from './effects.js';
import { canPlayDiscipline, parseTargets } from './legal.js';
import * as st from './state.js';
import type { D, OphidianState, Table } from './state.js';
import { controller, inPlay, mayUse, playCost, reaches, strat, type OphAction } from './view.js';

const { HAND, SCRAP, zoneOf } = st;

/** Per table and player: Strategy cards that modify a cost being paid. */
const modifiers = st.perTable((t: Table): readonly (readonly number[])[] => {
  const out: number[][] = Array.from({ length: t.players }, () => []);
  t.card.forEach((c, i) => {
    if (c.kind === 'strategy' && c.trigger?.timing === 'when' && c.trigger.event === 'cost') out[t.owner[i]!]!.push(i);
  });
  return out;
});

/** May q modify the cost `payer` pays for a card now? (`mine`: q's card, known to be in hand.) */
function canModify(s: OphidianState, q: number, c: number, card: StrategyCard, payer: number): boolean {
  const tr = card.trigger!;
  if (!s.alive[q] || !reaches(s, q, payer)) return false; // 7.0: only the payer and its neighbours
  if (s.chainUsed.includes(c) || !mayUse(s, q, card.flow) || !canPlayDiscipline(s, q, card)) return false;
  if (tr.of === 'enemy' ? payer === q : tr.of === 'ally' || tr.of === 'self' ? payer !== q : false) return false;
  const cost = playCost(s, q, c);
  return cost <= 0 || cost <= s.cp[q]!;
}

const inScrap = (s: OphidianState, q: number, c: number) => s.zones.cards[zoneOf(q, SCRAP)]!.includes(c);

/** Could anyone answer, judged from public information (a card not in play nor in a pile may be in hand)? */
function anyoneMay(s: OphidianState, payer: number, paid: number, only = -1): boolean {
  const m = modifiers(s.t);
  for (let q = 0; q < s.t.players; q++) {
    if (only >= 0 && q !== only) continue;
    for (const c of m[q]!) if (c !== paid && !inPlay(s, c) && !inScrap(s, q, c) && canModify(s, q, c, strat(s, c), payer)) return true;
  }
  return false;
}

/** Whether playing card c (by `payer`) opens the cost window. */
export function mayModifyCost(s: OphidianState, payer: number, c: number): boolean {
  return anyoneMay(s, payer, c);
}

const payerOf = (s: OphidianState) => controller(s, Number(s.paying.split(':')[1]));

/**
 * The hand cards a parked payment has claimed: the card being paid for and the cards its
 * player chose to discard as its play cost (`d…`, 3.3). They leave the hand only when the
 * card is paid, after the modifiers (and a raised cost it cannot pay leaves them in hand), so
 * until then they are still in the hand but spoken for: neither may be played as a cost
 * modifier or as a Response to an event of the window (a discarded Price Gouging played
 * as a modifier left the payment without its discard: "no card at index -1").
 */
export function claimedByPayment(s: OphidianState): readonly number[] {
  if (s.paying === '') return NONE;
  const parts = s.paying.split(':');
  const paid = Number(parts[1]);
  return parts[0] === 'play' ? [paid, ...parseTargets(parts.slice(2)).discards] : [paid];
}
const NONE: readonly number[] = [];

/**
 * Parks the play `a` and asks for cost modifiers, the player with the Flow first. The card
 * and its chosen discards are announced, so everyone knows them from now on, though they stay
 * in the hand until paid: a search re-dealing the hidden cards must leave them there.
 */
export function startPaying(d: D, a: OphAction): void {
  d.paying = a;
  d.payDelta = 0;
  for (const c of claimedByPayment(d as OphidianState)) {
    const hand = zoneOf(controller(d as OphidianState, c), HAND);
    const i = d.zones.cards[hand]!.indexOf(c);
    if (i >= 0) d.zones = reveal(d.zones, hand, i, EVERYONE);
  }
  askCost(d, d.flowHolder, 0);
}

/** Window data: passes in a row * 16 + the player asked. */
export function askCost(d: D, player: number, passes: number): void {
  openWindow(d, 'cost', [player], passes * 16 + player);
}

export function costMoves(s: OphidianState, q: number): OphAction[] {
  const out: OphAction[] = ['pass'];
  const payer = payerOf(s);
  const claimed = claimedByPayment(s);
  for (const c of s.zones.cards[zoneOf(q, HAND)]!) {
    const card = strat(s, c);
    if (!claimed.includes(c) && card.trigger?.timing === 'when' && card.trigger.event === 'cost' && canModify(s, q, c, card, payer)) out.push(`cm:${c}`);
  }
  return out;
}

export const mayAnswerCost = (s: OphidianState, q: number): boolean => anyoneMay(s, payerOf(s), Number(s.paying.split(':')[1]), q);

/** Plays a cost modifier: paid at once (a modifier cannot be modified), Scrapped, its effect changes `payDelta`. */
export function playCostModifier(d: D, q: number, a: OphAction): void {
  const c = Number(a.split(':')[1]);
  const card = strat(d as OphidianState, c);
  d.cp = setAt(d.cp, q, d.cp[q]! - playCost(d as OphidianState, q, c));
  const hand = zoneOf(q, HAND);
  d.zones = moveCard(d.zones, hand, d.zones.cards[hand]!.indexOf(c), zoneOf(q, SCRAP), { reveal: EVERYONE });
  d.chainUsed = [...d.chainUsed, c];
  const paid = Number(d.paying.split(':')[1]);
  runProgram(d, card.onPlay, c, q, [], 0, { subject: paid, source: paid, amount: 0 }, -1, tailFor(`played:${c}`, () => (d2) => fire(d2, 'played', c, c))); // once its effects resolved
}
