/**
 * Actions are small integers (fast to compare, store and index):
 *
 *   0        end the turn (unspent AP is lost)
 *   1..6     step into the neighbour on relative hexside k = action - 1, keeping facing
 *            (1 = forward into the faced hex, 2 right-front, 3 right-back, 4 back,
 *            5 left-back, 6 left-front)
 *   7, 8     pivot one hexside left (anticlockwise) / right (clockwise)
 *   9        strike the adjacent foe
 *   10       cast the net (Retiarius)
 *   11       try to escape the net (ensnared gladiator)
 */
import { RELATIVE_SIDE_NAMES } from '../../core/hex.js';

export type DuelAction = number;

export const END_TURN = 0;
/** STEP + k steps towards relative hexside k (0 = forward). */
export const STEP = 1;
export const STEP_FORWARD = 1;
export const PIVOT_LEFT = 7;
export const PIVOT_RIGHT = 8;
export const STRIKE = 9;
export const CAST_NET = 10;
export const ESCAPE_NET = 11;
export const ACTION_COUNT = 12;

export function isStep(a: DuelAction): boolean {
  return a >= STEP && a < STEP + 6;
}

export function actionName(a: DuelAction): string {
  if (a === END_TURN) return 'end turn';
  if (isStep(a)) return `step ${RELATIVE_SIDE_NAMES[a - STEP]}`;
  if (a === PIVOT_LEFT) return 'pivot left';
  if (a === PIVOT_RIGHT) return 'pivot right';
  if (a === STRIKE) return 'strike';
  if (a === CAST_NET) return 'cast net';
  if (a === ESCAPE_NET) return 'escape net';
  return `unknown action ${a}`;
}

/**
 * Frozen legal-action lists, one per bit mask of legal actions, built on first use.
 * `legalActions` returns these shared arrays; they are frozen, so no caller can
 * corrupt them.
 */
const byMask: (readonly DuelAction[] | undefined)[] = new Array(1 << ACTION_COUNT);

export function actionsOfMask(mask: number): readonly DuelAction[] {
  let list = byMask[mask];
  if (list === undefined) {
    const out: DuelAction[] = [];
    for (let a = 0; a < ACTION_COUNT; a++) if (mask & (1 << a)) out.push(a);
    list = Object.freeze(out);
    byMask[mask] = list;
  }
  return list;
}
