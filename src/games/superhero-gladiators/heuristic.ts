/**
 * A sensible hand-written player (the `heuristic` agent; agents/heuristics registers it).
 * Each decision scores every legal action by what it is expected to do now:
 *
 * - attacks: expected Oomph taken off the target (hit chance x damage after defenses,
 *   missile deflection and darkness), as a share of what the target has left, with a
 *   bonus for a likely knockout; an entangle is worth a share of the target's threat;
 * - movement: "close in when the fight pays, keep away when it does not": when its side
 *   would not lose the fight both sides would have if they met (race.ts's damage race to
 *   a knockout or the cap, within 0.1 of even) or is behind on Oomph share (the turn cap
 *   would go against it), a cell is worth what it could attack from there next;
 *   otherwise a cell in a foe's reach costs more than any blow struck from it (step out
 *   of reach rather than trade) and distance and cover from distance attacks count —
 *   but a hero next to a foe and not ahead strikes first (a hit is the lead);
 * - powers when they pay: heal when hurt, switch defenses on when a foe can strike,
 *   darkness against a distance attacker it blinds, a force wall toward a foe that
 *   out-shoots it, desolidify when low and threatened, escape an entangle if it can
 *   afford to.
 * Windows: always absorb; copy the power that scores best (attacks first).
 * Deterministic: ties go to the first legal action.
 */
import type { AgentFactory } from '../../core/agent.js';
import { invalid } from '../../core/errors.js';
import { WATER } from './arena.js';
import type { Power } from './builder.js';
import { conscious, sees, slotOf } from './rules.js';
import { fightIfMet } from './race.js';
import { PROBES, probeChoice, type Probe } from './probes.js';
import { attackSlots, deflects, env, expectedDamage, hitChance, isRanged, rawDamage, throughDefenses } from './odds.js';
import { powerAt, type ShgAction, type ShgState } from './state.js';

/** Best expected damage of `a` on `t` per action: close attacks count only when `adjacent`, ranged only with sight. */
function threat(s: ShgState, a: number, t: number, from: number, to: number): number {
  const grid = s.setup.map.grid;
  let best = 0;
  for (const slot of attackSlots(s, a)) {
    const ok = isRanged(s, a, slot) ? sees(s, from, to) : grid.distance(from, to) === 1;
    if (ok) best = Math.max(best, expectedDamage(s, a, slot, t));
  }
  return best;
}

/** Best expected damage of `a` on `t` anywhere (its potential), for "who out-punches whom". */
function potential(s: ShgState, a: number, t: number): number {
  let best = 0;
  for (const slot of attackSlots(s, a)) best = Math.max(best, expectedDamage(s, a, slot, t));
  return best;
}

function foesOf(s: ShgState, h: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < s.heroes.length; t++) if (s.setup.side[t] !== s.setup.side[h] && conscious(s, t)) out.push(t);
  return out;
}

/** A side's share of its Oomph maximum left (what the turn cap compares). */
function oomphShare(s: ShgState, side: number): number {
  let left = 0;
  let max = 0;
  for (let h = 0; h < s.heroes.length; h++) {
    if (s.setup.side[h] !== side) continue;
    left += s.heroes[h]!.oomph;
    max += s.setup.heroes[h]!.oomphMax;
  }
  return max > 0 ? left / max : 0;
}

/**
 * Whether hero `h` should close in: when its side would not lose the fight both sides
 * would have if they met (race.ts, within ENGAGE_MARGIN of even, so mirrors still
 * fight), or when its side is behind on its share of Oomph left (the turn cap would go
 * against it: keeping away loses).
 */
function wantsFight(s: ShgState, h: number): boolean {
  const side = s.setup.side[h]!;
  const foes = foesOf(s, h);
  if (foes.length === 0) return true;
  const behind = oomphShare(s, side) < Math.max(...foes.map((t) => oomphShare(s, s.setup.side[t]!)));
  return behind || fightIfMet(s, side) >= 0.5 - ENGAGE_MARGIN;
}

/** Whether hero `h`'s side leads every foe's side on share of Oomph left (the turn cap would go its way). */
function ahead(s: ShgState, h: number): boolean {
  const mine = oomphShare(s, s.setup.side[h]!);
  return foesOf(s, h).every((t) => mine > oomphShare(s, s.setup.side[t]!));
}

/** How far below even the fight-if-met may be and the heuristic still closes in. */
const ENGAGE_MARGIN = 0.1;

/** Worth of standing on `cell` for hero `h`, closing in (`engage`) or keeping away. */
function cellValue(s: ShgState, h: number, cell: number, engage: boolean): number {
  const foes = foesOf(s, h);
  if (foes.length === 0) return 0;
  const grid = s.setup.map.grid;
  let attack = 0;
  let danger = 0;
  for (const t of foes) {
    const tc = s.heroes[t]!.cell;
    const left = Math.max(1, s.heroes[t]!.oomph);
    attack = Math.max(attack, threat(s, h, t, cell, tc) / left);
    danger += threat(s, t, h, tc, cell);
  }
  const myLeft = Math.max(1, s.heroes[h]!.oomph);
  let nearest = Infinity;
  for (const t of foes) nearest = Math.min(nearest, grid.distance(cell, s.heroes[t]!.cell));
  const water = s.setup.map.terrain[cell] === WATER && slotOf(s, h, 'life-support') < 0 && slotOf(s, h, 'swim-fast') < 0 ? 0.02 : 0;
  if (engage) return attack - 0.5 * (danger / myLeft) - 0.01 * nearest - water; // close in
  // Keep away: standing in a foe's reach costs more than any blow struck from there, so
  // a hero that would lose the exchange steps out of reach rather than trade.
  return 0.5 * attack - 3 * (danger / myLeft) + 0.005 * nearest - water;
}

/**
 * What smashing gizmo `g` of `t` is worth: the hit chance at the gizmo penalty times
 * about three future actions of what the power would have done (its damage to this
 * hero, or what it blocks of this hero's best attack), as shares of the Oomph left.
 */
function gizmoWorth(s: ShgState, h: number, slot: number, t: number, g: number): number {
  const gp = s.setup.heroes[t]!.powers[g]!;
  const me = powerAt(s, h, slot);
  const works = me ? me.worksOn / 20 : 1;
  if (rawDamage(s, h, me) < s.setup.options.rules.gizmoBreaks) return -1;
  const pen = gp.gizmo === 'hidden-gizmo' ? s.setup.options.rules.gizmoPenaltyHidden : s.setup.options.rules.gizmoPenaltyVisible;
  const chance = works * hitChance(s, h, t, pen);
  let worth = 0;
  if (gp.mechanic === 'close-attack' || gp.mechanic === 'distance-attack') {
    worth = (hitChance(s, t, h) * gp.numbers.damage!(env(gp.level, s, t))) / Math.max(1, s.heroes[h]!.oomph);
  } else if (gp.mechanic === 'defenses') {
    let lost = 0;
    for (const a of attackSlots(s, h)) {
      const p = a < 0 ? null : powerAt(s, h, a);
      const raw = rawDamage(s, h, p);
      lost = Math.max(lost, hitChance(s, h, t) * (raw - throughDefenses(s, t, raw, p?.piercing ?? false)));
    }
    worth = lost / Math.max(1, s.heroes[t]!.oomph);
  }
  return chance * 3 * worth;
}

/** What using a power (not an attack) is worth now. */
function useWorth(s: ShgState, h: number, a: ShgAction & { k: 'use' }, p: Power, foes: readonly number[], danger: number): number {
  const r = s.heroes[h]!;
  const hero = s.setup.heroes[h]!;
  switch (p.mechanic) {
  case 'healing':
    return r.oomph < hero.oomphMax / 2 ? p.numbers.gain!(env(p.level, s, h)) / hero.oomphMax + 0.05 : -1;
  case 'defenses':
  case 'missile-deflection':
    return danger > 0 ? 0.3 * (danger / Math.max(1, r.oomph)) + 0.05 : -1;
  case 'darkness': {
    const ranged = foes.some((t) => attackSlots(s, t).some((slot) => isRanged(s, t, slot)) && sees(s, s.heroes[t]!.cell, r.cell));
    return ranged && !s.clouds.some((c) => c.cells.includes(r.cell)) ? 0.08 : -1;
  }
  case 'force-wall': {
    const grid = s.setup.map.grid;
    const ranged = foes.filter((t) => attackSlots(s, t).some((slot) => isRanged(s, t, slot)) && sees(s, s.heroes[t]!.cell, r.cell));
    if (ranged.length === 0) return -1;
    const toward = ranged.some((t) => grid.bearing(r.cell, s.heroes[t]!.cell) === a.dir);
    return toward ? 0.1 + danger / Math.max(1, r.oomph) : -1;
  }
  case 'desolidify':
    return (r.oomph < hero.oomphMax / 3 && danger > 0) || r.entangled > 0 ? 0.4 : -1;
  case 'shapeshift':
    return 0.6;
  default:
    return -1;
  }
}

function scoreAction(s: ShgState, h: number, a: ShgAction, engage: boolean): number {
  const r = s.heroes[h]!;
  const hero = s.setup.heroes[h]!;
  // Actions other than moving leave the hero where it stands.
  const here = a.k === 'move' || a.k === 'place' ? 0 : cellValue(s, h, r.cell, engage);
  switch (a.k) {
    case 'pass':
      return here - 0.001;
    case 'move':
      return cellValue(s, h, a.to, engage) - (a.p >= 0 && powerAt(s, h, a.p)!.uses !== Infinity ? 0.02 : 0);
    case 'attack': {
      const t = a.target;
      const left = Math.max(1, s.heroes[t]!.oomph);
      const p = a.p < 0 ? null : powerAt(s, h, a.p);
      if (p && p.mechanic === 'entangle') {
        if (s.heroes[t]!.entangled > 0 || deflects(s, t, p)) return -1;
        return here + hitChance(s, h, t) * (p.worksOn / 20) * (0.1 + potential(s, t, h) / Math.max(1, r.oomph));
      }
      if (a.gizmo >= 0) return here + gizmoWorth(s, h, a.p, t, a.gizmo);
      const exp = expectedDamage(s, h, a.p, t);
      const ko = exp >= left ? 0.5 : 0;
      // Keeping away but not ahead, a blow struck first is the way to the lead (then walk
      // away with it): standing in reach does not count against the strike.
      const from = engage || ahead(s, h) ? here : cellValue(s, h, r.cell, true);
      return from + exp / left + ko + (p && p.uses !== Infinity ? -0.05 : 0);
    }
    case 'wall':
      return here + 0.005;
    case 'escape': {
      const cost = s.setup.numbers.entangle.escapeCost(env(r.entangled, s, h));
      const need = s.setup.numbers.entangle.escapeAtLeast(env(r.entangled, s, h));
      const chance = Math.max(0, Math.min(1, (21 - need) / 20));
      return here + (cost * 2 < r.oomph ? chance * 0.5 - cost / Math.max(1, r.oomph) : -1);
    }
    case 'use': {
      const p = powerAt(s, h, a.p)!;
      const foes = foesOf(s, h);
      const danger = foes.reduce((acc, t) => acc + threat(s, t, h, s.heroes[t]!.cell, r.cell), 0);
      return here + useWorth(s, h, a, p, foes, danger);
    }
    case 'place': {
      // Stand where the hero would like to be once the fight starts.
      const placed = foesOf(s, h).filter((t) => s.heroes[t]!.cell >= 0);
      if (placed.length === 0) {
        const grid = s.setup.map.grid;
        const centre = grid.cellAtOffset(grid.cols >> 1, grid.rows >> 1);
        return -grid.distance(a.cell, centre) / 100;
      }
      return cellValue(s, h, a.cell, engage);
    }
    default:
      return 0;
  }
}

/** The heuristic's choice among `legal` in state `s` (the acting hero is the flow's current actor). */
export function heuristicChoice(s: ShgState, legal: readonly ShgAction[]): ShgAction {
  if (legal.length === 1) return legal[0]!;
  const first = legal[0]!;
  if (first.k === 'absorb') return legal.find((a) => a.k === 'absorb' && a.yes) ?? first;
  if (first.k === 'copy') {
    const rank = (a: ShgAction) => {
      if (a.k !== 'copy' || a.slot < 0) return 0;
      const t = s.stack[s.stack.length - 1]!.data;
      const p = s.setup.heroes[t]!.powers[a.slot]!;
      return p.mechanic === 'close-attack' || p.mechanic === 'distance-attack' ? 3 + p.level : p.mechanic === 'defenses' ? 2 + p.level : 1;
    };
    return legal.reduce((b, a) => (rank(a) > rank(b) ? a : b), first);
  }
  const h = s.order[s.turn]!;
  const engage = s.round > 0 ? wantsFight(s, h) : true;
  let best: ShgAction = first;
  let bestScore = -Infinity;
  for (const a of legal) {
    const v = scoreAction(s, h, a, engage);
    if (v > bestScore) {
      bestScore = v;
      best = a;
    }
  }
  return best;
}

export { expectedDamage };

/**
 * The `heuristic` agent (registered in agents/heuristics/index.ts). Deterministic. One
 * parameter: `probe=fight|kite|heal|wait|flee|shoot` plays that scripted line instead
 * (probes.ts; one hero a side).
 */
export const superheroGladiatorsHeuristic: AgentFactory = ({ spec, params }) => {
  const where = `agent spec ${JSON.stringify(spec)}`;
  for (const key of Object.keys(params)) if (key !== 'probe') throw invalid(where, key, params[key]!, 'the superhero-gladiators heuristic takes only probe');
  const probe = params['probe'];
  if (probe !== undefined) {
    if (!(PROBES as readonly string[]).includes(probe)) throw invalid(where, 'probe', probe, PROBES.join(', '));
    return { spec, act: (ctx) => probeChoice(probe as Probe, ctx.obs as ShgState, ctx.legal as readonly ShgAction[]) };
  }
  return { spec, act: (ctx) => heuristicChoice(ctx.obs as ShgState, ctx.legal as readonly ShgAction[]) };
};
