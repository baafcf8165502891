/**
 * Tensor view for learned agents. The observation does not depend on the arena size:
 * it describes both gladiators, their relative geometry and the turn, from the point
 * of view of the observing seat. The action index space is the action integer itself.
 */
import type { Encoder } from '../../core/game.js';
import { relativeSide } from '../../core/hex.js';
import { ACTION_COUNT, type DuelAction } from './actions.js';
import { directionTo, hexsideBonus, legalMask } from './rules.js';
import { woundLevel, type DuelState, type Gladiator } from './state.js';

const PER_GLADIATOR = 11;
export const OBSERVATION_SIZE = 2 * PER_GLADIATOR + 5 + 12 + 12 + 2 + 4;

function writeGladiator(s: DuelState, g: Gladiator, out: Float32Array, at: number): number {
  for (let t = 0; t < 4; t++) out[at + t] = g.type === t ? 1 : 0;
  out[at + 4] = g.strength / 12;
  out[at + 5] = g.startStrength / 12;
  out[at + 6] = woundLevel(s.rules, g) / 2;
  out[at + 7] = g.shield ? 1 : 0;
  out[at + 8] = g.armed ? 1 : 0;
  out[at + 9] = g.ensnared ? 1 : 0;
  out[at + 10] = g.offBalance ? 1 : 0;
  return at + PER_GLADIATOR;
}

export const duelEncoder: Encoder<DuelState, DuelAction, DuelState> = {
  version: 1,
  observationSize: OBSERVATION_SIZE,
  actionCount: ACTION_COUNT,
  encode(s, player, out) {
    out.fill(0);
    const r = s.rules;
    const me = player === 0 ? s.g0 : s.g1;
    const foe = player === 0 ? s.g1 : s.g0;
    let at = writeGladiator(s, me, out, 0);
    at = writeGladiator(s, foe, out, at);
    out[at++] = r.dist[me.cell * r.size + foe.cell]! / (r.cols + r.rows);
    out[at++] = (me.cell % r.cols) / r.cols;
    out[at++] = Math.floor(me.cell / r.cols) / r.rows;
    out[at++] = (foe.cell % r.cols) / r.cols;
    out[at++] = Math.floor(foe.cell / r.cols) / r.rows;
    out[at + me.facing] = 1;
    out[at + 6 + foe.facing] = 1;
    at += 12;
    const dir = directionTo(r, me.cell, foe.cell);
    if (dir >= 0) {
      out[at + relativeSide(me.facing, dir)] = 1;
      out[at + 6 + relativeSide(foe.facing, (dir + 3) % 6)] = 1;
      out[at + 12] = hexsideBonus(r, foe, me.cell) / 3;
      out[at + 13] = hexsideBonus(r, me, foe.cell) / 3;
    }
    at += 14;
    const mine = s.current === player;
    out[at++] = mine ? s.ap / 10 : 0;
    out[at++] = mine && s.struck ? 1 : 0;
    out[at++] = mine ? 1 : 0;
    out[at++] = s.turn / r.options.turnCap;
  },
  actionIndex(action) {
    return action;
  },
  legalMask(s, player, mask) {
    const bits = player === s.current ? legalMask(s) : 0;
    for (let a = 0; a < ACTION_COUNT; a++) mask[a] = (bits >>> a) & 1;
  },
};
