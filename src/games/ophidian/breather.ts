/**
 * The Breather (4.0): its five steps in order — Flow, Regenerate (Unset, redraw, CP),
 * Maintain, Promote, Maneuver — as a queue of decision windows; and setup's bottom cards
 * and Maneuver (3.1), which use the same windows.
 */
import { random } from '../../core/random.js';
import { emit } from '../../core/listeners.js';
import { WAVE_LOGGED } from './listener.js';
import { setAt, type WindowSpec } from '../../core/flow.js';
import { EVERYONE, moveCard, seatBit, zoneSize } from '../../core/zones.js';
import { openWindow } from './ask.js';
import { draw, fire, heal, removeFromPlay, unsetCard } from './effects.js';
import { startChain } from './events.js';
import { forgetPositions } from './repetition.js';
import * as st from './state.js';
import type { D, OphidianState, Table } from './state.js';
import { charactersOf, controller, favorite, glad, gladiatorsInPlay, handSize, inPlay, isG, leftOf, rightOf, RULES, seatsFrom, strat, woundTotal, type OphAction } from './view.js';

const { ARSENAL, HAND, PYRE, SCRAP, zoneOf } = st;
const LOC = { ...st.LOC };
type Window = WindowSpec<OphidianState, OphAction>;


/** `breather` while setup's decisions are taken. */
export const SETUP = 6;

/** `breather` while the "After a Wave ends" event chain is asked (rules.ts starts the Breather when it closes). */
export const WAVE_END = 7;

export function wavePassed(d: D): void {
  // Temporary Flow (8.0): the last player to pass counts as the player with the Flow until the
  // Breather chooses a new one, so "After a Wave ends" effects and Responses start with that player.
  d.flowHolder = rightOf(d as OphidianState, d.flowHolder);
  d.chainUsed = [];
  d.continuousUsed = [];
  d.events = [];
  forgetPositions(d);
  fire(d, 'wave-end', -1, -1);
  d.breather = WAVE_END;
  startChain(d);
}

/** Runs Breather steps until one needs a decision (a window) or the Breather ends. */
export function continueBreather(d: D): void {
  const n = d.t.players;
  if (d.winner !== -1) return;
  if (d.breather === 0) {
    // The finished Wave's VP and Cheer, for the studies (listener.ts: tags.waves).
    emit(WAVE_LOGGED, d as OphidianState);
    // 1) Determine Flow: most Wounds, then the crowd favourite, then a d6 (rerolled on ties).
    const seats = seatsFrom(d as OphidianState, 0);
    const w = seats.map((p) => woundTotal(d as OphidianState, p));
    let best = seats.filter((_, i) => w[i] === Math.max(...w));
    if (best.length > 1) {
      const fav = best.filter((p) => favorite(d as OphidianState, p));
      if (fav.length === 1) best = fav;
    }
    const dice = random(d);
    while (best.length > 1) {
      const rolls = best.map(() => dice.d(6));
      const top = Math.max(...rolls);
      best = best.filter((_, i) => rolls[i] === top);
    }
    d.flowHolder = best[0]!;
    // 2) Regenerate: first Unset everything (each an `unset` event); next redraw (scrap decisions, then draw to hand size + 2 bonus, then cards to the bottom); last CP = 10 + Wave (nextRedraw).
    for (let c = 0; c < d.isSet.length; c++) if (d.isSet[c]) unsetCard(d, c);
    d.uniqueUsed = [];
    d.wave = d.wave + 1;
    d.breather = 1;
    d.maneuver = seatsFrom(d as OphidianState, d.flowHolder);
    // The Unset's events are answered before the redraw (8.0: Responses come before anything else happens); the chain's end resumes here.
    if (chainFirst(d)) return;
  }
  if (d.breather === 1) return nextRedraw(d);
  if (d.breather === 2) {
    // 3) Maintain, from the Flow holder to the left (d.maneuver: the players still to pay). Costs
    // that MUST be paid come first (Reinforcements 3.12, `must-maintain` cards); when a player
    // cannot pay them all, the opponent picks which of them are Scrapped until it can (4.0 note).
    while (d.maneuver.length) {
      if (chainFirst(d)) return; // the cards the opponent picked were Scrapped: their events first
      const p = d.maneuver[0]!;
      const must = mustPay(d as OphidianState, p);
      const total = must.reduce((sum, c) => sum + maintainCost(d as OphidianState, c), 0);
      if (total > d.cp[p]!) {
        openWindow(d, 'force', [leftOf(d as OphidianState, p)], p); // "your opponent": in multi-player the one to the left
        return;
      }
      d.cp = setAt(d.cp, p, d.cp[p]! - total);
      d.maneuver = d.maneuver.slice(1);
    }
    if (chainFirst(d)) return;
    d.breather = 3;
    d.maneuver = maintainQueue(d as OphidianState);
  }
  if (d.breather === 3) {
    while (d.maneuver.length) {
      if (chainFirst(d)) return; // a card dropped or not maintainable was Scrapped: its events first
      const c = d.maneuver[0]!;
      const p = controller(d as OphidianState, c);
      const card = strat(d as OphidianState, c);
      if (!inPlay(d as OphidianState, c)) { d.maneuver = d.maneuver.slice(1); continue; }
      if (card.maintain === null || d.cp[p]! < card.maintain) {
        // Skull, or cannot pay: Scrapped.
        d.maneuver = d.maneuver.slice(1);
        removeFromPlay(d, c, false);
        continue;
      }
      openWindow(d, 'maintain', [p], c);
      return;
    }
    if (chainFirst(d)) return;
    d.breather = 4;
    d.maneuver = seatsFrom(d as OphidianState, d.flowHolder);
  }
  if (d.breather === 4) {
    // 4) Promote, from the Flow holder to the left.
    while (d.maneuver.length) {
      const p = d.maneuver[0]!;
      d.maneuver = d.maneuver.slice(1);
      const promote = promoteMoves(d as OphidianState, p).length > 1;
      const reinforce = canReinforce(d as OphidianState, p);
      // Windows nest: the last opened is asked first, so Promote is opened after Reinforce.
      if (reinforce) openWindow(d, 'reinforce', [p]);
      if (promote) openWindow(d, 'promote', [p]);
      if (promote || reinforce) return;
    }
    d.breather = 5;
    d.maneuver = maneuverQueue(d as OphidianState);
  }
  if (d.breather === 5) {
    if (d.maneuver.length) {
      openWindow(d, 'maneuver', [controller(d as OphidianState, d.maneuver[0]!)], d.maneuver[0]!);
      return;
    }
    d.breather = -1;
    d.events = [];
  }
}

/**
 * Events a Breather step made (a card Unset, Scrapped, Healed, a Gladiator Promoted) are
 * answered before the Breather goes on: the event chain from the player with the Flow step 1
 * chose (events.ts); when it closes, rules.ts calls continueBreather, which resumes where it was.
 */
function chainFirst(d: D): boolean {
  if (d.events.length === 0 || d.winner !== -1) return false;
  startChain(d);
  return true;
}

export function nextRedraw(d: D): void {
  // d.maneuver holds the players still to redraw.
  while (d.maneuver.length) {
    const p = d.maneuver[0]!;
    openWindow(d, 'redraw', [p]);
    return;
  }
  // "Last, all players calculate the total CP for the current Wave and then reset their CP Pools to that number" (4.0 step 2).
  d.cp = d.cp.map(() => RULES.baseCp + d.wave);
  d.breather = 2;
  d.maneuver = seatsFrom(d as OphidianState, d.flowHolder);
  continueBreather(d);
}

const maintainCost = (s: OphidianState, c: number) => (isG(s, c) ? glad(s, c).maintain : strat(s, c).maintain ?? 0);

/** A player's cards in play whose maintenance MUST be paid: its Reinforcement and face-up `must-maintain` cards. */
export function mustPay(s: OphidianState, p: number): number[] {
  const out: number[] = [];
  const r = s.t.reinforcement[p]!;
  if (r >= 0 && inPlay(s, r)) out.push(r);
  for (let c = 0; c < s.loc.length; c++) {
    if (controller(s, c) !== p || isG(s, c) || s.loc[c] === LOC.out || s.loc[c] === LOC.zoneDown) continue;
    if (strat(s, c).mustMaintain) out.push(c);
  }
  return out;
}

/** The opponent of a player who cannot pay its must-pay maintenance picks the card Scrapped (4.0 step 3 note). */
export const forceWindow: Window = {
  moves: (s, _q, p) => mustPay(s, p).map((c) => `scrap:${c}`),
  play(d, _q, a) {
    removeFromPlay(d, Number(a.split(':')[1]), false);
    return true;
  },
  onClose(d) {
    continueBreather(d);
  },
};

export function maintainQueue(s: OphidianState): number[] {
  const out: number[] = [];
  for (const p of seatsFrom(s, s.flowHolder)) {
    for (let c = 0; c < s.loc.length; c++) if (controller(s, c) === p && !isG(s, c) && !strat(s, c).mustMaintain && (s.loc[c] === LOC.support || s.loc[c] === LOC.action || s.loc[c] === LOC.pump || s.loc[c] === LOC.zoneUp)) out.push(c);
  }
  return out; // face-down Zones need no maintenance (4.0 step 3)
}

export function maneuverQueue(s: OphidianState): number[] {
  const out: number[] = [];
  for (const p of seatsFrom(s, s.flowHolder)) {
    out.push(...charactersOf(s, p));
  }
  return out;
}

export function promoteMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['none'];
  for (const g of gladiatorsInPlay(s, p)) if (s.lvl[g]! + 1 < glad(s, g).levels.length) out.push(`promote:${g}`);
  return out;
}

/** "You may also bring a Reinforcement Gladiator into play if you have lost one or more Gladiators" (4.0 step 4, 3.12). */
export function canReinforce(s: OphidianState, p: number): boolean {
  const r = s.t.reinforcement[p]!;
  return !s.deathMatch && r >= 0 && !inPlay(s, r) && !s.zones.cards[zoneOf(p, PYRE)]!.includes(r) && gladiatorsInPlay(s, p).length < s.t.team[p]!.length;
}


/**
 * The hand answers `scrap:<c>` and `bottom:<c>` of every instance, built once per table (asked
 * about twenty times a match, each listing the whole hand); and the fixed answer lists, shared
 * (callers only read a list of legal actions).
 */
const handAnswers = st.perTable((t: Table) => ({ scrap: t.card.map((_, c) => `scrap:${c}`), bottom: t.card.map((_, c) => `bottom:${c}`) }));
const byNumber = (a: number, b: number) => a - b;
const MAINTAIN_ANSWERS: readonly OphAction[] = Object.freeze(['keep', 'drop']);
const REINFORCE_ANSWERS: readonly OphAction[] = Object.freeze(['none', 'reinforce']);
const MANEUVER_ANSWERS: readonly OphAction[] = Object.freeze(['field:support', 'field:action']);

export const redrawWindow: Window = {
      moves(s, p) {
        // A hand holds each instance once; listed in instance order.
        const names = handAnswers(s.t).scrap;
        const hand = s.zones.cards[zoneOf(p, HAND)]!.slice().sort(byNumber);
        const out: OphAction[] = ['done'];
        for (const c of hand) out.push(names[c]!);
        return out;
      },
      play(d, p, a) {
        if (a !== 'done') {
          const c = Number(a.split(':')[1]);
          d.zones = moveCard(d.zones, zoneOf(p, HAND), d.zones.cards[zoneOf(p, HAND)]!.indexOf(c), zoneOf(p, SCRAP), { reveal: EVERYONE });
          return false;
        }
        // Draw to hand size + 2 bonus, then put back down to the hand size (4.0 step 2).
        const size = handSize(d as OphidianState, p);
        draw(d, p, Math.max(0, size + RULES.bonus - zoneSize(d.zones, zoneOf(p, HAND))));
        return true;
      },
      onClose(d, by) {
        if (by < 0) {
          // A scrap: ask again.
          openWindow(d, 'redraw', [d.maneuver[0]!]);
          return;
        }
        const p = d.maneuver[0]!;
        if (zoneSize(d.zones, zoneOf(p, HAND)) > handSize(d as OphidianState, p)) openWindow(d, 'bottom', [p]);
        else {
          d.maneuver = d.maneuver.slice(1);
          nextRedraw(d);
        }
      },
    };

export const bottomWindow: Window = {
      moves(s, p) {
        const names = handAnswers(s.t).bottom;
        return s.zones.cards[zoneOf(p, HAND)]!.slice().sort(byNumber).map((c) => names[c]!);
      },
      play(d, p, a) {
        // Out of the hand to the bottom of the Arsenal (index 0), known only to p from now on.
        const c = Number(a.split(':')[1]);
        const h = zoneOf(p, HAND);
        const z = zoneOf(p, ARSENAL);
        const i = d.zones.cards[h]!.indexOf(c);
        if (i < 0) throw new Error(`ophidian: bottom: card ${c} is not in seat ${p}'s hand`);
        const cards = d.zones.cards.slice();
        const known = d.zones.known.slice();
        const hand = cards[h]!.slice();
        const handKnown = known[h]!.slice();
        hand.splice(i, 1);
        handKnown.splice(i, 1);
        cards[h] = hand;
        known[h] = handKnown;
        cards[z] = [c, ...cards[z]!];
        known[z] = [seatBit(p), ...known[z]!];
        d.zones = { kinds: d.zones.kinds, cards, known, unseen: d.zones.unseen };
        return true;
      },
      onClose(d) {
        const p = d.maneuver[0]!;
        if (zoneSize(d.zones, zoneOf(p, HAND)) > handSize(d as OphidianState, p)) openWindow(d, 'bottom', [p]);
        else if (d.breather === 1) {
          d.maneuver = d.maneuver.slice(1);
          nextRedraw(d);
        } else if (d.breather === SETUP) setupBottomDone(d);
      },
    };

export const maintainWindow: Window = {
      moves: () => MAINTAIN_ANSWERS,
      play(d, p, a, c) {
        if (a === 'keep') d.cp = setAt(d.cp, p, d.cp[p]! - strat(d as OphidianState, c).maintain!);
        else removeFromPlay(d, c, false);
        return true;
      },
      onClose(d) {
        d.maneuver = d.maneuver.slice(1);
        continueBreather(d);
      },
    };

export const promoteWindow: Window = {
      moves: (s, p) => promoteMoves(s, p),
      play(d, p, a) {
        if (a.startsWith('promote')) {
          const g = Number(a.split(':')[1]);
          d.lvl = setAt(d.lvl, g, d.lvl[g]! + 1);
          fire(d, 'promoted', g, g);
          heal(d, g, 1); // a Promoted Gladiator Heals 1 Wound (the event `healed` when it had one)
        }
        return true;
      },
      onClose(d) {
        if (d.stack.length === 0) breatherStepDone(d);
      },
    };

/**
 * A Breather decision is done: if it made events ("After a Gladiator is Promoted", or what
 * continuous effects did), their event chain comes first — from the player with the Flow (the
 * one step 1 chose), then clockwise, until all pass in a row (8.0: Responses are played before
 * anything else happens) — and rules.ts resumes the Breather when it closes.
 */
export function breatherStepDone(d: D): void {
  if (d.events.length > 0 && d.winner === -1) return startChain(d);
  continueBreather(d);
}

export const reinforceWindow: Window = {
      moves: () => REINFORCE_ANSWERS,
      play(d, p, a) {
        if (a === 'reinforce') d.loc = setAt(d.loc, d.t.reinforcement[p]!, LOC.support);
        return true;
      },
      onClose(d) {
        if (d.stack.length === 0) breatherStepDone(d);
      },
    };

export const maneuverWindow: Window = {
      moves: () => MANEUVER_ANSWERS,
      play(d, _p, a, c) {
        d.loc = setAt(d.loc, c, a === 'field:action' ? LOC.action : LOC.support);
        return true;
      },
      onClose(d) {
        d.maneuver = d.maneuver.slice(1);
        if (d.maneuver.length) openWindow(d, 'maneuver', [controller(d as OphidianState, d.maneuver[0]!)], d.maneuver[0]!);
        else if (d.breather === 5) continueBreather(d);
      },
    };

/** Setup (3.1): after each player put its bonus cards at the bottom, the next one does; then the Maneuver. */
export function setupBottomDone(d: D): void {
  d.maneuver = d.maneuver.slice(1);
  if (d.maneuver.length) {
    openWindow(d, 'bottom', [d.maneuver[0]!]);
    return;
  }
  d.breather = -1;
  d.maneuver = maneuverQueue(d as OphidianState);
  openWindow(d, 'maneuver', [controller(d as OphidianState, d.maneuver[0]!)], d.maneuver[0]!);
}
