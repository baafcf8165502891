/**
 * Every power of the seed (Unsorted, Intermediate, Advanced and the rules-page examples),
 * each tested against its text. Hero 0 holds the power unless said otherwise.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rumble, rumbleOptions, SEED_POWERS, DATA_POWERS, type RumbleAction, type RumbleState } from '../../../src/games/rumble/index.js';
import { alloc, allocate, awardDefaults, energies, fixedGame, resolve, type HeroSpec } from './helpers.js';

const tested = new Set<string>();
const t = (id: string, name: string, fn: () => void) => {
  tested.add(id);
  it(`${id}: ${name}`, fn);
};
const two = (powers: HeroSpec['powers'], e0 = 100, e1 = 100, other: HeroSpec['powers'] = []) =>
  fixedGame([{ energy: e0, powers }, { energy: e1, powers: other }]);
const three = (h0: HeroSpec, h1: HeroSpec = { energy: 100 }, h2: HeroSpec = { energy: 100 }) => fixedGame([h0, h1, h2]);
const reveal = (s: RumbleState, choices: Record<number, object>) =>
  rumble.apply(s, rumble.toMove(s).map((p): RumbleAction => ({ t: 'reveal', heroes: [choices[p] ?? {}] })));

describe('power library', () => {
  it('holds all 45 seed powers plus the 4 rules-page examples; at least 20 are data', () => {
    expect(SEED_POWERS).toHaveLength(49);
    expect(new Set(SEED_POWERS.map((p) => p.id)).size).toBe(49);
    expect(DATA_POWERS.length).toBeGreaterThanOrEqual(20);
  });

  // ---- Rules-page examples (Precognition, Laser Eyes, Big Gnashy Claws: rules.test.ts too)
  t('regeneration', 'gain 3 Energy at the beginning of each round', () => {
    const s = two(['regeneration'], 50, 50);
    expect(s.heroes[0]!.energy).toBe(53);
    expect(allocate(s, [alloc(2, {}, 53), alloc(2, {}, 50)]).heroes[0]!.energy).toBe(56);
  });
  t('big-gnashy-claws', '+20 Attack only if no other power is used', () => {
    const s = two(['big-gnashy-claws', 'laser-eyes'], 100, 40);
    expect(allocate(s, [alloc(2, { 1: 20 }, 80), alloc(2, {}, 40)]).heroes[1]!.energy).toBe(40);
    expect(allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, {}, 40)]).heroes[1]!.energy).toBe(30);
    const used = allocate(s, [alloc(2, { 1: 30 }, 60, { uses: [{ power: 1, target: 1 }] }), alloc(2, {}, 40)]);
    expect(used.heroes[1]!.energy).toBe(40 - 5);
  });
  t('laser-eyes', 'Spend 10: 5 unavoidable damage to the chosen Hero', () => {
    const n = allocate(two(['laser-eyes']), [alloc(2, {}, 90, { uses: [{ power: 0, target: 1 }] }), alloc(2, {}, 100)]);
    expect(energies(n)).toEqual([100, 95]);
  });
  t('precognition', 'reserve assigned after the reveal', () => {
    const s = two(['precognition'], 60, 60);
    const rev = allocate(s, [alloc(2, {}, 0, { reserve: 60 }), alloc(2, { 0: 40 }, 20)]);
    const n = reveal(rev, { 0: { precog: { attack: [0, 20], defense: 40 } } });
    expect(energies(n)).toEqual([60, 60]);
    const d = reveal(rev, {});
    expect(energies(d)).toEqual([60, 60]); // default: the reserve defends
  });

  // ---- Unsorted
  t('lizard-dna', 'an attack >= Energy - Defense is prevented for 10 Energy and the power', () => {
    const s = two(['lizard-dna'], 50, 100);
    const rev = allocate(s, [alloc(2, {}, 50), alloc(2, { 0: 100 }, 0)]);
    expect(rev.phase).toBe('reveal');
    const n = reveal(rev, { 0: { uses: [{ power: 0 }] } });
    expect(n.heroes[0]!.energy).toBe(40);
    expect(n.heroes[0]!.powers).toEqual([]);
    expect(reveal(rev, {}).heroes[0]!.alive).toBe(false);
  });
  t('galactic-helm', 'the second damage in a round is prevented', () => {
    const s = three({ energy: 100, powers: ['galactic-helm'] });
    const n = resolve(s, [alloc(3, {}, 100), alloc(3, { 0: 50 }, 50), alloc(3, { 0: 70 }, 30)]);
    // 120 attack vs 100 Defense: the largest attack is blocked first, 20 damage from hero 1... once.
    expect(n.heroes[0]!.energy).toBe(80);
    const m = resolve(s, [alloc(3, { 1: 100 }, 0), alloc(3, { 0: 30 }, 70), alloc(3, { 0: 20 }, 80)]);
    expect(m.heroes[0]!.energy).toBe(100 - 30); // 30 taken first, the 20 prevented
  });
  t('galactic-ray-gun', 'the first damage in a round is doubled; with the Helm it also hits another opponent', () => {
    const s = three({ energy: 100, powers: ['galactic-ray-gun'] }, { energy: 100 }, { energy: 100 });
    const n = allocate(s, [alloc(3, { 1: 30 }, 70), alloc(3, {}, 100), alloc(3, {}, 100)]);
    expect(energies(n)).toEqual([100, 100, 100]);
    const m = allocate(s, [alloc(3, { 1: 30 }, 70), alloc(3, { 2: 80 }, 20), alloc(3, {}, 100)]);
    expect(m.heroes[1]!.energy).toBe(100 - 20); // (30 - 20) doubled
    const both = three({ energy: 100, powers: ['galactic-ray-gun', 'galactic-helm'] }, { energy: 100 }, { energy: 90 });
    const k = allocate(both, [alloc(3, { 1: 30 }, 70), alloc(3, { 2: 80 }, 20), alloc(3, {}, 90)]);
    expect(energies(k)).toEqual([100, 80, 70]);
  });
  t('combat-training', '+10 damage to each Attack', () => {
    const n = allocate(two(['combat-training'], 100, 25), [alloc(2, { 1: 20 }, 80), alloc(2, {}, 25)]);
    expect(n.heroes[1]!.energy).toBe(20);
  });
  t('wind-up-punch', 'doubles Attacks after a round without attacking, never in round 1', () => {
    const s = two(['wind-up-punch'], 100, 100);
    const r1 = allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, {}, 30 + 70)]);
    expect(r1.heroes[1]!.energy).toBe(100); // round 1: 30 vs 100 Defense
    const quiet = allocate(s, [alloc(2, {}, 100), alloc(2, {}, 100)]);
    const r2 = allocate(quiet, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 50 }, 50)]);
    expect(r2.heroes[1]!.energy).toBe(90); // 60 vs 50
    const r3 = allocate(r2, [alloc(2, { 1: 30 }, 70), alloc(2, {}, 90)]);
    expect(r3.heroes[1]!.energy).toBe(90); // attacked last round: 30 vs 90
  });
  t('air-strike', 'Spend X: X damage to each player, including you, through Defense', () => {
    const n = allocate(two(['air-strike']), [alloc(2, {}, 80, { uses: [{ power: 0, x: 20 }] }), alloc(2, {}, 100)]);
    expect(energies(n)).toEqual([80, 80]);
  });
  t('shieldbreaker', 'an Attack greater than the Defense ignores it', () => {
    const s = two(['shieldbreaker'], 100, 100);
    expect(allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 80 }, 20)]).heroes[1]!.energy).toBe(70);
    expect(allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, {}, 100)]).heroes[1]!.energy).toBe(100);
  });
  t('batman-captions', '+5 to each source of damage while unused words last', () => {
    const s = fixedGame([{ energy: 100, powers: [{ id: 'batman-captions', params: { words: 1 } }] }, { energy: 100 }]);
    const n = resolve(s, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 80 }, 20)]);
    expect(energies(n)).toEqual([90, 85]); // 10 + 5
    const m = resolve(n, [alloc(2, { 1: 30 }, 60), alloc(2, { 0: 65 }, 20)]);
    expect(m.heroes[1]!.energy).toBe(75); // out of words: no bonus
  });
  t('blood-rage', 'a round attacking for less than 10 deals you 10 damage', () => {
    const s = two(['blood-rage']);
    expect(allocate(s, [alloc(2, { 1: 5 }, 95), alloc(2, {}, 100)]).heroes[0]!.energy).toBe(90);
    expect(allocate(s, [alloc(2, { 1: 10 }, 90), alloc(2, {}, 100)]).heroes[0]!.energy).toBe(100);
  });
  t('disagreeable-when-angry', 'the first Attack of 20+ against you gains 50, once', () => {
    const s = two(['disagreeable-when-angry']);
    const n = allocate(s, [alloc(2, {}, 100), alloc(2, { 0: 20 }, 80)]);
    expect(n.heroes[0]!.energy).toBe(150);
    const m = allocate(n, [alloc(2, {}, 150), alloc(2, { 0: 20 }, 80)]);
    expect(m.heroes[0]!.energy).toBe(150);
    expect(allocate(s, [alloc(2, {}, 100), alloc(2, { 0: 19 }, 81)]).heroes[0]!.energy).toBe(100);
  });
  t('quick-reflexes', 'Burn 5: Attack reassigned to Defense at Reveal', () => {
    const s = two(['quick-reflexes'], 100, 100, ['sharp-knives']);
    const rev = allocate(s, [alloc(2, { 1: 45 }, 50, { uses: [{ power: 0 }] }), alloc(2, { 0: 80 }, 20)]);
    expect(rev.phase).toBe('reveal');
    expect(reveal(rev, { 0: { reflex: 30 } }).heroes[0]!.energy).toBe(95);
    expect(reveal(rev, {}).heroes[0]!.energy).toBe(100 - 5 - 30);
  });
  t('expert-training', 'a doubled number works in play (the auction step is in auction.test.ts)', () => {
    const doubled = fixedGame([{ energy: 10, powers: [{ id: 'tough-skin', params: { bonus: 40 } }] }, { energy: 100 }]);
    expect(allocate(doubled, [alloc(2, {}, 10), alloc(2, { 0: 50 }, 50)]).heroes[0]!.energy).toBe(10);
    const halved = fixedGame([{ energy: 10, powers: [{ id: 'tough-skin', params: { bonus: 10 } }] }, { energy: 100 }]);
    expect(allocate(halved, [alloc(2, {}, 10), alloc(2, { 0: 50 }, 50)]).heroes[0]!.alive).toBe(false);
  });
  t('technical-training', 'Spend and Burn costs are 5 less', () => {
    const s = two(['technical-training', 'laser-eyes']);
    const n = allocate(s, [alloc(2, {}, 95, { uses: [{ power: 1, target: 1 }] }), alloc(2, {}, 100)]);
    expect(energies(n)).toEqual([100, 95]);
    expect(() => allocate(s, [alloc(2, {}, 90, { uses: [{ power: 1, target: 1 }] }), alloc(2, {}, 100)])).toThrow(/total is 95/);
  });
  t('combat-roll', 'with the second greatest Attack (3+ heroes) the largest Attack against you is ignored', () => {
    const s = three({ energy: 100, powers: ['combat-roll'] });
    const n = allocate(s, [alloc(3, { 2: 30 }, 70), alloc(3, { 0: 90 }, 10), alloc(3, { 0: 10 }, 90)]);
    expect(n.heroes[0]!.energy).toBe(100); // the 90 is ignored, the 10 is blocked
    const m = allocate(s, [alloc(3, { 2: 5 }, 95), alloc(3, { 0: 90 }, 10), alloc(3, { 0: 20 }, 80)]);
    expect(m.heroes[0]!.energy).toBe(100 - 15); // third greatest: no roll
  });
  t('reflex-training', '+10 Defense', () => {
    expect(allocate(two(['reflex-training'], 50), [alloc(2, {}, 50), alloc(2, { 0: 60 }, 40)]).heroes[0]!.energy).toBe(50);
    expect(allocate(two(['reflex-training'], 50), [alloc(2, {}, 50), alloc(2, { 0: 61 }, 39)]).heroes[0]!.energy).toBe(49);
  });
  t('flight', 'Burn 5: all Attacks by and against you are zero', () => {
    const n = allocate(two(['flight']), [alloc(2, { 1: 45 }, 50, { uses: [{ power: 0 }] }), alloc(2, { 0: 100 }, 0)]);
    expect(energies(n)).toEqual([95, 100]);
  });
  t('green-gas-bombs', 'Spend 5, Exhaust 3: +50 Defense', () => {
    const n = allocate(two(['green-gas-bombs'], 100, 150), [alloc(2, {}, 95, { uses: [{ power: 0 }] }), alloc(2, { 0: 150 }, 0)]);
    expect(n.heroes[0]!.energy).toBe(95); // 145 Defense against 150
  });
  t('hyper-immune-system', 'gain 10 at the end of a round in which you lost Energy', () => {
    const s = two(['hyper-immune-system']);
    expect(allocate(s, [alloc(2, {}, 100), alloc(2, { 0: 100 }, 0)]).heroes[0]!.energy).toBe(100);
    expect(allocate(s, [alloc(2, { 1: 10 }, 90), alloc(2, { 0: 100 }, 0)]).heroes[0]!.energy).toBe(100 - 10 + 10);
  });
  t('lightning-strike', 'Burn 10: 30 damage to the top Attack spender, ties split rounded up', () => {
    const s = three({ energy: 100, powers: ['lightning-strike'] });
    const n = allocate(s, [alloc(3, {}, 90, { uses: [{ power: 0 }] }), alloc(3, { 2: 25 }, 75), alloc(3, { 1: 25 }, 75)]);
    expect(energies(n)).toEqual([90, 85, 85]);
    const m = allocate(s, [alloc(3, {}, 90, { uses: [{ power: 0 }] }), alloc(3, { 2: 25 }, 75), alloc(3, { 1: 5 }, 95)]);
    expect(energies(m)).toEqual([90, 70, 100]);
  });
  t('meditation', 'Spend 10: gain 8 if no damage is dealt this round', () => {
    const s = two(['meditation']);
    expect(allocate(s, [alloc(2, {}, 90, { uses: [{ power: 0 }] }), alloc(2, {}, 100)]).heroes[0]!.energy).toBe(108);
    expect(allocate(s, [alloc(2, {}, 90, { uses: [{ power: 0 }] }), alloc(2, { 0: 100 }, 0)]).heroes[0]!.energy).toBe(100 - 10);
  });
  t('metal-tentacles', 'a Hero you damage has -15 Defense next round (minimum 0)', () => {
    const s = two(['metal-tentacles']);
    const n = allocate(s, [alloc(2, { 1: 60 }, 40), alloc(2, { 0: 50 }, 50)]);
    expect(energies(n)).toEqual([90, 90]);
    expect(n.heroes[1]!.defensePenalty).toBe(15);
    const m = allocate(n, [alloc(2, { 1: 20 }, 70), alloc(2, { 0: 70 }, 20)]);
    expect(m.heroes[1]!.energy).toBe(75); // 20 vs 20 - 15 = 5
  });
  t('tough-skin', '+20 Defense', () => {
    expect(allocate(two(['tough-skin'], 100, 120), [alloc(2, {}, 100), alloc(2, { 0: 120 }, 0)]).heroes[0]!.energy).toBe(100);
    expect(allocate(two(['tough-skin']), [alloc(2, { 1: 100 }, 0), alloc(2, { 0: 30 }, 70)]).heroes[0]!.energy).toBe(90);
  });
  t('perfect-balance', 'Attack on one Hero equal to Defense: +20 to each', () => {
    const s = two(['perfect-balance'], 100, 100);
    const n = allocate(s, [alloc(2, { 1: 50 }, 50), alloc(2, { 0: 70 }, 30)]);
    expect(energies(n)).toEqual([100, 60]);
    const m = allocate(s, [alloc(2, { 1: 40 }, 60), alloc(2, { 0: 70 }, 30)]);
    expect(energies(m)).toEqual([90, 90]);
  });
  t('plastic-ooze', 'Spend 10: whoever attacked you cannot Attack next turn', () => {
    const n = allocate(two(['plastic-ooze']), [alloc(2, {}, 90, { uses: [{ power: 0 }] }), alloc(2, { 0: 50 }, 50)]);
    expect(n.heroes[1]!.attackBanned).toBe(true);
    const m = allocate(n, [alloc(2, {}, n.heroes[0]!.energy), alloc(2, { 0: 100 }, 0)]);
    expect(m.heroes[0]!.energy).toBe(n.heroes[0]!.energy);
  });
  t('psuedonite', 'every Hero loses 5 per power at the end of each round (it counts itself)', () => {
    const s = fixedGame([{ energy: 100, powers: ['psuedonite', 'tough-skin'] }, { energy: 100, powers: ['flight'] }]);
    expect(energies(allocate(s, [alloc(2, {}, 100), alloc(2, {}, 100)]))).toEqual([90, 95]);
  });
  t('weak-hands', 'Attack over half your Energy deals you 5 unblockable damage', () => {
    const s = two(['weak-hands']);
    expect(allocate(s, [alloc(2, { 1: 51 }, 49), alloc(2, {}, 100)]).heroes[0]!.energy).toBe(95);
    expect(allocate(s, [alloc(2, { 1: 50 }, 50), alloc(2, {}, 100)]).heroes[0]!.energy).toBe(100);
  });
  t('zypher', 'Drain 10 turns a power aimed at you to another Hero (rules.test.ts)', () => {
    const s = three({ energy: 50, powers: ['zypher'] }, { energy: 100, powers: ['laser-eyes'] });
    const rev = allocate(s, [alloc(3, {}, 50), alloc(3, {}, 90, { uses: [{ power: 0, target: 0 }] }), alloc(3, {}, 100)]);
    const n = reveal(rev, { 0: { uses: [{ power: 0, target: 2 }] } });
    expect(energies(n)).toEqual([40, 100, 95]);
  });
  t('lighten-load', 'discard a power to gain its power strength', () => {
    const s = fixedGame([{ energy: 60, powers: ['lighten-load', { id: 'tough-skin', strength: 30 }] }, { energy: 100 }]);
    const n = allocate(s, [alloc(2, {}, 60, { uses: [{ power: 0, target: 1 }] }), alloc(2, {}, 100)]);
    expect(n.heroes[0]!.energy).toBe(90);
    expect(n.heroes[0]!.powers.map((p) => p.id)).toEqual(['lighten-load']);
  });
  t('alternate-universe', 'swapped for a random other power at its bid (auction.test.ts)', () => {
    expect(SEED_POWERS.find((p) => p.id === 'alternate-universe')!.onWin).toBe('alternate-universe');
  });
  t('lazer-eyes', 'Spend 10: the chosen Hero takes +10 from each damage source this round', () => {
    const s = three({ energy: 100, powers: ['lazer-eyes'] });
    const n = allocate(s, [alloc(3, { 1: 30 }, 60, { uses: [{ power: 0, target: 1 }] }), alloc(3, { 2: 80 }, 20), alloc(3, { 1: 30 }, 70)]);
    // Hero 1: 60 Attack vs 20 Defense; two sources each +10 -> 40 + 20.
    expect(n.heroes[1]!.energy).toBe(40);
  });
  t('hypnotism', 'Spend X: the chosen Hero must attack your chosen victim for X next round', () => {
    const s = three({ energy: 100, powers: ['hypnotism'] });
    const n = allocate(s, [alloc(3, {}, 80, { uses: [{ power: 0, x: 20, target: 1, victim: 2 }] }), alloc(3, {}, 100), alloc(3, {}, 100)]);
    expect(n.heroes[1]!.forced).toEqual([2, 20]);
    const m = allocate(n, [alloc(3, {}, 100), alloc(3, {}, 100), alloc(3, { 0: 100 }, 0)]);
    expect(m.heroes[2]!.energy).toBe(80); // 20 of hero 1's Defense became an Attack on hero 2
  });
  t('doomsday-device', 'Spend X: 70 spent over the game blows up the Earth (win)', () => {
    const s = two(['doomsday-device']);
    const n = allocate(s, [alloc(2, {}, 60, { uses: [{ power: 0, x: 40 }] }), alloc(2, {}, 100)]);
    expect(n.phase).toBe('alloc');
    const m = allocate(n, [alloc(2, {}, 70, { uses: [{ power: 0, x: 30 }] }), alloc(2, {}, 100)]);
    expect(m.phase).toBe('over');
    expect(rumble.returns(m)).toEqual([1, 0]);
    expect(m.end).toBe('alt-win');
  });
  t('hidden-clone', 'instead of dying: discard it, Energy set to 50', () => {
    const n = allocate(two(['hidden-clone'], 30), [alloc(2, {}, 30), alloc(2, { 0: 100 }, 0)]);
    expect(n.heroes[0]).toMatchObject({ alive: true, energy: 50, powers: [] });
  });
  t('barter-with-fate', 'at Reveal, discard a power to prevent all damage to you', () => {
    const s = fixedGame([{ energy: 50, powers: ['barter-with-fate', 'tough-skin'] }, { energy: 100 }]);
    const rev = allocate(s, [alloc(2, {}, 50), alloc(2, { 0: 100 }, 0)]);
    const n = reveal(rev, { 0: { uses: [{ power: 0, target: 1 }] } });
    expect(n.heroes[0]).toMatchObject({ energy: 50, alive: true });
    expect(n.heroes[0]!.powers.map((p) => p.id)).toEqual(['barter-with-fate']);
  });
  t('javalin', 'attacking adds 20 unblockable damage and the target gains the Javalin', () => {
    const n = resolve(two(['javalin']), [alloc(2, { 1: 10 }, 90), alloc(2, {}, 100)]);
    expect(n.heroes[1]!.energy).toBe(80);
    expect(n.heroes[1]!.powers.map((p) => p.id)).toEqual(['javalin']);
    expect(n.heroes[0]!.powers).toEqual([]);
  });
  t('pure-energy-being', 'gain half the Energy bid on all powers (auction.test.ts)', () => {
    expect(SEED_POWERS.find((p) => p.id === 'pure-energy-being')!.onWin).toBe('pure-energy');
  });
  t('friends-with-death', 'ending a round with 1-5 Energy wins', () => {
    const n = allocate(two(['friends-with-death'], 20), [alloc(2, {}, 20), alloc(2, { 0: 35 }, 65)]);
    expect(n.phase).toBe('over');
    expect(rumble.returns(n)).toEqual([1, 0]);
  });
  t('clockwork-being', 'cannot lose until round 12, then loses', () => {
    let s = two(['clockwork-being'], 10, 100);
    s = allocate(s, [alloc(2, {}, 10), alloc(2, { 0: 100 }, 0)]);
    expect(s.heroes[0]).toMatchObject({ alive: true, energy: -80 });
    while (s.phase !== 'over') s = allocate(s, [alloc(2, {}, 0), alloc(2, {}, s.heroes[1]!.energy)]);
    expect(s.round).toBe(12);
    expect(rumble.returns(s)).toEqual([0, 1]);
  });

  // ---- Intermediate
  t('bomberman', 'on death: 30 damage to each other player, revive with 1, discard', () => {
    const n = allocate(three({ energy: 20, powers: ['bomberman'] }), [alloc(3, {}, 20), alloc(3, { 0: 60 }, 40), alloc(3, {}, 100)]);
    expect(energies(n)).toEqual([1, 70, 70]);
    expect(n.heroes[0]!.powers).toEqual([]);
  });
  t('disarming-strike', 'a Hero you damage discards a power of strength <= your Attack', () => {
    const s = fixedGame([{ energy: 100, powers: ['disarming-strike'] }, { energy: 100, powers: [{ id: 'tough-skin', strength: 45 }, { id: 'flight', strength: 20 }] }]);
    const n = resolve(s, [alloc(2, { 1: 40 }, 60), alloc(2, { 0: 90 }, 10)]);
    expect(n.heroes[1]!.powers.map((p) => p.id)).toEqual(['tough-skin']);
  });
  t('sharp-knives', 'attack damage bleeds 2 unblockable for the next two rounds', () => {
    const s = two(['sharp-knives']);
    let n = allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 70 }, 30)]);
    expect(energies(n)).toEqual([100, 100]);
    n = allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 80 }, 20)]);
    expect(energies(n)).toEqual([90, 90]);
    n = allocate(n, [alloc(2, {}, 90), alloc(2, {}, 90)]);
    expect(n.heroes[1]!.energy).toBe(88);
    n = allocate(n, [alloc(2, {}, 90), alloc(2, {}, 88)]);
    expect(n.heroes[1]!.energy).toBe(86);
    n = allocate(n, [alloc(2, {}, 90), alloc(2, {}, 86)]);
    expect(n.heroes[1]!.energy).toBe(86);
  });
  t('sidekick', 'a 50-Energy Hero its owner controls; the owner wins if only it stands', () => {
    const opts = rumbleOptions({ players: 2, mustAssignAll: false, auction: { pool: 'list', list: ['sidekick'] } });
    const a = awardDefaults(rumble.apply(rumble.setup(opts, 1), [{ t: 'bid', bids: [10] }, { t: 'bid', bids: [0] }]));
    expect(a.heroes).toHaveLength(3);
    const none = alloc(3, {}, 0);
    // Hero 0 falls; its Sidekick (hero 2) keeps fighting for player 0.
    let n = rumble.apply(a, [{ t: 'alloc', heroes: [none, alloc(3, {}, 50)] }, { t: 'alloc', heroes: [alloc(3, { 0: 100 }, 0)] }]);
    expect(n.heroes[0]!.alive).toBe(false);
    expect(rumble.toMove(n)).toEqual([0, 1]);
    n = rumble.apply(n, [{ t: 'alloc', heroes: [alloc(3, { 1: 50 }, 0)] }, { t: 'alloc', heroes: [none] }]);
    expect(n.heroes[1]!.energy).toBe(50);
    n = rumble.apply(n, [{ t: 'alloc', heroes: [alloc(3, { 1: 50 }, 0)] }, { t: 'alloc', heroes: [none] }]);
    expect(rumble.returns(n)).toEqual([1, 0]);
  });
  t('ninja-training', 'Attacks below its power strength are ignored', () => {
    const s = fixedGame([{ energy: 100, powers: [{ id: 'ninja-training', strength: 25 }] }, { energy: 100 }]);
    expect(allocate(s, [alloc(2, { 1: 100 }, 0), alloc(2, { 0: 24 }, 76)]).heroes[0]!.energy).toBe(100);
    expect(allocate(s, [alloc(2, { 1: 100 }, 0), alloc(2, { 0: 25 }, 75)]).heroes[0]!.energy).toBe(75);
  });

  // ---- Advanced
  t('psionic-head-exploding-rays', 'Spend X > their Defense: they lose at the end of the next round', () => {
    const s = three({ energy: 100, powers: ['psionic-head-exploding-rays'] });
    const n = allocate(s, [alloc(3, {}, 70, { uses: [{ power: 0, x: 30, target: 1 }] }), alloc(3, { 2: 80 }, 20), alloc(3, {}, 100)]);
    expect(n.heroes[1]!.doomRound).toBe(2);
    const m = allocate(n, [alloc(3, {}, 100), alloc(3, {}, 100), alloc(3, {}, 100)]);
    expect(m.heroes[1]!.alive).toBe(false);
    const safe = allocate(s, [alloc(3, {}, 70, { uses: [{ power: 0, x: 30, target: 1 }] }), alloc(3, {}, 100), alloc(3, {}, 100)]);
    expect(safe.heroes[1]!.doomRound).toBe(0);
  });
  t('brainswap', 'once: swap Powers and Energy with an opponent at the end of the round; they lose Brainswap', () => {
    const s = fixedGame([{ energy: 40, powers: ['brainswap'] }, { energy: 100, powers: ['tough-skin'] }]);
    const n = allocate(s, [alloc(2, {}, 40, { uses: [{ power: 0, target: 1 }] }), alloc(2, {}, 100)]);
    expect(energies(n)).toEqual([100, 40]);
    expect(n.heroes[0]!.powers.map((p) => p.id)).toEqual(['tough-skin']);
    expect(n.heroes[1]!.powers).toEqual([]);
  });

  afterAll(() => {
    const missing = SEED_POWERS.map((p) => p.id).filter((id) => !tested.has(id));
    expect(missing).toEqual([]);
  });
});

describe('power interactions', () => {
  it('Brainswap at round end hands over powers whose round-end hooks then run safely', () => {
    const s = fixedGame([{ energy: 40, powers: ['brainswap'] }, { energy: 100, powers: ['clockwork-being', 'hyper-immune-system'] }]);
    const n = allocate(s, [alloc(2, { 1: 10 }, 30, { uses: [{ power: 0, target: 1 }] }), alloc(2, {}, 100)]);
    expect(n.heroes[0]!.powers.map((p) => p.id)).toEqual(['clockwork-being', 'hyper-immune-system']);
    expect(n.heroes[0]!.energy).toBe(100);
  });
});
