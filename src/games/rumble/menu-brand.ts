/** The brand that lets `apply` trust an unchanged Allocation menu move without validating it again. */
import type { RumbleAction, RumbleState } from './types.js';

/**
 * Allocation menu moves are legal by construction, so `apply` skips validating them (a
 * tenth of a round's cost). A move is trusted only for the player and the very heroes
 * list, rules and library its menu was built from (states are immutable, and whether an
 * Allocation is legal depends on nothing else) and only while its content is what the
 * menu built: the brand keeps the move's numbers (`fingerprint`) and `apply` compares them,
 * so a move changed after it was built, a copy, or a move built by hand is validated.
 * (Freezing the menu instead cost random play a fifth of its speed.) Reveal moves are
 * always validated. test/games/rumble/menu.test.ts checks that every menu move is legal.
 */
interface Origin {
  readonly heroes: RumbleState['heroes'];
  readonly opts: RumbleState['opts'];
  readonly lib: RumbleState['lib'];
  readonly player: number;
  readonly print: readonly number[];
}
/** The brand: a hidden (non-enumerable) own property, which copies, spreads and JSON drop. */
const MENU = Symbol('rumble menu origin');

/** True if `m` is an unchanged move of `legalActions(s, player)` (Allocation menus). */
export function fromMenu(m: RumbleAction, s: RumbleState, player: number): boolean {
  const o = (m as { [MENU]?: Origin })[MENU];
  if (o === undefined || o.heroes !== s.heroes || o.opts !== s.opts || o.lib !== s.lib || o.player !== player) return false;
  return samePrint(o.print, m);
}

/** Every number of an allocation move that validation or Resolution reads, flat. */
function fingerprint(m: RumbleAction): number[] {
  const out: number[] = [];
  if (m.t !== 'alloc') return out;
  out.push(m.heroes.length);
  for (let h = 0; h < m.heroes.length; h++) {
    const a = m.heroes[h]!;
    out.push(a.attack.length);
    for (let j = 0; j < a.attack.length; j++) out.push(a.attack[j]!);
    out.push(a.defense, a.reserve ?? 0, a.uses ? a.uses.length : -1);
    if (a.uses)
      for (let k = 0; k < a.uses.length; k++) {
        const u = a.uses[k]!;
        out.push(u.power, u.x ?? -1, u.target ?? -1, u.times ?? 1, u.victim ?? -1);
      }
  }
  return out;
}

function samePrint(print: readonly number[], m: RumbleAction): boolean {
  if (m.t !== 'alloc') return false;
  const heroes = m.heroes;
  if (print[0] !== heroes.length) return false;
  let i = 1;
  for (let h = 0; h < heroes.length; h++) {
    const a = heroes[h]!;
    if (!a || !Array.isArray(a.attack) || print[i++] !== a.attack.length) return false;
    for (let j = 0; j < a.attack.length; j++) if (print[i++] !== a.attack[j]) return false;
    const uses = a.uses;
    if (print[i++] !== a.defense || print[i++] !== (a.reserve ?? 0) || print[i++] !== (uses ? uses.length : -1)) return false;
    if (uses)
      for (let k = 0; k < uses.length; k++) {
        const u = uses[k]!;
        if (print[i++] !== u.power || print[i++] !== (u.x ?? -1) || print[i++] !== (u.target ?? -1) || print[i++] !== (u.times ?? 1) || print[i++] !== (u.victim ?? -1)) return false;
      }
  }
  return i === print.length;
}

/**
 * Brands the menu moves that use powers. A move without power uses is cheaper to
 * validate (a loop over its numbers) than to fingerprint, so it is left unbranded.
 */
export function brand(out: RumbleAction[], s: RumbleState, player: number): RumbleAction[] {
  for (const a of out) if (a.t === 'alloc' && usesPowers(a)) Object.defineProperty(a, MENU, { value: { heroes: s.heroes, opts: s.opts, lib: s.lib, player, print: fingerprint(a) } });
  return out;
}

function usesPowers(a: Extract<RumbleAction, { t: 'alloc' }>): boolean {
  for (let h = 0; h < a.heroes.length; h++) {
    const u = a.heroes[h]!.uses;
    if (u !== undefined && u.length > 0) return true;
  }
  return false;
}
