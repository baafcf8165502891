/** Readable text for actions and states (logs, replays, debugging). */
import { DIRECTION_NAMES } from '../../core/hex.js';
import { actionName, type DuelAction } from './actions.js';
import { GLADIATOR_TYPES } from './options.js';
import { DRAW, END_NAMES, ONGOING, woundLevel, type DuelState, type Gladiator } from './state.js';

const WOUNDS = ['healthy', 'lightly wounded', 'badly wounded'];

export function cellLabel(s: DuelState, cell: number): string {
  return `(${cell % s.rules.cols},${Math.floor(cell / s.rules.cols)})`;
}

export function describeGladiator(s: DuelState, g: Gladiator): string {
  const flags = [WOUNDS[woundLevel(s.rules, g)]];
  if (!g.shield) flags.push(g.type === 3 ? 'no net' : 'no shield');
  if (!g.armed) flags.push('disarmed');
  if (g.ensnared) flags.push('ensnared');
  if (g.offBalance) flags.push('off balance');
  return `${GLADIATOR_TYPES[g.type]} at ${cellLabel(s, g.cell)} facing ${DIRECTION_NAMES[g.facing]}, strength ${g.strength}/${g.startStrength}, ${flags.join(', ')}`;
}

export function describeAction(s: DuelState, player: number, action: DuelAction): string {
  return `seat ${player}: ${actionName(action)}`;
}

export function describeState(s: DuelState): string {
  const head =
    s.result === ONGOING
      ? `turn ${s.turn}, seat ${s.current} to move with ${s.ap} AP${s.struck ? ' (has struck)' : ''}${s.casts > 0 ? ' (has cast)' : ''}`
      : s.result === DRAW
        ? `draw (${END_NAMES[s.end]}) after ${s.turn} turns`
        : `seat ${s.result} wins (${END_NAMES[s.end]}) on turn ${s.turn}`;
  return `${head}\n  seat 0: ${describeGladiator(s, s.g0)}\n  seat 1: ${describeGladiator(s, s.g1)}`;
}
