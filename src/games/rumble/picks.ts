/**
 * Choices a power's text leaves to its holder in the middle of a round ("you may", "a
 * single Attack", "a power", "a different Opponent"). Rumble's phases are simultaneous,
 * so the holder makes them at Reveal, once every Allocation is known, as standing
 * orders (`RevealChoice.picks`) that Resolution follows; without a pick a power takes
 * its documented default, which is always the first option listed here.
 *
 *   power              pick                                   options (default first)
 *   javalin            the hero it is thrown at, -1 keep it   each hero the holder attacks
 *                                                             (largest Attack first), then -1
 *   combat-roll        the attacker whose Attack is ignored,  each attacker (largest first),
 *                      -1 ignore none                         then -1
 *   lizard-dna         the attack it prevents (with its use)  each qualifying attacker, largest first
 *   disarming-strike   the power (index) `of` a hero discards,each power of the opponent the holder
 *                      -1 none                                attacks most past its Defense that the
 *                                                             Attack reaches (strongest first), then -1
 *   galactic-ray-gun   the "different Opponent" (with Helm)   each opponent, strongest first
 *   batman-captions    1 shout this round, 0 keep the words   1, 0 (if an Attack of the holder
 *                                                             exceeds its target's Defense)
 *
 * A pick matters only where there are two options or more: then the hero has a Reveal
 * decision (`revealNeeds`) and the Reveal menu offers each other option, one at a time.
 * `apply` accepts any legal pick (`checkPick`), not only the menu's.
 */
import type { Allocation, PowerPick, RumbleState } from './types.js';

/** Powers with a pick, by id. */
export const PICK_POWERS: ReadonlySet<string> = new Set(['javalin', 'combat-roll', 'lizard-dna', 'disarming-strike', 'galactic-ray-gun', 'batman-captions']);

/** Heroes attacking `hero` in the allocations, largest Attack first (ties: lower seat). */
function attackersOf(allocs: readonly (Allocation | null)[], hero: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < allocs.length; i++) if (i !== hero && (allocs[i]?.attack[hero] ?? 0) > 0) out.push(i);
  return out.sort((a, b) => allocs[b]!.attack[hero]! - allocs[a]!.attack[hero]! || a - b);
}

/** Heroes `hero` attacks, largest Attack first (ties: lower seat). */
function targetsOf(a: Allocation, hero: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < a.attack.length; j++) if (j !== hero && a.attack[j]! > 0) out.push(j);
  return out.sort((x, y) => a.attack[y]! - a.attack[x]! || x - y);
}

/**
 * Heroes `hero` attacks for more than their allocated Defense (reserve included), largest
 * Attack first: the attacks that can deal attack damage as allocated. (Powers can change
 * Defense at Resolution; where none of the holder's attacks can land this way the choice
 * is not asked and the default applies.)
 */
function landingTargetsOf(allocs: readonly (Allocation | null)[], a: Allocation, hero: number): number[] {
  return targetsOf(a, hero).filter((j) => {
    const d = allocs[j];
    return !d || a.attack[j]! > d.defense + (d.reserve ?? 0);
  });
}

function paramOf(s: RumbleState, hero: number, k: number, name: string): number {
  const held = s.heroes[hero]!.powers[k]!;
  return held.params[name] ?? s.lib.get(held.id).params[name]?.value ?? 0;
}

function livingOpponents(s: RumbleState, hero: number): number[] {
  const me = s.heroes[hero]!.controller;
  const out: number[] = [];
  for (let j = 0; j < s.heroes.length; j++) if (s.heroes[j]!.alive && s.heroes[j]!.controller !== me) out.push(j);
  return out;
}

/**
 * The options of hero `hero`'s power `k` given the revealed allocations, default first
 * (fewer than two: nothing to decide). Every option is a legal pick.
 */
export function pickOptions(s: RumbleState, allocs: readonly (Allocation | null)[], hero: number, k: number): PowerPick[] {
  const held = s.heroes[hero]!.powers[k];
  const a = allocs[hero];
  if (!held || !a) return [];
  const out: PowerPick[] = [];
  switch (held.id) {
    case 'javalin': {
      const t = targetsOf(a, hero);
      if (t.length === 0) return [];
      for (const j of t) out.push({ power: k, pick: j });
      out.push({ power: k, pick: -1 });
      return out;
    }
    case 'combat-roll': {
      // Only when the round can make it the second greatest Attack (as allocated) at a table of enough heroes.
      let alive = 0;
      for (const h of s.heroes) if (h.alive) alive++;
      if (alive < paramOf(s, hero, k, 'minHeroes')) return [];
      const mine = a.attack.reduce((x, y) => x + y, 0);
      if (mine <= 0) return [];
      const greater = new Set<number>();
      for (let i = 0; i < allocs.length; i++) {
        const t = allocs[i] && s.heroes[i]!.alive ? allocs[i]!.attack.reduce((x, y) => x + y, 0) : 0;
        if (t > mine) greater.add(t);
      }
      if (greater.size !== paramOf(s, hero, k, 'rank') - 1) return [];
      const att = attackersOf(allocs, hero);
      if (att.length === 0) return [];
      for (const i of att) out.push({ power: k, pick: i });
      out.push({ power: k, pick: -1 });
      return out;
    }
    case 'lizard-dna': {
      const e = s.heroes[hero]!.energy;
      const def = a.defense + (a.reserve ?? 0);
      for (const i of attackersOf(allocs, hero)) if (allocs[i]!.attack[hero]! >= e - def) out.push({ power: k, pick: i });
      return out;
    }
    case 'disarming-strike': {
      const t = landingTargetsOf(allocs, a, hero).filter((j) => s.heroes[j]!.controller !== s.heroes[hero]!.controller);
      if (t.length === 0) return [];
      const of = t[0]!;
      const limit = a.attack[of]!;
      const ps = s.heroes[of]!.powers;
      const eligible: number[] = [];
      for (let q = 0; q < ps.length; q++) if (ps[q]!.strength <= limit) eligible.push(q);
      if (eligible.length === 0) return [];
      // Strongest first (ties: lower index), as the default discards the strongest it reaches.
      eligible.sort((x, y) => ps[y]!.strength - ps[x]!.strength || x - y);
      for (const q of eligible) out.push({ power: k, pick: q, of });
      out.push({ power: k, pick: -1, of });
      return out;
    }
    case 'galactic-ray-gun': {
      if (!s.heroes[hero]!.powers.some((p) => p.id === 'galactic-helm')) return [];
      const opp = livingOpponents(s, hero);
      // With two opponents the "different" one is fixed by the first target.
      if (opp.length < 3 || targetsOf(a, hero).length === 0) return [];
      opp.sort((x, y) => s.heroes[y]!.energy - s.heroes[x]!.energy || x - y);
      for (const j of opp) out.push({ power: k, pick: j });
      return out;
    }
    case 'batman-captions': {
      if (held.acc >= paramOf(s, hero, k, 'words') || landingTargetsOf(allocs, a, hero).length === 0) return [];
      return [
        { power: k, pick: 1 },
        { power: k, pick: 0 },
      ];
    }
  }
  return [];
}

/** Null if `p` is a legal pick for `hero`, else what is allowed (for the one-line error). */
export function checkPick(s: RumbleState, hero: number, p: PowerPick): string | null {
  const H = s.heroes.length;
  const held = s.heroes[hero]!.powers[p.power];
  if (!held || !PICK_POWERS.has(held.id)) return `field picks.power is ${String(p.power)}; allowed: the index of a held power with a choice (${[...PICK_POWERS].join(', ')})`;
  const hero_ = (x: number, none: boolean) => Number.isInteger(x) && ((none && x === -1) || (x >= 0 && x < H && x !== hero));
  switch (held.id) {
    case 'javalin':
    case 'combat-roll':
      return hero_(p.pick, true) ? null : `field picks.pick is ${String(p.pick)}; allowed: another hero (0..${H - 1}) or -1`;
    case 'lizard-dna':
    case 'galactic-ray-gun':
      return hero_(p.pick, false) ? null : `field picks.pick is ${String(p.pick)}; allowed: another hero (0..${H - 1})`;
    case 'disarming-strike': {
      const of = p.of;
      if (of === undefined || !hero_(of, false)) return `field picks.of is ${String(of)}; allowed: another hero (0..${H - 1})`;
      const n = s.heroes[of]!.powers.length;
      return Number.isInteger(p.pick) && p.pick >= -1 && p.pick < n ? null : `field picks.pick is ${String(p.pick)}; allowed: -1..${n - 1} (a power of hero ${of}, or none)`;
    }
    case 'batman-captions':
      return p.pick === 0 || p.pick === 1 ? null : `field picks.pick is ${String(p.pick)}; allowed: 0 (keep the words) or 1 (shout)`;
  }
  return null;
}
