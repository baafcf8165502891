/**
 * Event chains (8.0): after an action, "After …" Responses may answer any event of the
 * action (a character Wounded, a card played, a character Destroyed, Set, Advanced or
 * Retreated). The player with the Flow is asked first (R and OR), then each player clockwise
 * (R and DR), and round again, until every player passed in a row. A Response played adds
 * its own events to the chain (Sponsor Bonus after a Wound, then Infect after Sponsor's …),
 * and each card is used at most once per chain.
 *
 * Who is asked reads only public information: a player is skipped (a pass) when no card
 * that may be in its hand (not in play, not in a public pile) and no ability it has in play
 * could answer an event now (Flow symbol, discipline and Level, CP). So the table learns
 * nothing from being asked or not that it could not see; the answer itself may still be a pass.
 *
 * Actions: `ev:<card>:<event>[:t<targets>]` plays a Response card from hand on event k of the
 * chain; `eab:<card>:<ability>:<event>[:t<targets>]` uses a Response ability of a card in play.
 */
import type { WindowSpec } from '../../core/flow.js';
import { setAt } from '../../core/flow.js';
import { EVERYONE, moveCard } from '../../core/zones.js';
import { openWindow } from './ask.js';
import { EVENTS, type Ability, type StrategyCard, type Trigger } from './cards/types.js';
import { endOfAction, fire, runProgram, tailFor, setCard } from './effects.js';
import { canPlayDiscipline, parseTargets, responseFoes, targetChoices, tKey } from './legal.js';
import * as st from './state.js';
import type { D, OphidianState, Table } from './state.js';
import { checkVictory } from './victory.js';
import { abilitiesOf, controller, destroyedSubjectOk, envOf, inPlay, mayUse, playCost, raging, reaches, strat, type OphAction } from './view.js';
import { claimedByPayment, mayModifyCost, startPaying } from './costs.js';

const { HAND, SCRAP, zoneOf } = st;
const LOC = { ...st.LOC };


/**
 * Per table: each player's Strategy cards that answer an "After …" event, the same per event
 * (index in EVENTS: "may p answer" looks only at the cards that name an event of the chain),
 * and every instance with a Response ability.
 */
interface Responders {
  readonly cards: readonly (readonly number[])[];
  readonly cardsByEvent: readonly (readonly (readonly number[])[])[];
  readonly abilities: readonly number[];
}
const responders = st.perTable((t: Table): Responders => {
  const cards: number[][] = Array.from({ length: t.players }, () => []);
  const cardsByEvent: number[][][] = Array.from({ length: t.players }, () => EVENTS.map((): number[] => []));
  const abilities: number[] = [];
  t.card.forEach((c, i) => {
    if (c.kind === 'strategy' && c.trigger?.timing === 'after' && c.flow !== '+' && c.flow !== '-' && c.flow !== '?') {
      cards[t.owner[i]!]!.push(i);
      cardsByEvent[t.owner[i]!]![EVENTS.indexOf(c.trigger.event)]?.push(i);
    }
    const abs = c.kind === 'gladiator' ? c.levels.flatMap((l) => l.abilities) : c.abilities;
    if (abs.some((a) => isResponse(a))) abilities.push(i);
  });
  return { cards, cardsByEvent, abilities };
});
const isResponse = (a: Ability) => a.trigger?.timing === 'after' && (a.flow === 'R' || a.flow === 'OR' || a.flow === 'DR');

/** Does event k of the chain match a trigger, for player p answering with card c? */
function matches(s: OphidianState, k: number, tr: Trigger, p: number, c: number): boolean {
  if (EVENTS[s.events[k * 4]!] !== tr.event) return false;
  const subject = s.events[k * 4 + 1]!;
  const source = s.events[k * 4 + 2]!;
  // 7.0: only events of the player itself and its neighbours.
  if ((subject >= 0 && !reaches(s, p, controller(s, subject))) || (source >= 0 && !reaches(s, p, controller(s, source)))) return false;
  if (!destroyedSubjectOk(s, tr.event, tr.of, subject)) return false;
  if (tr.of === 'any') return true;
  if (tr.of === 'self') return subject === c;
  if (tr.of === 'host') return s.loc[c] === LOC.pump && s.host[c] === subject;
  const mine = subject >= 0 && controller(s, subject) === p;
  return tr.of === 'ally' ? mine : subject >= 0 && !mine;
}

/** A cost of 0 can always be paid, even while CP is tallied below 0 in an action (8.0). */
const affordable = (cost: number, cp: number) => cost <= 0 || cost <= cp;
const eventCount = (s: OphidianState) => s.events.length / 4;
const inPile = (s: OphidianState, p: number, c: number) => s.zones.cards[zoneOf(p, SCRAP)]!.includes(c);

/**
 * The events of the chain card c in p's hand may answer now. The event match is looked at
 * before the discipline and the cost (the same answer: every test must pass), since most cards
 * match no event of most chains and the cost reads every continuous modifier.
 */
function cardAnswers(s: OphidianState, p: number, c: number, card: StrategyCard): readonly number[] {
  if (!card.trigger || s.chainUsed.includes(c) || !mayUse(s, p, card.flow)) return NO_EVENTS;
  let out: number[] | null = null;
  for (let k = 0; k < eventCount(s); k++) if (matches(s, k, card.trigger, p, c)) (out ??= []).push(k);
  if (out === null || !canPlayDiscipline(s, p, card) || !affordable(playCost(s, p, c), s.cp[p]!)) return NO_EVENTS;
  return out;
}
const NO_EVENTS: readonly number[] = [];

function abilityUsableNow(s: OphidianState, p: number, c: number, ab: Ability): boolean {
  if (!isResponse(ab) || !mayUse(s, p, ab.flow)) return false;
  const env = envOf(s, c, p);
  if (!affordable(ab.cost.cp(env), s.cp[p]!) || (ab.cost.set && s.isSet[c]) || (ab.condition && !ab.condition(env))) return false;
  if (ab.raging === 'only' && !raging(s, c)) return false;
  return !(ab.raging === 'never' && raging(s, c));
}

/** Could p answer anything, judged from what everyone can see (see the module comment)? */
export function mayRespond(s: OphidianState, p: number): boolean {
  if (!s.alive[p]) return false;
  const r = responders(s.t);
  // A card can answer only an event it names: those of the chain's events (a card met twice gives the same answer).
  const byEvent = r.cardsByEvent[p]!;
  for (let k = 0; k < eventCount(s); k++) {
    for (const c of byEvent[s.events[k * 4]!]!) if (!inPlay(s, c) && !inPile(s, p, c) && cardAnswers(s, p, c, strat(s, c)).length) return true;
  }
  for (const c of r.abilities) {
    if (controller(s, c) !== p || !inPlay(s, c) || s.loc[c] === LOC.zoneDown || s.chainUsed.includes(c)) continue;
    const abs = abilitiesOf(s, c);
    // The event match first (cheap, and most often false), then the costs and conditions.
    for (let a = 0; a < abs.length; a++) if (isResponse(abs[a]!) && anyEventFor(s, p, c, abs[a]!.trigger!) && abilityUsableNow(s, p, c, abs[a]!)) return true;
  }
  return false;
}
const anyEventFor = (s: OphidianState, p: number, c: number, tr: Trigger): boolean => {
  for (let k = 0; k < eventCount(s); k++) if (matches(s, k, tr, p, c)) return true;
  return false;
};
const eventsFor = (s: OphidianState, p: number, c: number, tr: Trigger) => {
  const out: number[] = [];
  for (let k = 0; k < eventCount(s); k++) if (matches(s, k, tr, p, c)) out.push(k);
  return out;
};

/** Pass, or a Response to an event of the chain. */
export function eventMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['pass'];
  const claimed = claimedByPayment(s); // a card being paid for, or its discards, is spoken for
  for (const c of s.zones.cards[zoneOf(p, HAND)]!) {
    const card = strat(s, c);
    if (card.trigger?.timing !== 'after' || claimed.includes(c)) continue;
    for (const k of cardAnswers(s, p, c, card)) for (const ts of targetChoices(s, p, card.target)) for (const o of responseFoes(s, p, card.namesOpponent, ts, s.events[k * 4 + 1]!)) out.push(`ev:${c}:${k}${tKey(ts)}${o}`);
  }
  for (const c of responders(s.t).abilities) {
    if (controller(s, c) !== p || !inPlay(s, c) || s.loc[c] === LOC.zoneDown || s.chainUsed.includes(c)) continue;
    abilitiesOf(s, c).forEach((ab, a) => {
      if (!abilityUsableNow(s, p, c, ab)) return;
      for (const k of eventsFor(s, p, c, ab.trigger!)) for (const ts of targetChoices(s, p, ab.target)) for (const o of responseFoes(s, p, ab.namesOpponent, ts, s.events[k * 4 + 1]!)) out.push(`eab:${c}:${a}:${k}${tKey(ts)}${o}`);
    });
  }
  return out;
}

/**
 * Plays a Response from an event chain: `costDelta` is what cost modifiers added while it was
 * being paid (costs.ts). A card whose modified cost exceeds the player's CP is not played and
 * stays in hand (as for a card from hand, costs.ts).
 */
export function playEventResponse(d: D, p: number, a: OphAction, costDelta = 0): void {
  const parts = a.split(':');
  const c = Number(parts[1]);
  const ability = parts[0] === 'eab';
  const k = Number(parts[ability ? 3 : 2]);
  const { targets, foe } = parseTargets(parts.slice(ability ? 4 : 3));
  const event = { subject: d.events[k * 4 + 1]!, source: d.events[k * 4 + 2]!, amount: d.events[k * 4 + 3]! };
  if (!ability) {
    const card = strat(d as OphidianState, c);
    const cost = Math.max(0, playCost(d as OphidianState, p, c) + costDelta);
    if (cost > 0 && cost > d.cp[p]!) return;
    d.chainUsed = [...d.chainUsed, c];
    d.cp = setAt(d.cp, p, d.cp[p]! - cost);
    // Seen by all; a Response Quick-Hit is Scrapped after use (2.2). Playing it is itself an event.
    const hand = zoneOf(p, HAND);
    d.zones = moveCard(d.zones, hand, d.zones.cards[hand]!.indexOf(c), zoneOf(p, SCRAP), { reveal: EVERYONE });
    runProgram(d, card.onPlay, c, p, targets, 0, event, foe, tailFor(`played:${c}`, () => (d2) => fire(d2, 'played', c, c))); // once its effects resolved (a choice answered)
    return;
  }
  d.chainUsed = [...d.chainUsed, c];
  const ab = abilitiesOf(d as OphidianState, c)[Number(parts[2])]!;
  d.cp = setAt(d.cp, p, d.cp[p]! - ab.cost.cp(envOf(d as OphidianState, c, p, targets)));
  if (ab.cost.set) setCard(d, c);
  runProgram(d, ab.steps, c, p, targets, 0, event, foe);
}

// Window data: passes in a row * 16 + the player asked.
const ask = (d: D, player: number, passes: number): void => {
  const data = passes * 16 + player;
  if (d.stack.length > 0) {
    // A choice an effect opened is answered first (it must sit on top): the next asker goes below it.
    const saved = d.stack;
    d.stack = [];
    openWindow(d, 'react', [player], data);
    d.stack = [...d.stack, ...saved];
    return;
  }
  openWindow(d, 'react', [player], data);
};

/**
 * After an action (and every window it opened) is done: the event chain if any event may be
 * answered, else the action simply ends. Called by rules.ts whenever the stack empties during a Wave.
 */
export function afterAction(d: D): void {
  if (d.winner !== -1 || d.breather !== -1) return;
  if (d.events.length === 0) return endOfAction(d);
  ask(d, d.flowHolder, 0);
}

/** The "After a Wave ends" chain (breather.ts), from the player with the temporary Flow. */
export function startChain(d: D): void {
  ask(d, d.flowHolder, 0);
}

export const reactWindow: WindowSpec<OphidianState, OphAction> = {
  moves: (s, p) => eventMoves(s, p),
  asks: (s, p) => mayRespond(s, p),
  play(d, p, a) {
    if (a === 'pass') return false;
    // A Response card's cost may be modified first ("When a card's cost is being paid", 8.0): it is played once that window closes.
    if (a.startsWith('ev:') && mayModifyCost(d as OphidianState, p, Number(a.split(':')[1]))) startPaying(d, a);
    else playEventResponse(d, p, a);
    checkVictory(d);
    return true;
  },
  onClose(d, by, data) {
    if (d.winner !== -1) return;
    const player = data % 16;
    const passes = by < 0 ? Math.floor(data / 16) + 1 : 0;
    if (passes >= d.t.players) {
      // Everyone passed in a row: the chain and the action end.
      if (d.stack.length === 0) endOfAction(d);
      return;
    }
    ask(d, (player + 1) % d.t.players, passes);
  },
};
