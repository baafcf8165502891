/** Builds fight states for rule tests: custom heroes placed on chosen cells, one hero to act. */
import { superheroGladiators as game, parseOptions } from '../../../src/games/superhero-gladiators/index.js';
import { shgFlow } from '../../../src/games/superhero-gladiators/game.js';
import type { HeroInput } from '../../../src/games/superhero-gladiators/hero.js';
import type { ShgAction, ShgState } from '../../../src/games/superhero-gladiators/state.js';
import { deepFreeze } from '../../core/contract.js';

export { game };

/** A 9 x 5 test arena: a building at (3,1), water at (3,2), a pit at (3,3). */
export const TEST_MAP = ['.........', '...#.....', '...~.....', '...o.....', '.........'];
export const COLS = 9;
export const cell = (col: number, row: number) => row * COLS + col;

export function hero(name: string, input: Partial<HeroInput> = {}): HeroInput {
  return { name, STR: 4, DEX: 4, SIZ: 4, PER: 3, ...input };
}

/** Options with the given heroes, one per side unless `teams` is given; `rules` merged in. */
export function options(heroes: HeroInput[], extra: Record<string, unknown> = {}) {
  return parseOptions({ heroes, teams: heroes.map((h) => [h.name]), arena: { map: 'custom', rows: TEST_MAP }, ...extra });
}

/** Always hit (a d20 is always <= 20) and never miss. */
export const SURE_HIT = { toHitMin: 20, toHitMax: 20 };
/** Never hit. */
export const SURE_MISS = { toHitMin: 0, toHitMax: 0 };

/**
 * The state after setup with hero i placed on cells[i], at `round` (default 1), with
 * hero `actor` to act now. Deep-frozen.
 */
export function fight(o: ReturnType<typeof parseOptions>, cells: number[], actor = 0, round = 1, seed = 1): ShgState {
  const s0 = game.setup(o, seed);
  const heroes = s0.heroes.map((r, i) => ({ ...r, cell: cells[i]! }));
  return deepFreeze({ ...s0, heroes, round, order: [actor], turn: 0, current: s0.setup.side[actor]!, phase: shgFlow.phaseIndex('act'), stack: [] });
}

/** Makes hero `actor` the one to act in `s` (same round). */
export function turnOf(s: ShgState, actor: number): ShgState {
  return deepFreeze({ ...s, order: [actor], turn: 0, current: s.setup.side[actor]!, phase: shgFlow.phaseIndex('act'), stack: [] });
}

export function legal(s: ShgState): ShgAction[] {
  return [...game.legalActions(s, game.toMove(s)[0]!)];
}

export function keys(s: ShgState): string[] {
  return legal(s).map((a) => String(game.actionKey(a)));
}

export function play(s: ShgState, a: ShgAction): ShgState {
  const k = game.actionKey(a);
  if (!keys(s).includes(String(k))) throw new Error(`not legal: ${String(k)}; legal: ${keys(s).join(' ')}`);
  return deepFreeze(game.apply(s, [a]));
}
