/**
 * The choices the seed's texts give a player that the engine used to make itself
 * (issue #11, "Decisions that belong to the players"), each on a scenario state built
 * from the text (003_58bc1e48e51193ca.txt): the menu offers the choice at the right
 * moment, each option does what the text says, and the old fixed choice is one option.
 */
import { describe, expect, it } from 'vitest';
import { rumble, type RevealChoice, type RumbleAction, type RumbleState } from '../../../src/games/rumble/index.js';
import { alloc, allocate, energies, fixedGame } from './helpers.js';

type Reveal = Extract<RumbleAction, { t: 'reveal' }>;

/** The Reveal menu of player `p` (one hero each): its choices for that hero. */
function revealOptions(s: RumbleState, p: number): RevealChoice[] {
  expect(s.phase).toBe('reveal');
  return rumble.legalActions(s, p).map((m) => (m as Reveal).heroes[0]!);
}

/** Resolves the Reveal with `choice` for player `p`, the first menu move for everyone else. */
function reveal(s: RumbleState, p: number, choice: RevealChoice): RumbleState {
  return rumble.apply(
    s,
    rumble.toMove(s).map((q) => (q === p ? { t: 'reveal', heroes: [choice] } : rumble.legalActions(s, q)[0]!)),
  );
}

const ids = (s: RumbleState, h: number) => s.heroes[h]!.powers.map((p) => p.id);

describe('decisions the engine used to take (issue #11)', () => {
  it('block split: "5 from each" (the Mantisman example) is offered next to the block orders, and each lands what it says', () => {
    // Mantisman (80) defends 50 against the Doctor's 40 and Plastiquegirl's 20; Plastiquegirl's
    // Sharp Knives make it "significant" which 10 points he takes.
    const s = fixedGame([{ energy: 80 }, { energy: 100 }, { energy: 100, powers: ['sharp-knives'] }]);
    const rev = allocate(s, [alloc(3, { 1: 20, 2: 10 }, 50), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 20 }, 80)]);
    const menu = revealOptions(rev, 0);
    expect(menu).toContainEqual({});
    expect(menu).toContainEqual({ blockOrder: [1] });
    expect(menu).toContainEqual({ blockAmounts: [0, 35, 15] });
    // Default (the old fixed order: the on-damage attacker blocked first): 10 from the Doctor, no bleeding.
    const byDefault = reveal(rev, 0, {});
    expect(byDefault.heroes[0]!.energy).toBe(70);
    expect(byDefault.heroes[0]!.bleed).toEqual([]);
    // Take the 10 from Plastiquegirl: her knives bleed him.
    const fromHer = reveal(rev, 0, { blockOrder: [1] });
    expect(fromHer.heroes[0]!.energy).toBe(70);
    expect(fromHer.heroes[0]!.bleed.length).toBeGreaterThan(0);
    // 5 from each: 10 damage, and her 5 points still make the knives bleed.
    const even = reveal(rev, 0, { blockAmounts: [0, 35, 15] });
    expect(even.heroes[0]!.energy).toBe(70);
    expect(even.heroes[0]!.bleed.length).toBeGreaterThan(0);
  });

  it('block order for an on-attacked power: Galactic Helm\'s "second time" follows the order the defender chooses', () => {
    // No attacker holds an on-damage power; the defender's Helm alone makes the order matter.
    const s = fixedGame([{ energy: 100, powers: ['galactic-helm'] }, { energy: 100 }, { energy: 100 }]);
    const rev = allocate(s, [alloc(3, { 1: 50, 2: 50 }, 0), alloc(3, { 0: 30 }, 70), alloc(3, { 0: 20 }, 80)]);
    const menu = revealOptions(rev, 0);
    expect(menu).toContainEqual({});
    expect(menu).toContainEqual({ blockOrder: [2] });
    // Default (largest first): the 30 lands, the 20 (second) is prevented; the other order prevents the 30.
    expect(reveal(rev, 0, {}).heroes[0]!.energy).toBe(70);
    expect(reveal(rev, 0, { blockOrder: [2] }).heroes[0]!.energy).toBe(80);
  });

  it('several uses of a costed power: "Laser Eyes ... choosing Plastiquegirl as its target both times" (the rules page example)', () => {
    // Mantisman: 70 Energy, Precognition, Laser Eyes, Big Gnashy Claws; the Doctor attacks him for 30 and
    // defends 10; Plastiquegirl defends 95.
    const s = fixedGame([{ energy: 70, powers: ['precognition', 'laser-eyes', 'big-gnashy-claws'] }, { energy: 40 }, { energy: 95 }]);
    const twice = rumble.legalActions(s, 0).filter((m) => m.t === 'alloc' && m.heroes[0]!.uses?.some((u) => u.power === 1 && u.times === 2));
    expect(twice.length).toBeGreaterThan(0);
    // The example's own move: 20 on Laser Eyes (twice, Plastiquegirl), 50 kept back.
    const rev = allocate(s, [alloc(3, {}, 0, { reserve: 50, uses: [{ power: 1, target: 2, times: 2 }] }), alloc(3, { 0: 30 }, 10), alloc(3, {}, 95)]);
    // He puts 30 into Defense and 20 into an Attack on the Doctor.
    const end = reveal(rev, 0, { precog: { attack: [0, 20, 0], defense: 30 } });
    // The Doctor takes 10, Plastiquegirl 10 (twice 5, ignoring her Defense), Mantisman nothing.
    expect(energies(end)).toEqual([70, 30, 85]);
    // Once only: 5.
    const once = reveal(allocate(s, [alloc(3, {}, 0, { reserve: 60, uses: [{ power: 1, target: 2 }] }), alloc(3, { 0: 30 }, 10), alloc(3, {}, 95)]), 0, { precog: { attack: [0, 20, 0], defense: 40 } });
    expect(once.heroes[2]!.energy).toBe(90);
  });

  it('Precognition: a split between Attack and Defense is offered besides all-Defense and all-Attack', () => {
    const s = fixedGame([{ energy: 60, powers: ['precognition'] }, { energy: 100 }, { energy: 100 }]);
    const rev = allocate(s, [alloc(3, {}, 0, { reserve: 60 }), alloc(3, { 0: 30 }, 70), alloc(3, {}, 100)]);
    const precogs = revealOptions(rev, 0).map((c) => c.precog);
    expect(precogs).toContainEqual({ attack: [0, 0, 0], defense: 60 }); // the old default
    expect(precogs.some((p) => p && p.defense === 30 && p.attack.reduce((a, b) => a + b, 0) === 30)).toBe(true);
    expect(precogs.some((p) => p && p.defense === 0)).toBe(true);
  });

  it('Quick Reflexes: "any amount of your Attack" — half is offered besides all of it', () => {
    const s = fixedGame([{ energy: 100, powers: ['quick-reflexes'] }, { energy: 100 }]);
    const rev = allocate(s, [alloc(2, { 1: 40 }, 55, { uses: [{ power: 0 }] }), alloc(2, { 0: 80 }, 20)]);
    const reflexes = revealOptions(rev, 0).map((c) => c.reflex);
    expect(reflexes).toContain(40); // the old choice: all of it
    expect(reflexes).toContain(20);
    // Half moved: Defense 75 against 80 (5 damage), Attack 20 against Defense 20 (nothing).
    const half = reveal(rev, 0, { reflex: 20 });
    expect(energies(half)).toEqual([100 - 5 - 5, 100]);
  });

  it('Javalin: whether to throw it and at whom ("you may have them gain control of Javalin")', () => {
    const s = fixedGame([{ energy: 100, powers: ['javalin'] }, { energy: 100 }, { energy: 100 }]);
    const rev = allocate(s, [alloc(3, { 1: 30, 2: 10 }, 60), alloc(3, {}, 100), alloc(3, {}, 100)]);
    const picks = revealOptions(rev, 0).map((c) => c.picks?.[0]?.pick ?? 'default');
    expect(picks).toEqual(['default', 2, -1]);
    // Default (the old rule): thrown with the largest attack, +20 unblockable, hero 1 gains it.
    const d = reveal(rev, 0, {});
    expect(energies(d)).toEqual([100, 80, 100]);
    expect(ids(d, 1)).toEqual(['javalin']);
    const at2 = reveal(rev, 0, { picks: [{ power: 0, pick: 2 }] });
    expect(energies(at2)).toEqual([100, 100, 80]);
    expect(ids(at2, 2)).toEqual(['javalin']);
    const kept = reveal(rev, 0, { picks: [{ power: 0, pick: -1 }] });
    expect(energies(kept)).toEqual([100, 100, 100]);
    expect(ids(kept, 0)).toEqual(['javalin']);
    // Naming a hero it does not attack throws nothing.
    expect(ids(reveal(rev, 0, { picks: [{ power: 0, pick: 1 }] }), 1)).toEqual(['javalin']);
  });

  it('Combat Roll: which single Attack to ignore, or none', () => {
    // Hero 0's Attack (20) is the second greatest (hero 1: 40); three heroes.
    const s = fixedGame([{ energy: 50, powers: ['combat-roll'] }, { energy: 100 }, { energy: 100 }]);
    const rev = allocate(s, [alloc(3, { 1: 20 }, 30), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 15 }, 85)]);
    const picks = revealOptions(rev, 0).map((c) => c.picks?.[0]?.pick ?? 'default');
    expect(picks).toEqual(['default', 2, -1]);
    // Default (the old rule): the largest (40) ignored; 15 against Defense 30.
    expect(reveal(rev, 0, {}).heroes[0]!.energy).toBe(50);
    expect(reveal(rev, 0, { picks: [{ power: 0, pick: 1 }] }).heroes[0]!.energy).toBe(50);
    expect(reveal(rev, 0, { picks: [{ power: 0, pick: 2 }] }).heroes[0]!.energy).toBe(50 - 10);
    expect(reveal(rev, 0, { picks: [{ power: 0, pick: -1 }] }).heroes[0]!.energy).toBe(50 - 25);
  });

  it('Lizard DNA: which qualifying attack it prevents', () => {
    // Energy 100, Defense 40: attacks of 60 or more qualify (70 and 65).
    const s = fixedGame([{ energy: 100, powers: ['lizard-dna'] }, { energy: 100 }, { energy: 100 }]);
    const rev = allocate(s, [alloc(3, { 1: 60 }, 40), alloc(3, { 0: 70 }, 30), alloc(3, { 0: 65 }, 35)]);
    const used = revealOptions(rev, 0).filter((c) => c.uses?.length && !c.blockOrder && !c.blockAmounts);
    expect(used.map((c) => c.picks?.[0]?.pick ?? 'default')).toEqual(['default', 2]);
    // Default (the old rule): the largest (70) is prevented: Defense 40 meets it first, its 30 left
    // are prevented, the 65 lands; the power is discarded and 10 Energy lost.
    const d = reveal(rev, 0, { uses: [{ power: 0 }] });
    expect(d.heroes[0]!.energy).toBe(100 - 10 - 65);
    expect(ids(d, 0)).toEqual([]);
    // The 65 prevented instead: only the 70's 30 unblocked points land.
    const other = reveal(rev, 0, { uses: [{ power: 0 }], picks: [{ power: 0, pick: 2 }] });
    expect(other.heroes[0]!.energy).toBe(100 - 10 - 30);
    // Not used: both land.
    expect(reveal(rev, 0, {}).heroes[0]!.energy).toBe(100 - 30 - 65);
  });

  it('Disarming Strike: which power the damaged hero discards (strength <= the Attack), or none', () => {
    const s = fixedGame([
      { energy: 100, powers: ['disarming-strike'] },
      { energy: 100, powers: [{ id: 'tough-skin', strength: 45 }, { id: 'combat-training', strength: 30 }, { id: 'reflex-training', strength: 10 }] },
    ]);
    const rev = allocate(s, [alloc(2, { 1: 40 }, 60), alloc(2, { 0: 100 }, 0)]);
    const picks = revealOptions(rev, 0).map((c) => c.picks?.[0] ?? 'default');
    // Tough Skin (45) is out of reach of an Attack of 40.
    expect(picks).toEqual(['default', { power: 0, pick: 2, of: 1 }, { power: 0, pick: -1, of: 1 }]);
    expect(ids(reveal(rev, 0, {}), 1)).toEqual(['tough-skin', 'reflex-training']); // the old rule: the strongest it reaches
    expect(ids(reveal(rev, 0, { picks: [{ power: 0, pick: 2, of: 1 }] }), 1)).toEqual(['tough-skin', 'combat-training']);
    expect(ids(reveal(rev, 0, { picks: [{ power: 0, pick: -1, of: 1 }] }), 1)).toEqual(['tough-skin', 'combat-training', 'reflex-training']);
    // A power the Attack does not reach falls back to the rule, never discards it.
    expect(ids(reveal(rev, 0, { picks: [{ power: 0, pick: 0, of: 1 }] }), 1)).toContain('tough-skin');
  });

  it('Galactic Ray Gun with Galactic Helm: which "different Opponent" takes the same damage', () => {
    const s = fixedGame([{ energy: 100, powers: ['galactic-ray-gun', 'galactic-helm'] }, { energy: 100 }, { energy: 90 }, { energy: 80 }], { mustAssignAll: false });
    const rev = allocate(s, [alloc(4, { 1: 30 }, 70), alloc(4, {}, 0), alloc(4, {}, 0), alloc(4, {}, 0)]);
    // Options strongest first; the first (hero 1, the one it hits) falls back to the strongest other: the old rule.
    const picks = revealOptions(rev, 0).map((c) => c.picks?.[0]?.pick ?? 'default');
    expect(picks).toEqual(['default', 2, 3]);
    // Default: the doubled 60 hits hero 1, and the same 60 the strongest other opponent (hero 2).
    expect(energies(reveal(rev, 0, {}))).toEqual([100, 40, 30, 80]);
    expect(energies(reveal(rev, 0, { picks: [{ power: 0, pick: 2 }] }))).toEqual([100, 40, 30, 80]);
    expect(energies(reveal(rev, 0, { picks: [{ power: 0, pick: 3 }] }))).toEqual([100, 40, 90, 20]);
  });

  it('Batman Captions: "you may shout" — shout this round (the old rule) or keep the words', () => {
    const s = fixedGame([{ energy: 100, powers: [{ id: 'batman-captions', params: { words: 1 } }] }, { energy: 100 }]);
    const rev = allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 100 }, 0)]);
    const picks = revealOptions(rev, 0).map((c) => c.picks?.[0]?.pick ?? 'default');
    expect(picks).toEqual(['default', 0]);
    const shout = reveal(rev, 0, {});
    expect(shout.heroes[1]!.energy).toBe(100 - 35);
    expect(shout.heroes[0]!.powers[0]!.acc).toBe(1);
    const keep = reveal(rev, 0, { picks: [{ power: 0, pick: 0 }] });
    expect(keep.heroes[1]!.energy).toBe(100 - 30);
    expect(keep.heroes[0]!.powers[0]!.acc).toBe(0);
  });

  it('Zypher: which power that targets you it turns ("choose a power that targets you")', () => {
    // Hero 1 aims Laser Eyes (5 unavoidable) at the Zypher holder, hero 2 Psionic Head Exploding Rays.
    const s = fixedGame([{ energy: 90, powers: ['zypher'] }, { energy: 90, powers: ['laser-eyes'] }, { energy: 90, powers: ['psionic-head-exploding-rays'] }, { energy: 100 }]);
    const rev = allocate(s, [
      alloc(4, {}, 90),
      alloc(4, {}, 80, { uses: [{ power: 0, target: 0 }] }),
      alloc(4, {}, 60, { uses: [{ power: 0, target: 0, x: 30 }] }).defense === 60 ? alloc(4, {}, 60, { uses: [{ power: 0, target: 0, x: 30 }] }) : alloc(4, {}, 60),
      alloc(4, {}, 100),
    ]);
    // Defense 90 against Rays of X = 30: no doom anyway. Use a defenceless holder instead.
    void rev;
    const s2 = fixedGame([{ energy: 90, powers: ['zypher'] }, { energy: 90, powers: ['laser-eyes'] }, { energy: 90, powers: ['psionic-head-exploding-rays'] }, { energy: 100 }], { mustAssignAll: false });
    const rev2 = allocate(s2, [alloc(4, { 1: 10 }, 0), alloc(4, {}, 80, { uses: [{ power: 0, target: 0 }] }), alloc(4, {}, 60, { uses: [{ power: 0, target: 0, x: 30 }] }), alloc(4, {}, 10)]);
    const zy = revealOptions(rev2, 0).filter((c) => c.uses?.length);
    // (use turned, new target): the default (the first in seat order, to the strongest
    // opponent, hero 3), the Laser Eyes back at its user (hero 1, also the weakest), the
    // Rays to the strongest, the Rays back at their user (hero 2).
    expect(zy.map((c) => [c.uses![0]!.victim ?? 'default', c.uses![0]!.target])).toEqual([['default', 3], [1, 1], [2, 3], [2, 2]]);
    const turned = zy[0]!.uses![0]!.target!;
    // Default (the old rule): the first hero in seat order (the Laser Eyes) is turned; the Rays doom the holder.
    const d = reveal(rev2, 0, zy[0]!);
    expect(d.heroes[0]!.doomRound).toBe(2);
    expect(d.heroes[0]!.energy).toBe(90 - 10);
    expect(d.heroes[3]!.energy).toBe(100 - 5);
    // The Laser Eyes turned back on the hero that aimed it: it takes the 5, not hero 3.
    const back = reveal(rev2, 0, zy[1]!);
    expect(back.heroes[1]!.energy).toBe(d.heroes[1]!.energy - 5);
    expect(back.heroes[3]!.energy).toBe(100);
    // Turning the Rays: the holder takes the Laser Eyes' 5 and is not doomed; the Rays go to the new target.
    const r = reveal(rev2, 0, zy[2]!);
    expect(r.heroes[0]!.doomRound).toBe(0);
    expect(r.heroes[0]!.energy).toBe(90 - 10 - 5);
    expect(r.heroes[turned]!.doomRound).toBe(2);
    // The Rays back at their user: the holder is spared, and hero 2 is not doomed either
    // (X = 30 does not exceed its own Defense of 60).
    const rays = reveal(rev2, 0, zy[3]!);
    expect(rays.heroes[0]!.doomRound).toBe(0);
    expect(rays.heroes[3]!.doomRound).toBe(0);
  });
});
