/**
 * Contract tests over generated content (the fuzz findings of issue #11): random powers
 * in the power-file vocabulary, dealt to random tables; every move a menu lists must be
 * accepted by `apply`, and no game may crash. Plus the configuration checks that turn a
 * set-up that cannot be played into one UserError before any game starts.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.js';
import { UserError } from '../../../src/core/errors.js';
import { rumble, rumbleOptions, MAX_CUSTOM_POWERS, type RumbleState } from '../../../src/games/rumble/index.js';
import { TRIGGERS } from '../../../src/games/rumble/powers/vocabulary.js';
import { alloc, allocate, fixedGame } from './helpers.js';
import { crucible } from '../../cli/helpers.js';

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.int(list.length)]!;
}

/** A random number in the vocabulary: literal, param, value, sum/min/max, another hero's stat. */
function num(rng: Rng, depth = 0): unknown {
  const r = rng.int(depth > 1 ? 3 : 6);
  if (r === 0) return rng.int(25);
  if (r === 1) return pick(rng, ['bonus', 'cost', 'factor']);
  if (r === 2) return pick(rng, ['energy', 'round', 'eventAmount', 'damageTaken', 'X', 'powerCount', 'paid']);
  if (r === 3) return { [pick(rng, ['sum', 'min', 'max', 'mul'])]: [num(rng, depth + 1), num(rng, depth + 1)] };
  return { stat: pick(rng, ['energy', 'defense', 'attackTotal']), of: pick(rng, ['strongest', 'weakest', 'opponents', 'self']) };
}

function action(rng: Rng, inUse: boolean): unknown {
  const to = (d: string[]) => pick(rng, inUse ? [...d, 'target'] : d);
  switch (rng.int(12)) {
    case 0: return { attack: { add: num(rng) } };
    case 1: return { defense: { add: num(rng), mul: pick(rng, [1, 2, 0.5]) } };
    case 2: return { energy: num(rng), to: to(['self', 'weakest']) };
    case 3: return { damage: num(rng), to: to(['opponents', 'all', 'eventSource', 'eventTarget', 'strongest']), blockable: rng.int(2) === 0 };
    case 4: return { vulnerable: num(rng), to: to(['strongest', 'opponents']) };
    case 5: return { nullifyAttacks: pick(rng, ['by-me', 'against-me', 'both']) };
    case 6: return { damageBonus: num(rng) };
    case 7: return { preventDamage: true };
    case 8: return { setDefense: num(rng), to: to(['strongest', 'self']) };
    case 9: return { removePower: { maxStrength: num(rng) }, from: to(['weakest', 'strongest']) };
    case 10: return { accumulate: num(rng) };
    default: return { defensePenalty: num(rng), to: to(['opponents', 'eventTarget']) };
  }
}

function condition(rng: Rng): unknown {
  const cmp = () => ({ value: num(rng), op: pick(rng, ['lt', 'lte', 'gt', 'gte', 'eq', 'ne']), than: num(rng) });
  return rng.int(3) === 0 ? { any: [cmp(), cmp()] } : cmp();
}

/** A random power; some have a use (Spend/Burn/Drain, numbers, params or X; targets; Activate). */
export function randomPower(rng: Rng, i: number): Record<string, unknown> {
  const hasUse = rng.int(2) === 0;
  const use = hasUse
    ? {
        [pick(rng, ['spend', 'burn', 'drain'])]: pick(rng, [0, 5, 10, 'cost', 'X'] as const),
        target: pick(rng, ['none', 'hero', 'opponent']),
        ...(rng.int(3) === 0 ? { activate: 1 + rng.int(2) } : {}),
        ...(rng.int(4) === 0 ? { exhaust: 1 + rng.int(3) } : {}),
      }
    : undefined;
  const triggers = TRIGGERS.filter((t) => t !== 'use' || hasUse);
  const effects = Array.from({ length: 1 + rng.int(2) }, () => {
    const when = pick(rng, triggers);
    return {
      when,
      ...(rng.int(2) === 0 ? { if: [condition(rng)] } : {}),
      ...(rng.int(4) === 0 ? { once: pick(rng, ['round', 'game']) } : {}),
      do: Array.from({ length: 1 + rng.int(2) }, () => action(rng, when === 'use')),
    };
  });
  return { id: `fz-${i}`, name: `Fuzz ${i}`, params: { cost: rng.int(12), bonus: rng.int(20), factor: pick(rng, [0.5, 2]) }, ...(use ? { use } : {}), effects };
}

describe('rumble over generated powers', () => {
  it('every move a menu lists is accepted by apply, and games end, over random menus of random powers', () => {
    const rng = new Rng(2024);
    for (let g = 0; g < 40; g++) {
      const powers = Array.from({ length: 6 }, (_, i) => randomPower(rng, i));
      const players = 2 + rng.int(3);
      const fixed = Array.from({ length: players }, () => ({ powers: Array.from({ length: rng.int(3) }, () => ({ id: `fz-${rng.int(6)}`, strength: rng.int(30) })) }));
      // Half the games hold generated powers fixed, half auction them with seed powers.
      const opts = rumbleOptions(
        g % 2 === 0
          ? { players, customPowers: powers, fixed, roundCap: 20 }
          : { players, customPowers: powers, auction: { pool: 'list', list: [...powers.map((p) => p['id'] as string), 'laser-eyes', 'zypher', 'precognition'] }, roundCap: 20 },
      );
      let s: RumbleState = rumble.setup(opts, g);
      while (!rumble.isTerminal(s)) {
        const movers = rumble.toMove(s);
        const menus = movers.map((p) => rumble.legalActions(s, p));
        const who = rng.int(movers.length);
        for (const a of menus[who]!) expect(() => rumble.apply(s, movers.map((_, i) => (i === who ? a : menus[i]![0]!)))).not.toThrow();
        s = rumble.apply(s, menus.map((m) => m[rng.int(m.length)]!));
      }
    }
  });

  it('every move of the decisions opened in issue #11 (picks, splits, twice, Zypher) is accepted by apply over random menus', () => {
    const rng = new Rng(77);
    const deck = ['javalin', 'combat-roll', 'lizard-dna', 'disarming-strike', 'galactic-ray-gun', 'galactic-helm', 'batman-captions', 'laser-eyes', 'zypher', 'precognition', 'quick-reflexes', 'sharp-knives', 'hypnotism', 'lazer-eyes'];
    const seen = new Set<string>();
    for (let g = 0; g < 12; g++) {
      const players = 3 + rng.int(2);
      const fixed = Array.from({ length: players }, () => ({ powers: Array.from({ length: 2 + rng.int(3) }, () => ({ id: pick(rng, deck), strength: rng.int(40) })) }));
      let s: RumbleState = rumble.setup(rumbleOptions({ players, fixed, roundCap: 15 }), g);
      while (!rumble.isTerminal(s)) {
        const movers = rumble.toMove(s);
        const menus = movers.map((p) => rumble.legalActions(s, p));
        const who = rng.int(movers.length);
        for (const a of menus[who]!) {
          if (a.t === 'alloc' && a.heroes.some((h) => h.uses?.some((u) => (u.times ?? 1) > 1))) seen.add('twice');
          if (a.t === 'reveal')
            for (const h of a.heroes) {
              if (h.picks?.length) seen.add(`pick ${s.heroes[movers[who]!]?.powers[h.picks[0]!.power]?.id}`);
              if (h.blockAmounts) seen.add('even split');
              if (h.uses?.some((u) => u.victim !== undefined)) seen.add('zypher victim');
              if (h.reflex !== undefined || h.precog) seen.add('precog/reflex');
            }
          expect(() => rumble.apply(s, movers.map((_, i) => (i === who ? a : menus[i]![0]!)))).not.toThrow();
          // The JSON copy (validated, not trusted) is accepted too.
          expect(() => rumble.apply(s, movers.map((_, i) => (i === who ? (JSON.parse(JSON.stringify(a)) as typeof a) : menus[i]![0]!)))).not.toThrow();
        }
        s = rumble.apply(s, menus.map((m) => m[rng.int(m.length)]!));
      }
    }
    for (const k of ['twice', 'even split', 'precog/reflex', 'pick javalin', 'pick disarming-strike', 'pick batman-captions']) expect([...seen]).toContain(k);
  });

  it('an illegal pick or block split is refused in one line naming the field', () => {
    const s = fixedGame([{ energy: 100, powers: ['javalin'] }, { energy: 100 }, { energy: 100 }]);
    const rev = allocate(s, [alloc(3, { 1: 30, 2: 10 }, 60), alloc(3, {}, 100), alloc(3, {}, 100)]);
    expect(rev.phase).toBe('reveal');
    const bad = (choice: Record<string, unknown>) => () => rumble.apply(rev, [{ t: 'reveal', heroes: [choice] }]);
    expect(bad({ picks: [{ power: 0, pick: 0 }] })).toThrow(/field picks\.pick is 0; allowed: another hero/);
    expect(bad({ picks: [{ power: 5, pick: 1 }] })).toThrow(/field picks\.power is 5/);
    expect(bad({ blockAmounts: [0, -3, 1] })).toThrow(/field blockAmounts/);
    expect(bad({ blockOrder: [9] })).toThrow(/field blockOrder/);
  });

  it('a Drain X power used at Reveal: the menu move gives X and apply accepts it (35 of 40 games failed)', () => {
    const opts = rumbleOptions({
      players: 2,
      customPowers: [{ id: 'dx', name: 'Drain X', use: { drain: 'X' }, effects: [{ when: 'resolve', do: [{ damageBonus: 1 }] }] }],
      fixed: [{ powers: [{ id: 'dx' }] }, {}],
    });
    const rng = new Rng(5);
    for (let g = 0; g < 40; g++) {
      let s = rumble.setup(opts, g);
      while (!rumble.isTerminal(s)) s = rumble.apply(s, rumble.toMove(s).map((p) => pick(rng, rumble.legalActions(s, p))));
    }
  });

  it('Energy stays whole when a power file adds a fractional bonus to damage (an Energy of 76.5 made the menu\'s own moves illegal)', () => {
    const half = { id: 'half', name: 'Half', params: { factor: 0.5 }, effects: [{ when: 'dealingDamage', do: [{ damageBonus: 'factor' }] }] };
    const s = fixedGame([{ energy: 100, powers: ['half'] }, { energy: 100, powers: [{ id: 'galactic-ray-gun', params: { factor: 1.5 } }] }], { customPowers: [half] });
    // 30 on 5 Defense: 25 + 0.5 = 25.5 damage, rounded to 26.
    const n = allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 95 }, 5)]);
    expect(n.heroes[1]!.energy).toBe(100 - 26);
    // 95 on 70 Defense, the Ray Gun's 1.5 x 25 = 37.5 (it rounds down itself).
    expect(n.heroes[0]!.energy).toBe(100 - 37);
    for (const p of rumble.toMove(n)) for (const m of rumble.legalActions(n, p)) expect(() => rumble.apply(n, rumble.toMove(n).map((q) => (q === p ? m : rumble.legalActions(n, q)[0]!)))).not.toThrow();
  });

  it('a dealtDamage effect that deals damage does not re-trigger itself (20 of 20 games overflowed the stack)', () => {
    const echo = { id: 'echo', name: 'Echo', effects: [{ when: 'dealtDamage', do: [{ damage: 5, to: 'eventTarget' }] }] };
    const s = fixedGame([{ energy: 100, powers: ['echo'] }, { energy: 100 }], { customPowers: [echo] });
    // 30 attack on 10 Defense: 20 damage, then the echo's 5 once (its own 5 triggers nothing more).
    expect(allocate(s, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 90 }, 10)]).heroes[1]!.energy).toBe(75);
    // Two heroes echoing each other: the chain is bounded and the round resolves.
    const both = fixedGame([{ energy: 100, powers: ['echo'] }, { energy: 100, powers: ['echo'] }], { customPowers: [echo] });
    const n = allocate(both, [alloc(2, { 1: 30 }, 70), alloc(2, { 0: 30 }, 70)]);
    expect(n.heroes.every((h) => Number.isFinite(h.energy))).toBe(true);
  });
});

describe('a configuration that cannot be set up is one UserError before any game', () => {
  const msg = (raw: unknown) => {
    try {
      rumbleOptions(raw);
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      expect((e as Error).message).not.toContain('\n');
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  const p = (id: string) => ({ id, name: id });

  it('fractional or negative counts of Energy are refused where the options are read', () => {
    expect(msg({ players: 2, fixed: [{ powers: [{ id: 'quick-reflexes', params: { cost: 0.5 } }] }, {}] })).toBe(
      'rumble options: field fixed.0.powers.0.params.cost is 0.5; allowed: a whole number >= 0 (it counts Energy or uses)',
    );
    expect(msg({ players: 2, fixed: [{ powers: [{ id: 'quick-reflexes', params: { cots: 5 } }] }, {}] })).toMatch(/field fixed\.0\.powers\.0\.params: unknown param `cots`; did you mean `cost`\?/);
    expect(msg({ players: 2, fixed: [{ powers: [{ id: 'tough-skin', params: { bonus: 1e308 } }] }, {}] })).toMatch(/params\.bonus is 1e\+308; allowed: a finite number/);
    expect(msg({ players: 2, fixed: [{ powers: [{ id: 'tuogh-skin' }] }, {}] })).toMatch(/unknown power `tuogh-skin`; did you mean `tough-skin`\?/);
    // Factors may be fractional.
    expect(() => rumbleOptions({ players: 2, fixed: [{ powers: [{ id: 'galactic-ray-gun', params: { factor: 1.5 } }] }, {}] })).not.toThrow();
  });

  it('duplicate ids, seed ids, too many powers, unknown lots', () => {
    expect(msg({ customPowers: [p('a'), p('a')] })).toBe('rumble options: field customPowers.1.id is "a"; allowed: each id once (it is given twice)');
    expect(msg({ customPowers: [p('tough-skin')] })).toMatch(/customPowers\.0\.id is "tough-skin"; allowed: an id no seed power has/);
    expect(msg({ customPowers: Array.from({ length: MAX_CUSTOM_POWERS + 1 }, (_, i) => p(`p${i}`)) })).toMatch(/at most 200/);
    expect(msg({ auction: { pool: 'list', list: ['lazer-eye'] } })).toMatch(/auction\.list\.0: unknown power `lazer-eye`; did you mean `lazer-eyes`\?/);
  });

  it('auction.list without pool "list" is refused, not silently ignored', () => {
    // Without pool: 'list' the lots would come from the random draw and the list would do nothing.
    expect(msg({ auction: { list: ['tough-skin', 'flight'] } })).toBe(
      'rumble options: field auction.list is ["tough-skin","flight"] with auction.pool "random"; allowed: a list only with auction.pool \'list\' (set "pool": "list", or use auction.from to restrict a random draw)',
    );
    expect(msg({ auction: { pool: 'all', list: ['tough-skin'] } })).toMatch(/^rumble options: field auction\.list is \["tough-skin"\] with auction\.pool "all"; allowed: /);
    // With the pool, or an empty list, it is accepted.
    expect(() => rumbleOptions({ auction: { pool: 'list', list: ['tough-skin'] } })).not.toThrow();
    expect(() => rumbleOptions({ auction: { pool: 'random', list: [] } })).not.toThrow();
  });

  it('the CLI exits 2 with that one line before any game', async () => {
    const r = await crucible(['play', 'rumble', '--games', '2', '--options', JSON.stringify({ auction: { list: ['tough-skin'] } }), '--out', path.join(os.tmpdir(), `crucible-rumble-list-${process.pid}`)]);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^error: rumble options: field auction\.list is \["tough-skin"\] with auction\.pool "random"; allowed: /)]);
    expect(msg({ customPowers: [{ id: 'c', name: 'C', params: { cost: 2.5 }, use: { spend: 'cost' } }] })).toBe('rumble options: field power c params.cost is 2.5; allowed: a whole number >= 0 (it counts Energy or uses)');
  });
});
