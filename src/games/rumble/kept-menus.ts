/**
 * The last menu built for each player, reused while the next state asked about has the same
 * inputs. A menu reads a few parts of the state (always the heroes list, the rules and the
 * library, and one or two more: last round's attacks, the revealed allocations, the lots),
 * never the random stream; a search's determinizations (`{ ...obs, rng }`) share all of them
 * with the observed state, so a search at one node builds each menu once instead of once per
 * iteration, and finds the very same array again (agents/mcts/node.ts `LegalRows`: no key
 * per move and visit). The heroes list is new every round, so its identity pins the round.
 * One entry per player rather than a WeakMap over every list: in random play every state is
 * new, and a map entry per state cost more in garbage collection than the menus it saved.
 */
import type { RumbleAction, RumbleState } from './types.js';

interface Kept {
  readonly heroes: RumbleState['heroes'];
  readonly opts: RumbleState['opts'];
  readonly lib: RumbleState['lib'];
  /** The menu's other inputs, compared by identity. */
  readonly a: unknown;
  readonly b: unknown;
  readonly menu: RumbleAction[];
}

export class KeptMenus {
  private readonly last: (Kept | undefined)[] = [];

  /** The menu kept for `player` if it was built from a state with these inputs, else undefined. */
  get(s: RumbleState, player: number, a: unknown, b: unknown): RumbleAction[] | undefined {
    const c = this.last[player];
    return c !== undefined && c.heroes === s.heroes && c.a === a && c.b === b && c.opts === s.opts && c.lib === s.lib ? c.menu : undefined;
  }

  /** Keeps `menu`, built for `player` from `s` (inputs `a`, `b`), and returns it. */
  keep(s: RumbleState, player: number, a: unknown, b: unknown, menu: RumbleAction[]): RumbleAction[] {
    this.last[player] = { heroes: s.heroes, opts: s.opts, lib: s.lib, a, b, menu };
    return menu;
  }
}
