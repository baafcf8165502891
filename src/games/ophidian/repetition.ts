/**
 * The repetition rule (an engine interpretation; README "Rules", `repetition` option): an
 * action of the Flow holder that brings the Arena back to a position it already had in this
 * Wave counts as a pass — the Flow goes to the left and the passes in a row go on (2.6).
 *
 * Why: the rulebook lets free (+) actions cycle for ever (Maximillion's Level-3 card Retreat,
 * no Set, then the standard Advance of an Unset character, 3.5), and nothing in it forbids
 * that; a player who "is out of important actions" passes (2.6), and an action after which
 * the match is exactly where it already was gained nothing but the passes in a row it reset.
 * Counting it as a pass takes away only that: every action stays legal and happens, and a
 * Wave whose positions are finite in number must end (each action either reaches a position
 * new to the Wave or counts as a pass, and every player passing in a row ends it).
 *
 * A position is what the table sees: every card's place, Wounds and Set state, CP, Cheer and
 * who holds the Flow, with the same cards in every Arsenal, hand, Scrapheap and Pyre. Cards
 * only ever leave Arsenals and hands and only ever join Scrapheaps and Pyres during a Wave
 * (no effect returns one), so `progress` — 2 × Arsenal + hand − Scrapheap − Pyre, summed over
 * players — drops at every card move and never rises; positions seen before it dropped cannot
 * come back and are forgotten. Between two drops a position is keyed by a hash of the rest
 * (53 bits; two different positions sharing one is about 1e-13 likely in a Wave).
 * Everything it reads is public, so observations and determinizations keep the same history.
 *
 * `loop` in the state: [] before the Wave's first action, else [progress, passes before the
 * action under way (-1 once it was checked), ...position keys since progress last dropped].
 */
import { setAt } from '../../core/flow.js';
import * as st from './state.js';
import type { D, OphidianState } from './state.js';
import { leftOf } from './view.js';

const { ARSENAL, HAND, PYRE, SCRAP, zoneOf } = st;

/** Drops at every card moved between an Arsenal, a hand, play, a Scrapheap and a Pyre during a Wave; never rises within one. */
export function progress(s: OphidianState): number {
  let f = 0;
  const z = s.zones.cards;
  for (let p = 0; p < s.t.players; p++) f += 2 * z[zoneOf(p, ARSENAL)]!.length + z[zoneOf(p, HAND)]!.length - z[zoneOf(p, SCRAP)]!.length - z[zoneOf(p, PYRE)]!.length;
  return f;
}

/**
 * A 53-bit hash of the position's public values that may change while no card moves.
 * Two 32-bit multiplicative hashes of the same word stream, inlined (a `mix` closure per call
 * was a third of its time: made and named on every call); the values are those it always gave.
 */
export function positionKey(s: OphidianState): number {
  let a = 0x811c9dc5 | 0;
  let b = 0x2545f491 | 0;
  const { loc, wounds, isSet, cp, cheer } = s;
  const n = loc.length;
  for (let c = 0; c < n; c++) {
    const v = (loc[c]! << 16) | (wounds[c]! << 1) | (isSet[c] ? 1 : 0);
    a = Math.imul(a ^ v, 0x01000193);
    b = Math.imul(b ^ v, 0x5bd1e995);
    b ^= b >>> 15;
  }
  for (let p = 0; p < s.t.players; p++) {
    const u = cp[p]!;
    a = Math.imul(a ^ u, 0x01000193);
    b = Math.imul(b ^ u, 0x5bd1e995);
    b ^= b >>> 15;
    const w = cheer[p]!;
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul(b ^ w, 0x5bd1e995);
    b ^= b >>> 15;
  }
  const f = s.flowHolder + 1000;
  a = Math.imul(a ^ f, 0x01000193);
  b = Math.imul(b ^ f, 0x5bd1e995);
  b ^= b >>> 15;
  return (a >>> 0) * 0x200000 + (b >>> 11);
}

/**
 * Before a Flow holder's action (actions.ts): notes the passes in a row so far; on the Wave's
 * first action, or when the last action's check did not run, records the position it starts from.
 */
export function beforeFlowAction(d: D): void {
  if (!d.repetition) return;
  const s = d as OphidianState;
  if (d.loop.length === 0 || d.loop[1] !== -1) record(d, progress(s), positionKey(s));
  d.loop = setAt(d.loop, 1, d.passes);
}

/**
 * After an action and its event chain (effects.ts endOfAction, during a Wave): a position seen
 * before in this Wave makes the action a pass (a pass itself excepted); the position is recorded.
 */
export function afterFlowAction(d: D): void {
  if (!d.repetition || d.loop.length === 0 || d.loop[1] === -1) return;
  const s = d as OphidianState;
  const before = d.loop[1]!;
  d.loop = setAt(d.loop, 1, -1);
  const f = progress(s);
  const key = positionKey(s);
  const wasPass = d.passes > before;
  if (!wasPass && f === d.loop[0] && d.loop.indexOf(key, 2) >= 0) {
    d.passes = before + 1;
    if (!d.lost) {
      // It kept the Flow ((+)): the Flow goes to the left as after a pass.
      d.plusJustMade = false;
      d.lost = true;
      d.flowHolder = leftOf(s, d.flowHolder);
    }
    record(d, f, positionKey(d as OphidianState));
    return;
  }
  record(d, f, key);
}

function record(d: D, f: number, key: number): void {
  if (d.loop.length === 0 || d.loop[0] !== f) {
    d.loop = [f, -1, key];
    return;
  }
  if (d.loop.indexOf(key, 2) < 0) d.loop = [...d.loop, key];
}

/** The Wave is over (breather.ts): the next one starts a new history. */
export function forgetPositions(d: D): void {
  if (d.loop.length) d.loop = [];
}
