/**
 * Scripted lines of play for Superhero Gladiators (`heuristic:probe=NAME`): fixed
 * strategies that ask one question each of a player — does it lose to a hero that always
 * closes in and strikes (`fight`)? to one that takes the lead and walks away (`kite`,
 * `heal`)? can it make a fight at all against one that never moves (`wait`) or one that
 * always runs (`flee`)? One hero a side (1v1); bench/superhero-gladiators/kite.ts and
 * test/strength/superhero-gladiators-probes.strength.test.ts play them.
 *
 * - `fight`: close in (step or jump next to the foe), then strike with the best close
 *   attack to the end, never walking away;
 * - `kite`: `fight` while level or behind; the moment it is ahead on Oomph share,
 *   disengage — heal if hurt and out of the foe's reach, else move to the reachable cell
 *   farthest from the foe — and hold the lead to the cap;
 * - `heal`: `kite`, and when behind by no more than its healing uses can restore, it
 *   disengages too, heals back to level out of reach and only then closes in again;
 * - `wait`: never move; strike only a foe that stands next to it;
 * - `flee`: never strike; every action, stand on the reachable cell farthest from the
 *   foe (dry land first) — the line of a side that would lose the exchange and takes
 *   the cap's verdict instead;
 * - `shoot`: strike whenever an attack reaches the foe — from range too (a distance
 *   attack: `fight` only ever strikes next to its foe) — with the attack that takes the
 *   most Oomph off it on average (odds.ts expectedDamage), else close in as `fight`:
 *   the attacking line of a hero whose best attack is at range (Lightning Lass).
 */
import { WATER } from './arena.js';
import { expectedDamage } from './odds.js';
import { powerAt, type ShgAction, type ShgState } from './state.js';

export const PROBES = ['fight', 'kite', 'heal', 'wait', 'flee', 'shoot'] as const;
export type Probe = (typeof PROBES)[number];

/** Share of its Oomph maximum hero h has left. */
const share = (s: ShgState, h: number) => Math.max(0, s.heroes[h]!.oomph) / s.setup.heroes[h]!.oomphMax;

/** The probe's choice for the hero it moves now (1v1: one hero a side). */
export function probeChoice(probe: Probe, s: ShgState, legal: readonly ShgAction[]): ShgAction {
  const grid = s.setup.map.grid;
  if (legal.some((a) => a.k === 'absorb')) return legal.find((a) => a.k === 'absorb' && a.yes) ?? legal[0]!;
  if (legal.some((a) => a.k === 'copy')) return legal[0]!;
  const me = s.order[s.turn]!;
  const foe = s.heroes.findIndex((_, h) => s.setup.side[h] !== s.setup.side[me]);
  if (legal[0]!.k === 'place') {
    // stand as near the middle as the start zone allows
    const mid = grid.size >> 1;
    return [...legal].sort((a, b) => grid.distance((a as { cell: number }).cell, mid) - grid.distance((b as { cell: number }).cell, mid))[0]!;
  }
  const here = s.heroes[me]!.cell;
  const there = s.heroes[foe]!.cell;
  const d = grid.distance(here, there);
  const strikes = legal.filter((a) => a.k === 'attack' && a.gizmo === -1 && a.target === foe);
  const bestStrike = strikes.sort((a, b) => Number((b as { p: number }).p >= 0) - Number((a as { p: number }).p >= 0))[0];
  const moves = legal.filter((a): a is ShgAction & { k: 'move' } => a.k === 'move');
  const heal = legal.find((a) => a.k === 'use' && powerAt(s, me, a.p)?.mechanic === 'healing');
  const pass = legal.find((a) => a.k === 'pass')!;
  const ahead = share(s, me) > share(s, foe) + 1e-9;
  if (probe === 'wait') return d === 1 && bestStrike ? bestStrike : pass;
  if (probe === 'shoot') {
    let best: ShgAction | undefined;
    let most = 0;
    for (const a of strikes) {
      const e = expectedDamage(s, me, (a as { p: number }).p, foe);
      if (e > most) {
        most = e;
        best = a;
      }
    }
    if (best) return best;
  }
  if (probe === 'flee') {
    const dry = (c: number) => (s.setup.map.terrain[c] === WATER ? 0 : 1);
    let best: ShgAction = pass;
    let key = d * 2 + dry(here);
    for (const m of moves) {
      const k = grid.distance(m.to, there) * 2 + dry(m.to);
      if (k > key) {
        key = k;
        best = m;
      }
    }
    return best;
  }
  const healPower = heal ? powerAt(s, me, (heal as { p: number }).p)! : null;
  const healsLeft = heal ? s.heroes[me]!.uses[(heal as { p: number }).p]! : 0;
  const deficit = s.heroes[foe]!.oomph - s.heroes[me]!.oomph; // same hero in a mirror
  const canMendGap = probe === 'heal' && !ahead && deficit > 0 && healPower !== null && healsLeft * healPower.level >= deficit;
  if ((ahead && (probe === 'kite' || probe === 'heal')) || canMendGap) {
    // a foe that can jump 4 hexes and then needs to stand next to us reaches 5 hexes
    if (heal && d > 5) return heal;
    let best: ShgAction = pass;
    let far = d;
    for (const m of moves) {
      const dm = grid.distance(m.to, there);
      if (dm > far) {
        far = dm;
        best = m;
      }
    }
    return best;
  }
  if (d === 1 && bestStrike) return bestStrike;
  // close in: a move next to the foe if one is reachable, else the nearest cell
  let best: ShgAction = pass;
  let near = d;
  for (const m of moves) {
    const dm = grid.distance(m.to, there);
    if (dm < near) {
      near = dm;
      best = m;
    }
  }
  return best;
}

