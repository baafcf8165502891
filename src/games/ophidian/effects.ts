/**
 * Writing to the draft: the rule helpers every action uses (draw, Set, Wound, Destroy or
 * Scrap with the Pumps under a card, 3.9), the continuous "After …" triggers in Flow order
 * (8.0), and the effect programs of cards (a `choose` step parks the program and the rest of its
 * action, and asks).
 */
import { random } from '../../core/random.js';
import { emit } from '../../core/listeners.js';
import { CARD_PLAYED } from './listener.js';
import { setAt, type WindowSpec } from '../../core/flow.js';
import { EVERYONE, moveCard, seatBit, zoneSize } from '../../core/zones.js';
import { openWindow } from './ask.js';
import { EVENTS, type CardEnv, type DamageKind, type EventName, type Step } from './cards/types.js';
import * as st from './state.js';
import type { D, OphidianState, PendingEffect, ProgramTail, Table } from './state.js';
import { afterFlowAction } from './repetition.js';
import { abilitiesOf, charactersInPlay, controller, destroyedSubjectOk, glad, inPlay, isChar, isG, leftOf, life, reaches, ReadWorld, rightOf, type OphAction } from './view.js';

const { ARSENAL, HAND, PYRE, SCRAP, zoneOf } = st;
const LOC = { ...st.LOC };

export type { D };

/** Events a Response may answer after an action or at the Wave's end (the Attack's own events are answered in its chain, attack.ts). */
const RESPONDABLE: readonly boolean[] = EVENTS.map((e) => e !== 'attacked' && e !== 'attacking' && e !== 'cost');
/** Each event's index in EVENTS (what the chain stores), looked up once: `fire` runs a few dozen times a match. */
const EVENT_INDEX = new Map<EventName, number>(EVENTS.map((e, i) => [e, i]));
/** `breather` during setup's decisions (breather.ts SETUP): no event chains there. */
const SETUP_STEP = 6;

/**
 * The end of an action and of its event chain: values tallied below 0 become 0 (8.0
 * "Negative Values": CP and Cheer; Wounds never go below 0), and the chain is closed.
 */
export function endOfAction(d: D): void {
  for (let p = 0; p < d.t.players; p++) {
    if (d.cp[p]! < 0) d.cp = setAt(d.cp, p, 0);
    if (d.cheer[p]! < 0) d.cheer = setAt(d.cheer, p, 0);
  }
  if (d.events.length) d.events = [];
  // The chain is over: its cards may be used again in the next one (8.0 note).
  if (d.chainUsed.length) d.chainUsed = [];
  if (d.continuousUsed.length) d.continuousUsed = [];
  // A Flow holder's action is over: one that brought back a position of this Wave counts as a pass (repetition.ts).
  if (d.breather === -1 && d.winner === -1) afterFlowAction(d);
  if (d.cheerTrader !== -1) offerCheerTrade(d);
}

/**
 * 3.11: "After a (+) action resolves, but before the next action is performed, you may trade in
 * one cheer counter to change that action to a (-) action", and its note: "You can trade in
 * cheer after receiving cheer from intercepting during an Attack." The player who Intercepted
 * this Attack and took its Cheer is asked now — the Attack (a (+)) and its event chain have
 * resolved and the Flow holder has not acted again — whether to trade one Cheer in (actions.ts
 * tradeCheerWindow). Not when the Attack is no longer a (+) that keeps the Flow (an effect of the
 * chain took the Flow, the repetition rule made it a pass), the match is over, or an effect of
 * the chain left the Interceptor no Cheer.
 */
function offerCheerTrade(d: D): void {
  const q = d.cheerTrader;
  d.cheerTrader = -1;
  if (d.breather === -1 && d.winner === -1 && !d.lost && d.plusJustMade && d.alive[q] && d.cheer[q]! > 0) openWindow(d, 'trade-cheer', [q]);
}

/** The draft as card effects see it: every write goes through the rule helpers below. */
export class DraftWorld extends ReadWorld {
  kept: boolean | null = null;
  /** `by`: the player whose effect this is (who Destroyed what, 7.0); `card`: the card whose effect it is (the source of its Heal and Unset events). */
  constructor(private d: D, private by: number, private card = -1) { super(d as OphidianState); }
  private sync() { this.s = this.d as OphidianState; }
  override damage(source: number, target: number, amount: number, _kind: DamageKind) { wound(this.d, target, amount, source, this.by); this.sync(); }
  override heal(c: number, n: number) { heal(this.d, c, n, this.card); this.sync(); }
  // Any card in play may be Destroyed (3.9: "When a card is Destroyed or Scrapped"; Let Freedom Ring destroys a Pump, 5.0).
  override destroy(c: number) { if (inPlay(this.d as OphidianState, c)) removeFromPlay(this.d, c, true, this.by); this.sync(); }
  override scrap(c: number) { if (inPlay(this.d as OphidianState, c)) removeFromPlay(this.d, c, false, this.by); this.sync(); }
  override draw(p: number, n: number) { draw(this.d, p, n); this.sync(); }
  override mill(p: number, n: number) {
    for (let k = 0; k < n && zoneSize(this.d.zones, zoneOf(p, ARSENAL)) > 0; k++) this.d.zones = moveCard(this.d.zones, zoneOf(p, ARSENAL), -1, zoneOf(p, SCRAP), { reveal: EVERYONE });
    this.sync();
  }
  // A card's Advance or Retreat is an Advance or Retreat (3.5: card abilities "do not have the
  // limitations of the standard" one — they are still one), so "After … Advances/Retreats" answer it.
  override advance(c: number) {
    if (isChar(this.d as OphidianState, c) && this.d.loc[c] === LOC.support) {
      this.d.loc = setAt(this.d.loc, c, LOC.action);
      fire(this.d, 'advanced', c, this.card);
    }
    this.sync();
  }
  override retreat(c: number) {
    if (isChar(this.d as OphidianState, c) && this.d.loc[c] === LOC.action) {
      this.d.loc = setAt(this.d.loc, c, LOC.support);
      fire(this.d, 'retreated', c, this.card);
    }
    this.sync();
  }
  override setCard(c: number) { setCard(this.d, c); this.sync(); }
  override unsetCard(c: number) { unsetCard(this.d, c, this.card); this.sync(); }
  // CP and Cheer may go below 0 while an action is tallied; endOfAction floors them (8.0 "Negative Values").
  override gainCp(p: number, n: number) { this.d.cp = setAt(this.d.cp, p, this.d.cp[p]! + n); this.sync(); }
  override gainCheer(p: number, n: number) { this.d.cheer = setAt(this.d.cheer, p, this.d.cheer[p]! + n); this.sync(); }
  override attackDamage(delta: number) { if (this.d.chain.length) this.d.chain = setAt(this.d.chain, 2, this.d.chain[2]! + delta); }
  override retarget() { if (this.d.chain.length) this.d.chain = setAt(this.d.chain, 4, 1); }
  override costDelta(delta: number) { this.d.payDelta = this.d.payDelta + delta; }
  override clearCost() { this.d.payDelta = 0; }
  override roll(sides: number) { return random(this.d).d(sides); }
  override flowResult(keep: boolean) { this.kept = keep; }
  override channel() { /* Channeling is not built yet (not offered: see legal abilities) */ }
}


/**
 * Draws n cards (fewer when the Arsenal runs out), one by one from the top into the hand, each
 * known to p from then on: what n moveCard draws would give, with the zone lists copied once.
 */
export function draw(d: D, p: number, n: number): void {
  const a = zoneOf(p, ARSENAL);
  const h = zoneOf(p, HAND);
  const arsenal = d.zones.cards[a]!;
  const k = Math.min(n, arsenal.length);
  if (k <= 0) return;
  const arsenalKnown = d.zones.known[a]!;
  const hand = d.zones.cards[h]!.slice();
  const handKnown = d.zones.known[h]!.slice();
  const bit = seatBit(p);
  for (let i = arsenal.length - 1; i >= arsenal.length - k; i--) {
    hand.push(arsenal[i]!);
    handKnown.push(arsenalKnown[i]! | bit);
  }
  const cards = d.zones.cards.slice();
  const known = d.zones.known.slice();
  cards[a] = arsenal.slice(0, arsenal.length - k);
  known[a] = arsenalKnown.slice(0, arsenal.length - k);
  cards[h] = hand;
  known[h] = handKnown;
  d.zones = { kinds: d.zones.kinds, cards, known, unseen: d.zones.unseen };
}

/** Sets a card; "After … Sets" continuous triggers fire (Dripping Leak). */
export function setCard(d: D, c: number): void {
  if (d.isSet[c]) return;
  d.isSet = setAt(d.isSet, c, true);
  fire(d, 'set', c, c);
}

/** Unsets a card (3.4); "After … Unsets" (the event `unset`) when it was Set. `source`: the card whose effect did it (-1: a rule, e.g. the Breather). */
export function unsetCard(d: D, c: number, source = -1): void {
  if (!d.isSet[c]) return;
  d.isSet = setAt(d.isSet, c, false);
  fire(d, 'unset', c, source);
}

/** Heals a character (3.9): removes up to n Wounds; "After … is Healed" (the event `healed`, its amount the Wounds removed) when any were. */
export function heal(d: D, c: number, n: number, source = -1): void {
  if (!isChar(d as OphidianState, c)) return;
  const removed = Math.min(Math.max(0, n), d.wounds[c]!);
  if (removed === 0) return;
  d.wounds = setAt(d.wounds, c, d.wounds[c]! - removed);
  fire(d, 'healed', c, source, removed);
}

/** Places Wounds (3.9) and destroys at Life; `by` is the player whose action dealt them (default: the source's controller). */
export function wound(d: D, c: number, amount: number, source: number, by = source >= 0 ? controller(d as OphidianState, source) : -1): void {
  if (amount <= 0 || !isChar(d as OphidianState, c)) return;
  d.wounds = setAt(d.wounds, c, d.wounds[c]! + amount);
  fire(d, 'wounded', c, source, amount);
  if (isChar(d as OphidianState, c) && d.wounds[c]! >= life(d as OphidianState, c)) removeFromPlay(d, c, true, by);
}

const vpOf = (s: OphidianState, g: number) => glad(s, g).levels[s.lvl[g]!]!.vp;

/**
 * Who earns a Gladiator's VP when it leaves play (3.9; errata: also when Scrapped). Two
 * players: the opponent, even when its own controller destroyed it (errata). Multi-player
 * (7.0): the player who Destroyed it (3); one Destroyed by its own controller's actions goes
 * to the pool, and the first other player to Destroy a Gladiator of that controller earns
 * the pool too — or, once that controller is eliminated, the first of its left and right
 * neighbours to Destroy any Gladiator (4).
 */
function score(d: D, g: number, owner: number, by: number): void {
  const s = d as OphidianState;
  if (d.t.players === 2) {
    const q = 1 - owner;
    d.vp = setAt(d.vp, q, d.vp[q]! + vpOf(s, g));
    return;
  }
  if (by < 0 || by === owner) {
    d.pool = [...d.pool, g];
    return;
  }
  let gained = vpOf(s, g);
  const keep: number[] = [];
  for (const x of d.pool) {
    const o = d.t.owner[x]!;
    if (o === owner || (!d.alive[o] && (leftOf(s, o) === by || rightOf(s, o) === by))) gained += vpOf(s, x);
    else keep.push(x);
  }
  if (keep.length !== d.pool.length) d.pool = keep;
  d.vp = setAt(d.vp, by, d.vp[by]! + gained);
}

/**
 * Destroyed or Scrapped (3.9): Pumps under it are Scrapped; Gladiators to their owner's Pyre
 * (VP to whoever earned it, `score`), the rest to the Scrapheap. `by`: the player whose
 * action removed it (-1: the owner's own, e.g. maintenance it could not pay).
 */
export function removeFromPlay(d: D, c: number, destroyed: boolean, by = -1): void {
  leavePlay(d, c, destroyed, by);
  // A Pump (or a card with a continuous Life modifier) leaving play may drop a Life below the Wounds.
  destroyAtLife(d, by);
}

/**
 * 3.9: "When a Character has a number of Wounds equal to or greater than his Life, he is
 * Destroyed" — also when the Life drops (Battle Armor Scrapped from a Gladiator with 8 Wounds
 * and Life 9 leaves Life 7: Destroyed, and its VP scored), not only when Wounds are placed.
 * `by`: the player whose action dropped it (who Destroyed it, 7.0).
 */
export function destroyAtLife(d: D, by: number): void {
  for (let again = true; again; ) {
    again = false;
    for (const c of charactersInPlay(d as OphidianState).all) {
      if (d.wounds[c]! >= life(d as OphidianState, c)) {
        leavePlay(d, c, true, by);
        again = true;
        break; // the characters in play changed: look again
      }
    }
  }
}

function leavePlay(d: D, c: number, destroyed: boolean, by: number): void {
  const s = d as OphidianState;
  const owner = controller(s, c);
  for (let i = 0; i < d.loc.length; i++) if (d.loc[i] === LOC.pump && d.host[i] === c) leavePlay(d, i, false, -1);
  d.loc = setAt(d.loc, c, LOC.out);
  d.wounds = setAt(d.wounds, c, 0);
  d.isSet = setAt(d.isSet, c, false);
  d.host = setAt(d.host, c, -1);
  if (isG(s, c)) {
    // Destroyed Gladiators go to the Funeral Pyre; the opponent adds their VP (3.9; errata: also when scrapped).
    d.zones = { ...d.zones, cards: setAt(d.zones.cards, zoneOf(owner, PYRE), [...d.zones.cards[zoneOf(owner, PYRE)]!, c]), known: setAt(d.zones.known, zoneOf(owner, PYRE), [...d.zones.known[zoneOf(owner, PYRE)]!, EVERYONE]) };
    score(d, c, owner, by);
  } else {
    d.zones = { ...d.zones, cards: setAt(d.zones.cards, zoneOf(owner, SCRAP), [...d.zones.cards[zoneOf(owner, SCRAP)]!, c]), known: setAt(d.zones.known, zoneOf(owner, SCRAP), [...d.zones.known[zoneOf(owner, SCRAP)]!, EVERYONE]) };
  }
  // Destroyed, or Scrapped (3.9 tells them apart: "When a card is Destroyed or Scrapped"): either is an event a card may name.
  fire(d, destroyed ? 'destroyed' : 'scrapped', c, c);
}

/**
 * Per table and event (index in EVENTS): the instances with a continuous trigger on that event
 * at some Level, in instance order (a subset of `t.triggered`: `fire` looks only at these).
 */
const triggeredByEvent = st.perTable((t: Table): readonly (readonly number[])[] =>
  EVENTS.map((e) => t.triggered.filter((i) => {
    const card = t.card[i]!;
    const abs = card.kind === 'gladiator' ? card.levels.flatMap((l) => l.abilities) : card.abilities;
    return abs.some((ab) => ab.flow === 'continuous' && ab.trigger?.event === e);
  })),
);

/**
 * Continuous triggered abilities ("After …" with no Flow symbol) of face-up cards in play,
 * in Flow order (8.0: continuous effects first, the player with the Flow first).
 */
export function fire(d: D, event: EventName, subject: number, source: number, amount = 0): void {
  if (event === 'played') countPlay(d, source);
  // The event joins the chain under way (an action's, or a Breather step's): "After …" Responses may answer it (8.0).
  const e = EVENT_INDEX.get(event)!;
  if (d.breather !== SETUP_STEP && RESPONDABLE[e]) {
    const events = d.events.slice();
    events.push(e, subject, source, amount);
    d.events = events;
  }
  const s0 = d as OphidianState;
  const byEvent = triggeredByEvent(d.t);
  for (let k = 0; k < d.t.players; k++) {
    const p = (d.flowHolder + k) % d.t.players;
    for (const i of byEvent[e]!) {
      const s = d as OphidianState;
      if (s.t.owner[i] !== p || s.loc[i] === LOC.out || s.loc[i] === LOC.zoneDown) continue;
      const abs = abilitiesOf(s, i);
      for (let k = 0; k < abs.length; k++) {
        const ab = abs[k]!;
        const tr = ab.trigger;
        if (!tr || ab.flow !== 'continuous' || tr.event !== event) continue;
        const subjCtrl = subject >= 0 ? controller(s0, subject) : -1;
        // 7.0: a player is affected only by events of itself and its neighbours.
        if ((subjCtrl >= 0 && !reaches(s, p, subjCtrl)) || (source >= 0 && !reaches(s, p, controller(s0, source)))) continue;
        const ok = tr.of === 'any' || (tr.of === 'self' && subject === i) || (tr.of === 'host' && s.host[i] === subject && s.loc[i] === LOC.pump) || (tr.of === 'ally' && subjCtrl === p) || (tr.of === 'enemy' && subjCtrl >= 0 && subjCtrl !== p);
        if (!ok || !destroyedSubjectOk(s, event, tr.of, subject)) continue;
        // 8.0 note: "A Response or Continuous effect can only be used one time per card in an event chain."
        const use = i * 16 + k;
        if (d.continuousUsed.includes(use)) continue;
        d.continuousUsed = [...d.continuousUsed, use];
        runProgram(d, ab.steps, i, p, [], 0, { subject, source, amount });
      }
    }
  }
}

/** Reports a Strategy card played (listener.ts: the `played` tag the card studies read). */
export function countPlay(d: D, c: number): void {
  emit(CARD_PLAYED, d as OphidianState, c);
}

/** Who runs a program and on what: everything a parked choice must keep to resume it (state.ts PendingEffect). */
type ProgramContext = Pick<PendingEffect, 'card' | 'controller' | 'targets' | 'x' | 'foe' | 'event' | 'kept' | 'then'>;

/**
 * Runs an effect program on the draft, then `then`, the rest of its action (8.0: a card's
 * effects resolve fully before its "played" event and its Flow; actions.ts). A `choose` step
 * is a real decision: the rest of the program and the tail are parked in `d.pending` and the
 * chooser is asked in the `choose` window; the answer resumes them (chooseWindow). A choice
 * reached while another is parked joins the queue behind it (`next`) and is asked in its turn.
 */
export function runProgram(d: D, steps: readonly Step[], card: number, ctrl: number, targets: readonly number[], x: number, event: CardEnv['event'] = null, foe = -1, then: ProgramTail | null = null): void {
  const ctx: ProgramContext = { card, controller: ctrl, targets, x, foe, event, kept: null, then };
  if (d.pending) {
    // A choice is being asked (an effect that resolved before this one, e.g. Dripping Leak after
    // Version 9 Set to pay for Grappling Strike): effects resolve "one after the other on a first-in
    // first-out basis" (8.0), so this whole program (and the rest of its action) waits behind it —
    // the Example Game (5.0) resolves Dripping Leak's choice before Grappling Strike Advances Poc Shot.
    d.pending = queueBehind(d.pending, { ...ctx, rest: steps, labels: NO_LABELS, branches: NO_BRANCHES, chooser: -1, next: null });
    return;
  }
  run(d, ctx, steps);
}
const NO_LABELS: readonly string[] = [];

/**
 * One function object per distinct tail (`key` names everything `make`'s closure reads): a tail
 * waits in `pending` when its program is queued, and two applies of the same move must give equal
 * states (the contract's twin check compares functions by identity). Bounded like the action memo.
 */
const tails = new Map<string, ProgramTail>();
export function tailFor(key: string, make: () => ProgramTail): ProgramTail {
  let t = tails.get(key);
  if (t === undefined) {
    if (tails.size >= 20000) tails.clear();
    t = make();
    tails.set(key, t);
  }
  return t;
}
const NO_BRANCHES: readonly (readonly Step[])[] = [];

/** The entries waiting behind an answered choice: programs run in turn until one asks (a choice opens its window). */
function startNext(d: D, next: PendingEffect | null): void {
  for (let n = next; n !== null; ) {
    if (d.pending) {
      d.pending = queueBehind(d.pending, n);
      return;
    }
    if (n.labels.length === 0) {
      // A program that waited whole (runProgram): it runs now.
      const after = n.next;
      run(d, n, n.rest);
      n = after;
      continue;
    }
    d.pending = n;
    openWindow(d, 'choose', [n.chooser]);
    return;
  }
}

function run(d: D, ctx: ProgramContext, steps: readonly Step[]): void {
  const w = new DraftWorld(d, ctx.controller, ctx.card);
  w.kept = ctx.kept; // a (?) result decided before a choice stands unless a later `flow` step changes it
  const env: CardEnv = { w, card: ctx.card, controller: ctx.controller, targets: ctx.targets, event: ctx.event, x: ctx.x, foe: ctx.foe };
  // The steps in order (read in place: most programs are a few `run` steps); a roll puts its branch before the rest.
  let queue: readonly Step[] = steps;
  let i = 0;
  while (i < queue.length) {
    const st = queue[i++]!;
    if (st.kind === 'run') st.run(env);
    else if (st.kind === 'roll') {
      queue = [...(w.roll(st.sides) >= st.atLeast(env) ? st.then : st.else), ...queue.slice(i)];
      i = 0;
    } else {
      const choice: PendingEffect = { ...ctx, kept: w.kept, rest: queue.slice(i), labels: st.labels, branches: st.branches, chooser: st.who(env), next: null };
      if (d.pending) {
        // Another choice is being asked (this program started while it waited, e.g. a trigger of the card just played): this one
        // waits behind it, with the rest of its program, and is asked when its turn comes (first in first out, 8.0).
        d.pending = queueBehind(d.pending, choice);
        return;
      }
      d.pending = choice;
      openWindow(d, 'choose', [choice.chooser]);
      return;
    }
  }
  if (ctx.then) ctx.then(d, w.kept);
}

/** `choice` appended at the end of the queue of waiting choices that starts with `head` (a new chain: states are immutable). */
function queueBehind(head: PendingEffect, choice: PendingEffect): PendingEffect {
  return { ...head, next: head.next ? queueBehind(head.next, choice) : choice };
}


/** A `choose` step of an effect program: the named player picks an option, then the program resumes. */
export const chooseWindow: WindowSpec<OphidianState, OphAction> = {
      moves: (s) => (s.pending ? s.pending.labels.map((_, k) => `opt:${k}`) : ['opt:0']),
      play(d, _p, a) {
        const pe = d.pending!;
        d.pending = null;
        // The chosen option, the rest of the program, then the rest of its action (its tail), unless another choice parks them again.
        run(d, pe, [...pe.branches[Number(a.split(':')[1])]!, ...pe.rest]);
        // The choices and programs that waited behind this one come next: after any this program (and what it triggered) now asks.
        startNext(d, pe.next);
        return true; // rules.ts checks victory after the choice (victory.ts uses this module)
      },
    };
