/**
 * Responses (2.5, 8.0): R/OR for the player with the Flow, R/DR for the others, asked in
 * turn from the Flow holder until all pass in a row; one use per card per chain.
 */
import type { WindowSpec } from '../../core/flow.js';
import { setAt } from '../../core/flow.js';
import { EVERYONE, moveCard } from '../../core/zones.js';
import { openWindow } from './ask.js';
import { chainDone } from './attack.js';
import { fire, runProgram, tailFor, setCard, type D } from './effects.js';
import { canPlayDiscipline, parseTargets, responseFoes, targetChoices, tKey } from './legal.js';
import * as st from './state.js';
import type { OphidianState } from './state.js';
import { checkVictory } from './victory.js';
import { abilitiesOf, controller, envOf, inPlay, isChar, lookupOf, mayUse, playCost, raging, reaches, strat, type OphAction } from './view.js';
import { mayModifyCost, startPaying } from './costs.js';

const { HAND, SCRAP, zoneOf } = st;
const LOC = { ...st.LOC };
type Window = WindowSpec<OphidianState, OphAction>;

/** Does a Response trigger match the pending Attack for player p? `attacking` concerns the Attacker, `attacked` the Defender. */
export function matchesAttack(s: OphidianState, p: number, card: number, tr: { event: string; of: string }): boolean {
  const attacker = s.attack[0]!; // (an index read: array destructuring goes through the iterator)
  const defender = s.chain[0]!;
  const subject = tr.event === 'attacking' ? attacker : tr.event === 'attacked' ? defender : -1;
  if (subject < 0 || !isChar(s, subject)) return false;
  const mine = controller(s, subject) === p;
  return tr.of === 'any' || (tr.of === 'ally' && mine) || (tr.of === 'enemy' && !mine) || (tr.of === 'self' && subject === card);
}


/** Pass, or a legal Response to the pending Attack: a card from hand (`resp:`) or an ability in play (`rab:`). */
export function responseMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['pass'];
  // (A hand holds each instance once: no need to skip a card already listed.)
  for (const c of s.zones.cards[zoneOf(p, HAND)]!) {
    const card = strat(s, c);
    if (!card.trigger || !mayUse(s, p, card.flow) || !matchesAttack(s, p, c, card.trigger)) continue;
    if (!canPlayDiscipline(s, p, card) || playCost(s, p, c) > s.cp[p]!) continue;
    for (const ts of targetChoices(s, p, card.target)) for (const o of responseFoes(s, p, card.namesOpponent, ts, s.chain[0]!)) out.push(`resp:${c}${tKey(ts)}${o}`);
  }
  // Only p's instances with abilities (the table lookup), not every instance of the match.
  for (const c of lookupOf(s.t).withAbilities[p]!) {
    if (!inPlay(s, c) || s.loc[c] === LOC.zoneDown || s.chainUsed.includes(c)) continue;
    const abs = abilitiesOf(s, c);
    for (let k = 0; k < abs.length; k++) {
      const ab = abs[k]!;
      if (!ab.trigger || !mayUse(s, p, ab.flow) || !matchesAttack(s, p, c, ab.trigger)) continue;
      const env = envOf(s, c, p);
      if (ab.cost.cp(env) > s.cp[p]! || (ab.cost.set && s.isSet[c]) || (ab.condition && !ab.condition(env))) continue;
      if (ab.raging === 'only' && !raging(s, c)) continue;
      if (ab.raging === 'never' && raging(s, c)) continue;
      for (const ts of targetChoices(s, p, ab.target)) for (const o of responseFoes(s, p, ab.namesOpponent, ts, s.chain[0]!)) out.push(`rab:${c}:${k}${tKey(ts)}${o}`);
    }
  }
  return out;
}

export function playResponse(d: D, p: number, a: OphAction, costDelta = 0): void {
  const parts = a.split(':');
  const attacker = d.attack[0]!;
  const event = { subject: d.chain[0]!, source: attacker, amount: 0 };
  if (parts[0] === 'resp') {
    const c = Number(parts[1]);
    const { targets, foe } = parseTargets(parts.slice(2));
    const card = strat(d as OphidianState, c);
    const cost = Math.max(0, playCost(d as OphidianState, p, c) + costDelta);
    if (cost > d.cp[p]!) return; // raised beyond what the player has: not played, it stays in hand (costs.ts)
    d.cp = setAt(d.cp, p, d.cp[p]! - cost);
    const hand = zoneOf(p, HAND);
    // A Response card is seen by all and, as a Quick-Hit, Scrapped after use (the sample's Responses are all Quick-Hits).
    d.zones = moveCard(d.zones, hand, d.zones.cards[hand]!.indexOf(c), zoneOf(p, SCRAP), { reveal: EVERYONE });
    d.chainUsed = [...d.chainUsed, c];
    // Playing it is itself an event (as in an event chain, events.ts), fired once its effects resolved (a choice
    // answered): "After a card is played" Responses answer it once the Attack's action is done.
    runProgram(d, card.onPlay, c, p, targets, 0, event, foe, tailFor(`played:${c}`, () => (d2) => fire(d2, 'played', c, c)));
    return;
  }
  const c = Number(parts[1]);
  const ab = abilitiesOf(d as OphidianState, c)[Number(parts[2])]!;
  const { targets, foe } = parseTargets(parts.slice(3));
  d.cp = setAt(d.cp, p, d.cp[p]! - ab.cost.cp(envOf(d as OphidianState, c, p, targets)));
  if (ab.cost.set) setCard(d, c);
  d.chainUsed = [...d.chainUsed, c];
  runProgram(d, ab.steps, c, p, targets, 0, event, foe);
}


/**
 * Who takes part in the Attack's chain (7.0): the players who may affect and be affected by
 * both the Attacker's and the Defender's controllers (all of them with two or three players).
 */
function inChain(s: OphidianState, q: number): boolean {
  if (!s.alive[q]) return false;
  const a = controller(s, s.attack[0]!);
  const b = controller(s, s.chain[0]!);
  return reaches(s, q, a) && reaches(s, q, b);
}
const chainSeats = (s: OphidianState): number => {
  let n = 0;
  for (let q = 0; q < s.t.players; q++) if (inChain(s, q)) n++;
  return n;
};
/** The next player clockwise (to the left) after `by` who takes part in the chain. */
function nextInChain(s: OphidianState, by: number): number {
  for (let k = 1; k <= s.t.players; k++) if (inChain(s, (by + k) % s.t.players)) return (by + k) % s.t.players;
  return by;
}

export const respondWindow: Window = {
      moves: (s, p) => responseMoves(s, p),
      play(d, p, a) {
        if (a === 'pass') d.chain = setAt(d.chain, 3, d.chain[3]! + 1);
        else {
          d.chain = setAt(d.chain, 3, 0);
          // A Response card's cost may be modified first ("When a card's cost is being paid", 8.0).
          if (a.startsWith('resp:') && mayModifyCost(d as OphidianState, p, Number(a.split(':')[1]))) startPaying(d, a);
          else playResponse(d, p, a);
          checkVictory(d);
        }
        return true;
      },
      onClose(d, by) {
        if (d.winner !== -1 || !d.chain.length) return;
        if (d.chain[3]! >= chainSeats(d as OphidianState)) return chainDone(d);
        // The next player clockwise is asked (a choice an effect opened is answered first: it sits above).
        const stackTop = d.stack.length;
        const next = nextInChain(d as OphidianState, by);
        if (stackTop > 0) {
          // An effect choice is open: ask the next responder after it (windows nest; the flow asks the top first).
          const saved = d.stack;
          d.stack = [];
          openWindow(d, 'respond', [next]);
          d.stack = [...d.stack, ...saved];
          return;
        }
        openWindow(d, 'respond', [next]);
      },
    };
