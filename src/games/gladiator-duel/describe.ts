/** Readable text for actions and states (logs, replays, debugging). */
import { DIRECTION_NAMES } from '../../core/hex.js';
import { recordDraws } from '../../core/random.js';
import { STRIKE, actionName, type DuelAction } from './actions.js';
import { applyAction, legalMask } from './rules.js';
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

/**
 * `action` as played from `s` (the state before the move; replays record it so). A strike
 * also shows its dice: the state does not keep them, but the strike draws them from the
 * state's own stream, so playing it again from `s` with the core recording its draws
 * (`recordDraws`, core/random.ts) gives them all, in order. In a determinized state the
 * stream is a fresh one, so this tells an agent nothing about the true dice.
 */
export function describeAction(s: DuelState, player: number, action: DuelAction): string {
  // Seats are numbered from 1 in every text a user reads (play, compare, tune, replay).
  const name = `seat ${player + 1}: ${actionName(action)}`;
  if (action !== STRIKE || s.current !== player || !((legalMask(s) >>> STRIKE) & 1)) return name;
  return `${name} (${strikeDiceText(s, strikeDice(s))})`;
}

/** The d6 rolls a strike from `s` draws, in order: attacker, defender, then any further die. */
export function strikeDice(s: DuelState): readonly number[] {
  return recordDraws(s, () => applyAction(s, STRIKE)).draws;
}

/**
 * "attacker 5, defender 2" and the further die named by what it decides: after a double
 * 1 the weapon that breaks, after a double 2 the mob's thumbs; otherwise the defender's
 * saving throw and, when he lies helpless, the mob.
 */
function strikeDiceText(s: DuelState, rolls: readonly number[]): string {
  const [a, d, ...rest] = rolls;
  const double = a === d && !(a === 6 && s.rules.options.doubleSix === 'normal'); // as the engine reads a double
  const names = double ? [a === 1 ? 'weapon-break roll' : 'mob roll'] : ['saving throw', 'mob roll'];
  const parts = [`attacker rolled ${a}, defender ${d}${double ? ' (a double)' : ''}`];
  rest.forEach((r, i) => parts.push(`${names[i] ?? 'die'} ${r}`));
  return parts.join(', ');
}

export function describeState(s: DuelState): string {
  const head =
    s.result === ONGOING
      ? `turn ${s.turn}, seat ${s.current + 1} to move with ${s.ap} AP${s.struck ? ' (has struck)' : ''}${s.casts > 0 ? ' (has cast)' : ''}`
      : s.result === DRAW
        ? `draw (${END_NAMES[s.end]}) after ${s.turn} turns`
        : `seat ${s.result + 1} wins (${END_NAMES[s.end]}) on turn ${s.turn}`;
  return `${head}\n  seat 1: ${describeGladiator(s, s.g0)}\n  seat 2: ${describeGladiator(s, s.g1)}`;
}
