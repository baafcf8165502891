/**
 * Rules the review of issue #11 found wrong, each on a scenario state built from the
 * seed text (003_58bc1e48e51193ca.txt), and the fuzz regressions.
 */
import { describe, expect, it } from 'vitest';
import { rumble, rumbleOptions } from '../../../src/games/rumble/index.js';
import { alloc, allocate, awardDefaults, energies, fixedGame, resolve } from './helpers.js';

const forceField = { id: 'force-field', name: 'Force Field', effects: [{ when: 'takingDamage', once: 'round', do: [{ preventDamage: true }] }] };

describe('rules fixed after the review', () => {
  it('1. a hero at 0 or below is out at once: its round-end powers do not run', () => {
    // Hyper Immune System: 20 Energy, hit for 25 -> -5; it must not come back to 5.
    const his = fixedGame([{ energy: 20, powers: ['hyper-immune-system'] }, { energy: 100 }]);
    const n = allocate(his, [alloc(2, { 1: 20 }, 0), alloc(2, { 0: 25 }, 75)]);
    expect(n.heroes[0]).toMatchObject({ energy: -5, alive: false });
    // Brainswap by a hero brought to 0 swaps nothing (its victim keeps its Energy and lives).
    const bs = fixedGame([{ energy: 30, powers: ['brainswap'] }, { energy: 100, powers: ['tough-skin'] }]);
    const m = allocate(bs, [alloc(2, {}, 30, { uses: [{ power: 0, target: 1 }] }), alloc(2, { 0: 100 }, 0)]);
    expect(m.heroes[1]).toMatchObject({ energy: 100, alive: true });
    expect(m.heroes[1]!.powers.map((p) => p.id)).toEqual(['tough-skin']);
    expect(m.heroes[0]!.alive).toBe(false);
  });

  it('2. Javalin adds 20 unblockable damage to that attack: one damage event', () => {
    // Lazer Eyes adds 10 to each source: one event, 10 + 20 + 10 = 40 (two events gave 50).
    const s = fixedGame([{ energy: 100, powers: ['javalin', 'lazer-eyes'] }, { energy: 100 }]);
    const n = resolve(s, [alloc(2, { 1: 10 }, 80, { uses: [{ power: 1, target: 1 }] }), alloc(2, { 0: 100 }, 0)]);
    expect(n.heroes[1]!.energy).toBe(60);
    // Galactic Helm sees the Javalin attack as its first damage, so nothing is prevented.
    const h = fixedGame([{ energy: 100, powers: ['javalin'] }, { energy: 100, powers: ['galactic-helm'] }]);
    expect(resolve(h, [alloc(2, { 1: 10 }, 90), alloc(2, {}, 100)]).heroes[1]!.energy).toBe(100 - 20);
    expect(resolve(h, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 100 }, 0)]).heroes[1]!.energy).toBe(100 - 50);
  });

  it('4. Hypnotism and Psionic Head Exploding Rays have no Activate: several uses a round', () => {
    const s = fixedGame([{ energy: 100, powers: ['psionic-head-exploding-rays'] }, { energy: 100 }, { energy: 100 }]);
    const n = allocate(s, [alloc(3, {}, 40, { uses: [{ power: 0, x: 30, target: 1 }, { power: 0, x: 30, target: 2 }] }), alloc(3, {}, 100), alloc(3, { 0: 80 }, 20)]);
    expect(n.heroes[1]!.doomRound).toBe(0); // 30 is not greater than 100 Defense
    expect(n.heroes[2]!.doomRound).toBe(2); // 30 > 20: loses at the end of the next round
    const h = fixedGame([{ energy: 100, powers: ['hypnotism'] }, { energy: 100 }, { energy: 100 }]);
    expect(() => allocate(h, [alloc(3, {}, 80, { uses: [{ power: 0, x: 10, target: 1, victim: 2 }, { power: 0, x: 10, target: 2, victim: 1 }] }), alloc(3, {}, 100), alloc(3, {}, 100)])).not.toThrow();
  });

  it('5. Technical Training reduces Burn and Spend, not Drain (an option gives the wider reading); Doomsday counts Energy actually spent', () => {
    const siphon = { id: 'siphon', name: 'Siphon', use: { drain: 10, phase: 'allocation' }, effects: [{ when: 'use', do: [{ energy: 0 }] }] };
    const play = (extra: Record<string, unknown>) =>
      allocate(fixedGame([{ energy: 100, powers: ['technical-training', 'siphon'] }, { energy: 100 }], { customPowers: [siphon], ...extra }), [
        alloc(2, {}, 100, { uses: [{ power: 1 }] }),
        alloc(2, {}, 100),
      ]).heroes[0]!.energy;
    expect(play({})).toBe(90);
    expect(play({ costReductionOnDrain: true })).toBe(95);
    const dd = fixedGame([{ energy: 100, powers: ['technical-training', 'doomsday-device'] }, { energy: 100 }]);
    const acc = (x: number) => allocate(dd, [alloc(2, {}, 100 - Math.max(0, x - 5), { uses: [{ power: 1, x }] }), alloc(2, {}, 100)]).heroes[0]!.powers[1]!.acc;
    expect(acc(5)).toBe(0); // X = 5 at cost 0 spends nothing
    expect(acc(25)).toBe(20);
  });

  it('7. Metal Tentacles only marks another hero; Galactic Ray Gun doubles the first damage actually dealt', () => {
    // Air Strike X = 10 hits everyone, its holder too: only the other hero gets -15 Defense.
    const s = fixedGame([{ energy: 100, powers: ['metal-tentacles', 'air-strike'] }, { energy: 100 }]);
    const n = allocate(s, [alloc(2, {}, 90, { uses: [{ power: 1, x: 10 }] }), alloc(2, {}, 100)]);
    expect(n.heroes.map((h) => h.defensePenalty)).toEqual([0, 15]);
    // Hero 1's Force Field prevents the (doubled) attack; the Laser Eyes hit after it is the first dealt: doubled.
    const r = fixedGame([{ energy: 100, powers: ['galactic-ray-gun', 'laser-eyes'] }, { energy: 100, powers: ['force-field'] }], { customPowers: [forceField] });
    const m = allocate(r, [alloc(2, { 1: 30 }, 60, { uses: [{ power: 1, target: 1 }] }), alloc(2, { 0: 80 }, 20)]);
    expect(m.heroes[1]!.energy).toBe(100 - 10);
    expect(energies(m)[0]).toBe(100 - 20);
  });

  it('6. simultaneous effects do not depend on seat or power order (one round-end snapshot; the defender orders its attacks)', () => {
    // Psuedonite and Hyper Immune System: the holder of HIS lost nothing before the round
    // ended, so Psuedonite's loss at the same moment does not trigger it (40), in either seat order.
    const pseudo = { energy: 50, powers: ['psuedonite'] };
    const his = { energy: 50, powers: ['hyper-immune-system', 'tough-skin'] };
    const calm = [alloc(3, {}, 50), alloc(3, {}, 50), alloc(3, {}, 100)];
    const a = allocate(fixedGame([pseudo, his, { energy: 100 }]), calm);
    const b = allocate(fixedGame([his, pseudo, { energy: 100 }]), calm);
    expect(energies(a)).toEqual([45, 40, 100]);
    expect(energies(b)).toEqual([40, 45, 100]);
    // Friends With Death and Hyper Immune System on one hero at 4 after damage: it wins, in either power order.
    for (const powers of [['friends-with-death', 'hyper-immune-system'], ['hyper-immune-system', 'friends-with-death']]) {
      const s = fixedGame([{ energy: 10, powers }, { energy: 100 }]);
      const n = allocate(s, [alloc(2, {}, 10), alloc(2, { 0: 16 }, 84)]);
      expect(n.returns).toEqual([1, 0]);
    }
    // Galactic Helm prevents the second attack the defender takes; by default it takes the
    // largest first (its Defense meets it first), whichever seat the attackers sit in.
    const helm = (seats: [number, number]) => {
      const heroes = [{ energy: 100 }, { energy: 100, powers: ['galactic-helm'] }, { energy: 100 }];
      const allocs = [alloc(3, {}, 0), alloc(3, { 0: 50, 2: 50 }, 0), alloc(3, {}, 0)];
      allocs[seats[0]] = alloc(3, { 1: 30 }, 70);
      allocs[seats[1]] = alloc(3, { 1: 20 }, 80);
      return resolve(fixedGame(heroes), allocs).heroes[1]!.energy;
    };
    expect(helm([0, 2])).toBe(70);
    expect(helm([2, 0])).toBe(70);
  });

  it('8. the Sidekick hero follows its power: cashed in with Lighten Load, it leaves play; taken by Brainswap, it changes sides', () => {
    const opts = rumbleOptions({ players: 2, auction: { pool: 'list', list: ['sidekick', 'lighten-load'] } });
    const won = awardDefaults(rumble.apply(rumble.setup(opts, 1), [{ t: 'bid', bids: [20, 5] }, { t: 'bid', bids: [0, 0] }]));
    expect(won.heroes).toHaveLength(3);
    // Hero 0 discards Sidekick (power 1; on-win powers come last) with Lighten Load (power 0): +20 Energy, and the Sidekick hero is gone.
    const n = rumble.apply(won, [
      { t: 'alloc', heroes: [alloc(3, {}, 75, { uses: [{ power: 0, target: 1 }] }), alloc(3, {}, 50)] },
      { t: 'alloc', heroes: [alloc(3, {}, 100)] },
    ]);
    expect(n.heroes[0]!.energy).toBe(95);
    expect(n.heroes[2]!.alive).toBe(false);
    const swap = rumbleOptions({ players: 2, auction: { pool: 'list', list: ['sidekick', 'brainswap'] } });
    const w2 = awardDefaults(rumble.apply(rumble.setup(swap, 1), [{ t: 'bid', bids: [20, 0] }, { t: 'bid', bids: [0, 10] }]));
    // Player 1 brainswaps player 0: it now holds Sidekick, so it controls the Sidekick hero.
    const m = rumble.apply(w2, [
      { t: 'alloc', heroes: [alloc(3, {}, 80), alloc(3, {}, 50)] },
      { t: 'alloc', heroes: [alloc(3, {}, 90, { uses: [{ power: 0, target: 0 }] })] },
    ]);
    expect(m.heroes[1]!.powers.map((p) => p.id)).toEqual(['sidekick']);
    expect(m.heroes[2]).toMatchObject({ alive: true, controller: 1 });
  });

  it('8. the Sidekick hero follows its power: struck away by Disarming Strike it leaves play; flagged "will discard" no hero joins', () => {
    // Player 0 wins Sidekick (20), player 1 Disarming Strike (10); nothing else to decide but keeping them.
    const opts = rumbleOptions({ players: 2, auction: { pool: 'list', list: ['sidekick', 'disarming-strike'] } });
    const won = awardDefaults(rumble.apply(rumble.setup(opts, 1), [{ t: 'bid', bids: [20, 0] }, { t: 'bid', bids: [0, 10] }]));
    expect(won.heroes[2]).toMatchObject({ energy: 50, controller: 0, alive: true });
    // Hero 1 attacks hero 0 for 50 past a Defense of 20: it damages it, and its Attack reaches Sidekick's strength 20.
    const rev = rumble.apply(won, [
      { t: 'alloc', heroes: [alloc(3, { 1: 60 }, 20), alloc(3, {}, 50)] },
      { t: 'alloc', heroes: [alloc(3, { 0: 50 }, 40)] },
    ]);
    expect(rev.phase).toBe('reveal');
    expect(rumble.toMove(rev)).toEqual([1]);
    // Disarming Strike's choice: Sidekick (the default: the strongest it reaches) or nothing.
    const struck = rumble.apply(rev, [{ t: 'reveal', heroes: [{}] }]);
    expect(struck.heroes[0]!.powers).toEqual([]);
    expect(struck.heroes[2]!.alive).toBe(false);
    expect(rumble.toMove(struck)).toEqual([0, 1]);
    const spared = rumble.apply(rev, [{ t: 'reveal', heroes: [{ picks: [{ power: 0, pick: -1, of: 0 }] }] }]);
    expect(spared.heroes[0]!.powers.map((p) => p.id)).toEqual(['sidekick']);
    expect(spared.heroes[2]).toMatchObject({ alive: true, controller: 0 });
    // A Sidekick won with the bid flagged "will discard": paid for, and no Sidekick hero joins.
    const flagged = rumble.apply(rumble.setup(opts, 1), [{ t: 'bid', bids: [20, 0], discard: [0] }, { t: 'bid', bids: [0, 0] }]);
    expect(flagged.heroes).toHaveLength(2);
    expect(flagged.heroes[0]).toMatchObject({ energy: 80, powers: [] });
  });

  it('9. a Curse flagged for discard still goes to an opponent; Expert Training changes only powers its holder won', () => {
    const opts = rumbleOptions({ players: 2, auction: { pool: 'list', list: ['weak-hands'] } });
    const n = awardDefaults(rumble.apply(rumble.setup(opts, 1), [{ t: 'bid', bids: [10], discard: [0] }, { t: 'bid', bids: [0] }]));
    expect(n.heroes[1]!.powers.map((p) => p.id)).toEqual(['weak-hands']);
    expect(n.heroes[0]!.energy).toBe(90);
    // Player 1 wins Expert Training and receives player 0's Blood Rage curse: Blood Rage stays as written.
    const et = rumbleOptions({ players: 2, auction: { pool: 'list', list: ['blood-rage', 'expert-training'] } });
    const m = awardDefaults(rumble.apply(rumble.setup(et, 1), [{ t: 'bid', bids: [10, 0] }, { t: 'bid', bids: [0, 10] }]));
    const rage = m.heroes[1]!.powers.find((p) => p.id === 'blood-rage')!;
    expect(rage.params).toEqual({});
  });

  it('10. narrower readings on purpose, the literal ones as options: Batman Captions, Clockwork Being vs the Rays, Plastic Ooze vs Flight', () => {
    // Batman Captions (hero 0): hero 1 hits hero 2 for 10; literally any damage dealt to an opponent gets +5.
    const hit = (reading: string) => {
      const s = fixedGame([{ energy: 100, powers: ['batman-captions'] }, { energy: 100 }, { energy: 100 }], { readings: { batmanCaptions: reading } });
      return allocate(s, [alloc(3, {}, 100), alloc(3, { 2: 30 }, 70), alloc(3, { 1: 80 }, 20)]).heroes[2]!.energy;
    };
    expect(hit('own')).toBe(90);
    expect(hit('any')).toBe(85);
    // Psionic Head Exploding Rays on a Clockwork Being: by default the rays kill it; literally it can't lose.
    const rays = (reading: string) => {
      let s = fixedGame([{ energy: 100, powers: ['psionic-head-exploding-rays'] }, { energy: 100, powers: ['clockwork-being'] }], { readings: { clockworkBeing: reading } });
      s = allocate(s, [alloc(2, {}, 70, { uses: [{ power: 0, x: 30, target: 1 }] }), alloc(2, { 0: 80 }, 20)]);
      s = allocate(s, [alloc(2, {}, s.heroes[0]!.energy), alloc(2, {}, s.heroes[1]!.energy)]);
      return s.heroes[1]!.alive;
    };
    expect(rays('rays')).toBe(false);
    expect(rays('clockwork')).toBe(true);
    // Plastic Ooze (hero 0) against a Flight user's attack: zeroed by Flight, it "landed" nowhere; literally it was made.
    const ooze = (reading: string) => {
      const s = fixedGame([{ energy: 100, powers: ['plastic-ooze'] }, { energy: 100, powers: ['flight'] }], { readings: { plasticOoze: reading } });
      return allocate(s, [alloc(2, {}, 90, { uses: [{ power: 0 }] }), alloc(2, { 0: 20 }, 75, { uses: [{ power: 0 }] })]).heroes[1]!.attackBanned;
    };
    expect(ooze('landed')).toBe(false);
    expect(ooze('allocated')).toBe(true);
  });

  it('3. Zypher turns one chosen power per use and has no Activate (Drain 10 each)', () => {
    // Hero 1 fires Laser Eyes twice at hero 0; hero 0 (Zypher) turns one, then both, onto hero 2.
    const s = fixedGame([{ energy: 50, powers: ['zypher'] }, { energy: 100, powers: ['laser-eyes'] }, { energy: 100 }]);
    const rev = allocate(s, [alloc(3, {}, 50), alloc(3, {}, 80, { uses: [{ power: 0, target: 0, times: 2 }] }), alloc(3, {}, 100)]);
    const turn = (times: number) => rumble.apply(rev, rumble.toMove(rev).map((p) => ({ t: 'reveal' as const, heroes: [p === 0 ? { uses: [{ power: 0, target: 2, victim: 1, times }] } : {}] })));
    expect(energies(turn(1))).toEqual([50 - 10 - 5, 100, 95]);
    expect(energies(turn(2))).toEqual([50 - 20, 100, 90]);
  });
});
