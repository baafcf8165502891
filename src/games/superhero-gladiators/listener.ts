/**
 * What the stalemate study reads from a fight, gathered by a listener (core/listeners.ts)
 * instead of kept in the state: `blows`, which of the blows landed came after the opening.
 * A study attaches it by name (a match config's `listeners`;
 * experiments/superhero-gladiators/stalemates.ts, the forcing-line probe).
 *
 * "After the opening": the struck hero had already had an action in the fight (a segment on
 * which it acted, so a chance to step out of reach) — a blow on a hero before its first
 * action is the placement's gift (a hero placed next to a foe who acts first), not a fight
 * the attacker forced. A hero has acted when it came before the attacker in this segment's
 * order, or an earlier segment of the fight held one of its boxes (limb boxes included).
 */
import type { GameListener, ListenerKind, Tags } from '../../core/game.js';
import type { ShgState } from './state.js';

/** Emitted by rules.ts when an attack takes Oomph off a foe hero; the detail is the struck hero. */
export const BLOW_LANDED = 'blow-landed';

/** True when hero `t` had an action in the fight before the action being applied now. */
export function hasActed(s: ShgState, t: number): boolean {
  const at = s.order.indexOf(t);
  if (s.round >= 1 && at >= 0 && at < s.turn) return true;
  const earlier = Math.min(6, Math.max(0, s.round - 1)); // segments of the fight before this one (every box after a full turn)
  return s.setup.heroes[t]!.segments.slice(0, earlier).some(Boolean);
}

/** Blows per side on a foe hero that had already acted (tag `blowsAfterOpening`). */
function blowsListener(): GameListener<ShgState> {
  let after: number[] | null = null;
  return {
    onEvent(event, s, struck) {
      if (event !== BLOW_LANDED) return;
      after ??= new Array<number>(s.setup.sides).fill(0);
      if (!hasActed(s, struck)) return;
      const side = s.setup.side[s.order[s.turn]!]!;
      after[side]!++;
    },
    tags: (s): Tags => ({ blowsAfterOpening: after ?? new Array<number>(s.setup.sides).fill(0) }),
  };
}

/** The listeners a study may attach by name (game.ts `listeners`; their tags in tagsSchema). */
export const shgListeners: Readonly<Record<string, ListenerKind<ShgState>>> = {
  blows: { description: 'tag `blowsAfterOpening`: blows landed by each side on a foe hero that had already had an action in the fight (not the placement\'s gift)', create: blowsListener },
};
